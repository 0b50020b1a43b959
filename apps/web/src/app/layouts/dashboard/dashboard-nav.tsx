import { useId, useState } from 'react';
import { NavLink } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import {
  dashboardAdminNav,
  dashboardContactLabel,
  dashboardNavAfterContact,
  dashboardNavBeforeContact,
  navLabels,
  type NavItem,
} from '../../../content/navigation';
import { support } from '../../../content/site';
import { buyLabel, storeLinks } from '../../../content/store';
import { useSession } from '../../../lib/use-session';
import { condoUi } from '@toque/contracts/admin-ui';
import { paths } from '@toque/contracts/routes';
import { conversationsUi } from '@toque/contracts/conversations';
import { useConversationUnread } from '../../../features/conversations/api/conversations';
import { useOwnedPlates } from '../../../features/products/hooks/use-owned-plates';

/** CONDO-14: the síndico's building, in the menu of whoever owns a plate. */
const myCondominiumNav: readonly NavItem[] = [{ label: condoUi.manage.nav, to: paths.myCondominium }];

const itemClass = ({ isActive }: { isActive: boolean }) =>
  `flex min-h-11 items-center rounded-lg px-3 py-2 text-sm font-medium ${
    isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-800 hover:bg-slate-100'
  }`;

function Items({ items }: { items: readonly NavItem[] }) {
  return items.map((item) => (
    <li key={item.to}>
      <NavLink to={item.to} end={item.end ?? false} className={itemClass}>
        {item.label}
      </NavLink>
    </li>
  ));
}

/** Contato: support hours, WhatsApp and the FAQ, opened in place. */
function ContactPanel() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <li>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((value) => !value)}
        className="flex min-h-11 w-full items-center justify-between rounded-lg px-3 py-2 text-left text-sm font-medium text-slate-800 hover:bg-slate-100"
      >
        {dashboardContactLabel}
        <span aria-hidden="true">{open ? '−' : '+'}</span>
      </button>
      {open ? (
        <div id={panelId} className="mx-3 mt-1 space-y-1 rounded-lg bg-slate-100 p-3 text-sm text-slate-800">
          <p className="font-semibold">{support.title}</p>
          <p>{support.hours}</p>
          <p>
            <a
              href={support.whatsappUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="tap-target text-brand-700 underline"
            >
              {support.whatsappLabel}
            </a>
          </p>
          <p>
            <a href={support.faqPath} className="tap-target text-brand-700 underline">
              {support.faqLabel}
            </a>
          </p>
        </div>
      ) : null}
    </li>
  );
}

/** FIND-06: Conversas, beside Chamadas, with the unread count. */
function ConversationsNav() {
  const unread = useConversationUnread().data?.unread ?? 0;
  return (
    <li>
      <NavLink to={paths.conversations} className={itemClass}>
        <span className="flex w-full items-center justify-between gap-2">
          {conversationsUi.nav}
          {unread > 0 ? (
            <span className="rounded-full bg-brand-700 px-2 text-xs font-semibold text-white" data-testid="nav-unread">
              <span aria-hidden="true">{unread}</span>
              <span className="sr-only">{conversationsUi.unread(unread)}</span>
            </span>
          ) : null}
        </span>
      </NavLink>
    </li>
  );
}

/** DASH-02: the dashboard menu; admins also see the administration pages. */
export function DashboardNav() {
  const { isToqueAdmin } = useSession();
  const { plates } = useOwnedPlates();
  return (
    <nav aria-label={navLabels.dashboardMenu} className="flex flex-col gap-4 p-4">
      <ul className="flex flex-col gap-1">
        <Items items={dashboardNavBeforeContact} />
        {plates.length > 0 ? <Items items={myCondominiumNav} /> : null}
        <ContactPanel />
        <Items items={dashboardNavAfterContact} />
        <ConversationsNav />
        {isToqueAdmin ? <Items items={dashboardAdminNav} /> : null}
      </ul>
      <a
        href={storeLinks.store}
        target="_blank"
        rel="noopener noreferrer"
        className={buttonClasses('primary', 'md', 'w-full')}
      >
        {buyLabel}
      </a>
    </nav>
  );
}
