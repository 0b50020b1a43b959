import { Link } from 'react-router';
import { paths } from '@toque/contracts/routes';
import { productLabel } from '@toque/contracts/constants';
import { conversationsUi } from '@toque/contracts/conversations';
import { brasiliaDateTime } from '@toque/contracts/time-format';
import { Spinner } from '../../../components/ui/spinner';
import { useConversations } from '../api/conversations';
import { useLiveConversations, type LiveSocket } from '../live';


/** FIND-06: the owner's conversations, newest first, each with its unread count. */
export function ConversationList({ socket }: { socket: LiveSocket }) {
  useLiveConversations(socket);
  const list = useConversations();
  if (list.isPending) return <Spinner label={conversationsUi.title} />;
  if (list.isError) return <p role="alert">{list.error.message}</p>;
  const { conversations } = list.data;
  if (conversations.length === 0) return <p className="text-slate-700">{conversationsUi.empty}</p>;
  return (
    <ul className="space-y-2" aria-label={conversationsUi.title}>
      {conversations.map((c) => (
        <li key={c.id}>
          <Link
            to={paths.conversation(c.id)}
            className="block rounded-xl border border-slate-200 bg-white p-4 hover:bg-slate-50 focus-visible:outline-2"
          >
            <span className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-semibold text-slate-900">
                {c.tag_name.trim() || productLabel(c.product_id)}
                {c.unit_name ? ` · ${c.unit_name}` : ''}
              </span>
              <span className="text-sm text-slate-700">{brasiliaDateTime.format(new Date(c.last_message_at))}</span>
            </span>
            <span className="mt-1 block truncate text-slate-800">{c.last_message}</span>
            <span className="mt-2 flex flex-wrap gap-2 text-sm">
              <span className="rounded-full bg-slate-100 px-2 py-0.5 text-slate-800">{conversationsUi.states[c.state]}</span>
              {c.unread > 0 ? (
                <span className="rounded-full bg-brand-700 px-2 py-0.5 font-semibold text-white" data-testid="unread">
                  {conversationsUi.unread(c.unread)}
                </span>
              ) : null}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
