import { useEffect } from 'react';
import { reportScan } from '../api/report-scan';
import { SCAN_BEACON } from '../island';

/**
 * FIND-01: once the finder's page runs in a browser it reports the scan; the server decides whether
 * that alerts the owner (throttled per address). The server's HTML carries the mark the finder
 * page's island reports from before any React runs (PERF-06); a page reached inside the app
 * reports here. reportScan sends once a page load either way.
 */
export function ScanBeacon({ code }: { code: string }) {
  useEffect(() => reportScan(code), [code]);
  return <span hidden {...{ [SCAN_BEACON]: code }} />;
}
