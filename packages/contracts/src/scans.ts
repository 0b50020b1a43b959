import { z } from 'zod';
import { callUi } from './call-ui';
import { latitude, longitude } from './geo';
import { productLabel } from './constants';
import { callMsg } from './messages';

/**
 * Scan alerts and lost mode (FIND-01, FIND-02): the finder's page reports that it was opened, the
 * finder may share where they are without calling, and the owner sees every alert live, by push
 * and in the history.
 */

/** POST /api/public/tags/:code/location — the finder shares their position without calling (FIND-01). */
export const shareLocationBody = z.object({ latitude, longitude });
export type ShareLocationBody = z.infer<typeof shareLocationBody>;

/** One alert: what the owner's dashboard, the push notification and the history show. */
const tagScan = z.object({
  id: z.number().int(),
  tagCode: z.string(),
  tagName: z.string(),
  productId: z.number().int(),
  /** The tag was in lost mode when it was scanned. */
  lost: z.boolean(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** From the reverse geocoder, when the finder shared a position. */
  locality: z.string().nullable(),
  scannedAt: z.string(),
});
export type TagScan = z.infer<typeof tagScan>;

/** GET /api/scans/history — the alerts of the user's tags, newest first. */
export const scanHistory = z.array(tagScan);

/** The paths live in scans-api.ts, which has no Zod: the finder page's island (PERF-06) imports them alone. */
export { scansApi } from './scans-api';

/**
 * FIND-01: what the owner reads about one alert — the dashboard's toast, the push notification
 * (the server sends it ready-made, so the service worker shows the same words) and the history.
 */
export function scanAlertText(scan: Pick<TagScan, 'tagName' | 'productId' | 'locality' | 'lost'>): string {
  const label = scan.tagName.trim() || productLabel(scan.productId);
  const text = scan.locality ? callMsg.scannedAt(label, scan.locality) : callMsg.scanned(label);
  return scan.lost ? `${text} (${callUi.scans.lostMark})` : text;
}
