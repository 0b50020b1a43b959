import { API_BASE } from '@toque/contracts/routes';
import { scansApi } from '@toque/contracts/scans-api';
import { tokenStorage } from '../../../lib/storage';

// Plain fetch, not lib/api-client: the finder page's island sends this before the tap, within the
// 35 KB budget (PERF-06); nothing on the page reads the answer.
/** Codes this page load reported already: by the island, or by ScanBeacon on a page reached inside the app. */
const reported = new Set<string>();

/**
 * POST /api/public/tags/:code/scan (FIND-01), once a page load: the page tells the server it was
 * opened in a browser — a link preview or a bot fetching the HTML never alerts the owner. Nothing
 * on the page changes either way.
 */
export function reportScan(code: string): void {
  if (reported.has(code)) return;
  reported.add(code);
  const token = tokenStorage.read();
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  fetch(`${API_BASE}${scansApi.scan(code)}`, { method: 'POST', headers }).catch(() => undefined);
}
