import type { ReactNode } from 'react';
import { DataTable, type DataColumn } from '../../../components/ui/data-table';
import { contact } from '../../../content/contact';
import { financeCopy as copy } from '../copy';

function Card({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id={id} className="text-xl font-bold text-slate-900">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

type Payment = (typeof copy.history.rows)[number];
const [dateHeader, amountHeader, methodHeader, statusHeader] = copy.history.headers;

/** FIN-01's payment history: a table, cards on a phone (ACC-06). */
const historyColumns: DataColumn<Payment>[] = [
  { header: dateHeader, cell: (row) => row.date },
  { header: amountHeader, cell: (row) => row.amount, className: 'font-semibold' },
  { header: methodHeader, cell: (row) => row.method },
  {
    header: statusHeader,
    cell: (row) => (
      <span className="rounded-full bg-green-100 px-2 py-0.5 text-sm font-semibold text-green-900">{row.status}</span>
    ),
  },
];

/** FIN-01: plan status, linked card, warnings and renewal, financial support, payment history. */
export function FinanceOverview() {
  return (
    <div className="space-y-6">
      <p className="rounded-lg bg-amber-50 px-4 py-3 text-amber-950">{copy.demoNote}</p>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card id="financeiro-plano" title={copy.plan.title}>
          <dl className="grid grid-cols-2 gap-4">
            {copy.plan.rows.map((row) => (
              <div key={row.term}>
                <dt className="text-sm text-slate-600">{row.term}</dt>
                <dd className="font-semibold text-slate-900">{row.value}</dd>
              </div>
            ))}
          </dl>
        </Card>
        <Card id="financeiro-cartao" title={copy.card.title}>
          <div className="rounded-xl bg-gradient-to-br from-brand-800 to-brand-600 p-5 text-white">
            <p className="text-sm">{copy.card.brand}</p>
            <p className="mt-4 font-mono text-lg tracking-widest">
              <span className="sr-only">{copy.card.label}</span>
              <span aria-hidden="true">{copy.card.number}</span>
            </p>
            <p className="mt-4 flex justify-between text-sm">
              <span>{copy.card.holder}</span>
              <span>{copy.card.expiry}</span>
            </p>
          </div>
        </Card>
        <Card id="financeiro-avisos" title={copy.renewal.title}>
          <ul className="list-disc space-y-2 pl-5 text-slate-700">
            {copy.renewal.items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </Card>
        <Card id="financeiro-suporte" title={copy.support.title}>
          <p className="text-slate-700">{copy.support.text}</p>
          <p className="mt-3 text-slate-700">{contact.hours}</p>
          <p className="mt-3 flex flex-wrap gap-4">
            <a
              href={contact.whatsappHref}
              target="_blank"
              rel="noopener noreferrer"
              className="tap-target font-semibold text-brand-700 underline underline-offset-4"
            >
              {contact.whatsappLabel}
            </a>
            <a href={contact.emailHref} className="tap-target font-semibold text-brand-700 underline underline-offset-4">
              {contact.email}
            </a>
          </p>
        </Card>
      </div>
      <Card id="financeiro-historico" title={copy.history.title}>
        <DataTable
          caption={copy.history.caption}
          columns={historyColumns}
          rows={copy.history.rows}
          rowKey={(row) => row.date}
        />
      </Card>
    </div>
  );
}
