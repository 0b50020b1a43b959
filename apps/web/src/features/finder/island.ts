/**
 * PERF-06: what the finder page's island (src/finder-island.ts) and the React page agree on. Kept
 * free of React and Zod: the island imports it before the tap, within the 35 KB budget.
 */

/** Dispatched on window once the React page has hydrated the server's HTML: the island hands over. */
export const FINDER_READY_EVENT = 'toque:finder-ready';

/**
 * On a control the server renders disabled only because no script runs yet (the call panel's
 * fieldset, the language switch, the location button): the island enables it and queues the tap.
 */
export const AWAITS_SCRIPT = 'data-awaits-script';

/** The scan beacon's mark in the server's HTML: the code whose opening the island reports (FIND-01). */
export const SCAN_BEACON = 'data-scan-beacon';

/** The status the island shows on a call tap made before the call code arrived ('Preparando a chamada...'). */
export const PENDING = 'data-call-pending';

/** The alert the island shows when the call code cannot be loaded: the info stays, and a way forward. */
export const SCRIPT_FAILED = 'data-script-failed';

/** CONDO-16: the query parameter of a pass link (contracts' door.ts `PASS_QUERY`; island.test.ts pins them). */
export const PASS_QUERY = 'passe';

/**
 * PERF-06 (docs/decisions/0037, addendum 3): on a tag's call button, the tag's code — the island
 * starts the call itself on a tap made before the app runs. Not on a plate (its unit, its door).
 */
export const CALL_START = 'data-call-start';

/** The status the island shows once its call is made ('Chamando …', in the finder's language). */
export const CALL_RINGING = 'data-call-ringing';

/**
 * REL-06: the status the island shows while the server of its call is asked again (a database
 * outage's 503, or no answer), in the finder's language, as the app's own call says it.
 */
export const CALL_RETRYING = 'data-call-retrying';
