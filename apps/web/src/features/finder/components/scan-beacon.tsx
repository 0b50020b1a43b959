import { useEffect } from 'react';
import { reportScan } from '../api/report-scan';

/** Codes this page load reported already (a StrictMode remount must not report twice). */
const reported = new Set<string>();

/**
 * FIND-01: once the finder's page runs in a browser it reports the scan; the server decides whether
 * that alerts the owner (throttled per address). Nothing changes on the page either way.
 */
export function ScanBeacon({ code }: { code: string }) {
  useEffect(() => {
    if (reported.has(code)) return;
    reported.add(code);
    reportScan(code).catch(() => undefined);
  }, [code]);
  return null;
}
