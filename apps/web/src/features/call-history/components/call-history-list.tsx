import { Link } from 'react-router';
import { callUi } from '@toque/contracts/call-ui';
import { paths } from '@toque/contracts/routes';
import type { CallHistoryItem } from '@toque/contracts/calls';
import { productLabel } from '@toque/contracts/constants';
import { DataTable, type DataColumn } from '../../../components/ui/data-table';
import { useCallHistory } from '../api/get-call-history';
import { mapLink, outcomeOf } from '../outcome';
import { localDateTime } from '@toque/contracts/time-format';

const columns: DataColumn<CallHistoryItem>[] = [
  {
    header: callUi.history.when,
    cell: (call) => <time dateTime={call.started_at}>{localDateTime.format(new Date(call.started_at))}</time>,
  },
  {
    header: callUi.history.tag,
    cell: (call) => (
      <>
        <span className="font-medium">
          {[call.tag_name || productLabel(call.product_id), call.unit_name].filter(Boolean).join(' · ')}
        </span>{' '}
        <span className="font-mono text-sm text-slate-600">{call.tag_code}</span>
      </>
    ),
  },
  {
    header: callUi.history.where,
    cell: (call) =>
      call.latitude !== null && call.longitude !== null ? (
        <a
          href={mapLink(call.latitude, call.longitude)}
          target="_blank"
          rel="noopener noreferrer"
          className="tap-target whitespace-nowrap text-brand-700 underline"
        >
          {callUi.history.seeOnMap}
        </a>
      ) : (
        callUi.history.noLocation
      ),
  },
  {
    header: callUi.history.outcome,
    cell: (call) => (
      <span
        className={`rounded-full px-2 py-0.5 text-sm font-semibold whitespace-nowrap ${call.answered_at ? 'bg-green-100 text-green-800' : 'bg-amber-100 text-amber-900'}`}
      >
        {outcomeOf(call)}
      </span>
    ),
  },
  {
    header: callUi.history.message,
    cell: (call) => (
      <>
        {call.message ?? callUi.history.noMessage}
        {call.conversation_id ? (
          // FIND-13: the message is a conversation's: the owner answers it there.
          <Link
            to={paths.conversation(call.conversation_id)}
            className="tap-target mt-1 block font-medium text-brand-700 underline"
          >
            {callUi.history.openConversation}
          </Link>
        ) : null}
        {call.callback_contact ? (
          <span className="mt-1 block font-medium text-slate-900" data-callback>
            {callUi.history.callback(call.callback_contact)}
          </span>
        ) : null}
      </>
    ),
    className: 'whitespace-pre-line',
  },
];

/** CALL-11: when, which tag, where, answered or missed, message left; cards on a phone (ACC-06). */
export function CallHistoryList() {
  const history = useCallHistory();
  if (history.isPending) return <p role="status">{callUi.history.loading}</p>;
  if (history.isError) return <p role="alert">{callUi.history.error(history.error.message)}</p>;
  if (history.data.length === 0) return <p>{callUi.history.empty}</p>;
  return (
    <DataTable
      caption={callUi.history.heading}
      columns={columns}
      rows={history.data}
      rowKey={(call) => call.roomId}
      rowData={(call) => ({ 'data-room': call.roomId })}
      className="rounded-xl border border-slate-200 bg-white"
    />
  );
}
