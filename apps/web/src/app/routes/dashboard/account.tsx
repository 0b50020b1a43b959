import { ui } from '@toque/contracts/ui';
import { accountCopy } from '../../../content/pages';
import { AccountForm } from '../../../features/profile/components/account-form';
import { ConsentRecord } from '../../../features/profile/components/consent-record';
import { ContactForm } from '../../../features/profile/components/contact-form';
import { MyData } from '../../../features/profile/components/my-data';

const card = 'mt-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm';

/** ACC-01/02: name and password; ACC-03: contact data, the data export and the deletion; ACC-07: the consent on record. */
export function AccountPage() {
  return (
    <section className="max-w-xl">
      <title>{`${ui.headings.account} | Toque`}</title>
      <h1 className="text-3xl font-bold text-slate-900">{ui.headings.account}</h1>
      <p className="mt-2 text-slate-700">{accountCopy.intro}</p>
      <div className={card}>
        <AccountForm />
      </div>
      <div className={card}>
        <ContactForm />
      </div>
      <div className={card}>
        <ConsentRecord />
      </div>
      <div className={card}>
        <MyData />
      </div>
    </section>
  );
}
