import { callUi } from '@toque/contracts/call-ui';
import { scanAlertText, type TagScan } from '@toque/contracts/scans';
import { useScanHistory } from '../api/get-scan-history';
import { mapLink } from '../outcome';
import { localDateTime } from '@toque/contracts/time-format';

function Entry({ scan }: { scan: TagScan }) {
  return (
    <li className="flex flex-wrap items-baseline gap-x-3 gap-y-1 border-t border-slate-200 px-3 py-3 first:border-t-0" data-scan={scan.id}>
      <time dateTime={scan.scannedAt} className="text-sm text-slate-600">
        {localDateTime.format(new Date(scan.scannedAt))}
      </time>
      <span className="font-medium text-slate-900">{scanAlertText({ ...scan, lost: false })}</span>
      {scan.lost ? (
        <span className="rounded-full bg-red-100 px-2 py-0.5 text-sm font-semibold text-red-800">{callUi.scans.lostMark}</span>
      ) : null}
      {scan.latitude !== null && scan.longitude !== null ? (
        <a href={mapLink(scan.latitude, scan.longitude)} target="_blank" rel="noopener noreferrer" className="text-brand-700 underline">
          {callUi.history.seeOnMap}
        </a>
      ) : null}
      <span className="font-mono text-sm text-slate-600">{scan.tagCode}</span>
    </li>
  );
}

/** FIND-01 / FIND-02: the scan alerts of the user's tags, a lost tag's marked 'perdido'. */
export function ScanHistoryList() {
  const history = useScanHistory();
  return (
    <section aria-labelledby="scan-history-heading" className="space-y-3">
      <div>
        <h2 id="scan-history-heading" className="text-xl font-bold text-slate-900">
          {callUi.scans.heading}
        </h2>
        <p className="text-slate-700">{callUi.scans.intro}</p>
      </div>
      {history.isPending ? <p role="status">{callUi.history.loading}</p> : null}
      {history.isError ? <p role="alert">{callUi.history.error(history.error.message)}</p> : null}
      {history.data?.length === 0 ? <p>{callUi.scans.empty}</p> : null}
      {history.data && history.data.length > 0 ? (
        <ul className="rounded-xl border border-slate-200 bg-white">
          {history.data.map((scan) => (
            <Entry key={scan.id} scan={scan} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
