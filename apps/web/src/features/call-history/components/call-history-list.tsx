import { callUi } from '@toque/contracts/call-ui';
import type { CallHistoryItem } from '@toque/contracts/calls';
import { productLabel } from '@toque/contracts/constants';
import { useCallHistory } from '../api/get-call-history';
import { mapLink, outcomeOf } from '../outcome';

const when = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' });
const cell = 'px-3 py-3 align-top';

function Row({ call }: { call: CallHistoryItem }) {
  const tag = [call.tag_name || productLabel(call.product_id), call.unit_name].filter(Boolean).join(' · ');
  const answered = !!call.answered_at;
  return (
    <tr className="border-t border-slate-200" data-room={call.roomId}>
      <td className={cell}>
        <time dateTime={call.started_at}>{when.format(new Date(call.started_at))}</time>
      </td>
      <td className={cell}>
        <span className="font-medium">{tag}</span>{' '}
        <span className="font-mono text-sm text-slate-600">{call.tag_code}</span>
      </td>
      <td className={cell}>
        {call.latitude !== null && call.longitude !== null ? (
          <a
            href={mapLink(call.latitude, call.longitude)}
            target="_blank"
            rel="noopener noreferrer"
            className="text-brand-700 underline"
          >
            {callUi.history.seeOnMap}
          </a>
        ) : (
          callUi.history.noLocation
        )}
      </td>
      <td className={cell}>
        <span
          className={`rounded-full px-2 py-0.5 text-sm font-semibold ${answered ? 'bg-green-100 text-green-800' : 'bg-amber-100 text-amber-900'}`}
        >
          {outcomeOf(call)}
        </span>
      </td>
      <td className={`${cell} whitespace-pre-line`}>{call.message ?? callUi.history.noMessage}</td>
    </tr>
  );
}

/** CALL-11: when, which tag, where, answered or missed, message left. */
export function CallHistoryList() {
  const history = useCallHistory();
  if (history.isPending) return <p role="status">{callUi.history.loading}</p>;
  if (history.isError) return <p role="alert">{callUi.history.error(history.error.message)}</p>;
  if (history.data.length === 0) return <p>{callUi.history.empty}</p>;
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
      <table className="w-full text-left text-slate-800">
        <thead className="bg-slate-50 text-sm text-slate-700">
          <tr>
            <th scope="col" className={cell}>
              {callUi.history.when}
            </th>
            <th scope="col" className={cell}>
              {callUi.history.tag}
            </th>
            <th scope="col" className={cell}>
              {callUi.history.where}
            </th>
            <th scope="col" className={cell}>
              {callUi.history.outcome}
            </th>
            <th scope="col" className={cell}>
              {callUi.history.message}
            </th>
          </tr>
        </thead>
        <tbody>
          {history.data.map((call) => (
            <Row key={call.roomId} call={call} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
