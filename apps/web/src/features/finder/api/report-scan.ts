import { scansApi } from '@toque/contracts/scans';
import { apiClient } from '../../../lib/api-client';

/**
 * POST /api/public/tags/:code/scan (FIND-01): the page tells the server it was opened in a browser,
 * after hydration — a link preview or a bot fetching the HTML never alerts the owner.
 */
export async function reportScan(code: string): Promise<void> {
  await apiClient.post(scansApi.scan(code));
}
