import type { PublicTag } from './calls';
import type { FinderLang } from './finder-text';

/**
 * PERF-05: what the server found for /t/{code}, rendered into the finder's page and embedded in it
 * as `<script type="application/json" id={FINDER_DATA_ID}>` — the client starts from it instead of
 * fetching GET /api/public/tags/:code again. Only the public view of the tag (CALL-02).
 */
export interface FinderSeed {
  /** The code as it is in the page's address (the route parameter). */
  code: string;
  /** The visitor's browser is an app's webview: the page offers the text message (CALL-13). */
  inApp: boolean;
  /** FIND-03: the finder's language, from the switch's cookie or else `Accept-Language`. */
  lang: FinderLang;
  /** The tag, when it was found. */
  tag?: PublicTag;
  /** What stands instead of the tag: unknown (404) or too many views from this address (429). */
  error?: { status: number; message: string; retryAfterS?: number };
}

export const FINDER_DATA_ID = 'finder-data';
