import { reportScan } from './features/finder/api/report-scan';
import { evaluateInSteps, linkChunks } from './lib/app-start';
import { handOverCall, startCall, type StartedCall } from './features/finder/call-start';
import {
  AWAITS_SCRIPT,
  CALL_RETRYING,
  CALL_RINGING,
  CALL_START,
  FINDER_READY_EVENT,
  PENDING,
  SCAN_BEACON,
  SCRIPT_FAILED,
  PASS_QUERY,
} from './features/finder/island';

/**
 * PERF-06: the finder page's only script before the tap (docs/decisions/0037). The server's HTML
 * is already the whole page (PERF-05); this makes it answer a tap without React:
 * - reports the scan (FIND-01);
 * - enables the controls the HTML shows disabled until a script runs;
 * - on a fast connection without Save-Data, downloads the app's code (React, the page's components,
 *   the call) into the cache once the page has loaded, without parsing or running it; on Save-Data
 *   or 2G/3G it fetches nothing until the finder's first sign of life;
 * - on the first tap of a button (call, language, share location, a form's submit) holds the tap,
 *   runs the app — which hydrates the same HTML, so every state after the tap is the one React
 *   page the rest of the suite proves — and replays the tap on the same element; radios chosen
 *   before then are handed over, text fields wait read-only for it;
 * - a tag's call tapped before the app runs is started here at once (camera and microphone, the
 *   call made on the server: features/finder/call-start.ts, the app's own start), says 'Chamando …'
 *   as soon as the owner rings, and is handed to the app when it runs (docs/decisions/0037,
 *   addendum 3); any other call tap made before the code arrived says 'Preparando a chamada...'
 *   and still rings;
 *   code that cannot load leaves the information on screen and says how to go on.
 */

const root = document.getElementById('root');

for (const beacon of document.querySelectorAll<HTMLElement>(`[${SCAN_BEACON}]`)) {
  const code = beacon.getAttribute(SCAN_BEACON);
  if (code) reportScan(code);
}
for (const control of document.querySelectorAll<HTMLElement>(`[${AWAITS_SCRIPT}]`)) control.removeAttribute('disabled');

/** The app's chunks (boot, the finder route): fetched into the cache after the load, run on the first sign of life. */
const prefetch = root?.dataset.prefetch?.split(' ').filter(Boolean) ?? [];

/**
 * Links the app's chunks: `prefetch` only downloads them into the HTTP cache (nothing is parsed or
 * compiled); `modulepreload` also parses and compiles them, which Chromium does as soon as they
 * arrive — work on a slow phone's CPU that the page must not do before anyone touches it (issue
 * 35, docs/decisions/0037's addendum), so it waits for the first sign of life.
 */
function linkApp(rel: 'prefetch' | 'modulepreload') {
  return linkChunks(prefetch, rel);
}

/**
 * PERF-06/PERF-08: a connection that lets the page fetch ahead — not Save-Data, not 2G/3G
 * (Network Information API). A browser that does not say (Safari, Firefox) is taken as fast: the
 * prefetch costs it bytes, never main-thread work, and spares the first tap the network.
 */
function fetchAhead(): boolean {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } })
    .connection;
  return !connection?.saveData && !['slow-2g', '2g', '3g'].includes(connection?.effectiveType ?? '4g');
}

function whenIdle(run: () => void) {
  const idle = () =>
    'requestIdleCallback' in window ? requestIdleCallback(run, { timeout: 2000 }) : setTimeout(run, 200);
  if (document.readyState === 'complete') idle();
  else addEventListener('load', idle, { once: true });
}

let app: Promise<void> | undefined;
// After the load, on a fast connection, the app's code goes into the cache unless the app has already started.
if (fetchAhead())
  whenIdle(() => {
    if (!app) void linkApp('prefetch');
  });
/** The app runs and has the page: taps go straight to it. */
let hydrated = false;
/** The radios chosen before the app ran have been given to it. */
let handedOver = false;
/**
 * Taps go straight to the app only once it runs *and* has the radios chosen before it ran: a Call
 * tapped in the moment between the two would read the server's mode ('Com vídeo') from a radio the
 * hand-over has not given back yet (a loaded CI run called with video after 'Só voz' was shown chosen).
 */
const live = () => hydrated && handedOver;

/** Runs the app once: it hydrates #root and says so (FINDER_READY_EVENT, from FinderPage). */
function startApp(): Promise<void> {
  app ??= new Promise<void>((resolve, reject) => {
    addEventListener(FINDER_READY_EVENT, () => resolve(), { once: true });
    void linkApp('modulepreload');
    // BRW-01: Zod's jitless mode, set before Zod loads (as main.tsx does for every other page).
    const zodConfig = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
    zodConfig.__zod_globalConfig = { ...zodConfig.__zod_globalConfig, jitless: true };
    evaluateInSteps(prefetch)
      .then(() => import('./boot'))
      .catch(reject);
  }).then(
    () =>
      new Promise<void>((resolve) => {
        hydrated = true;
        // A tap that lands while React hydrates makes React finish hydrating inside the tap's click
        // event (and FinderPage says it is ready from there), but a radio's change event comes only
        // after that click: the hand-over waits for the tap to end, and the held taps wait for it.
        setTimeout(() => {
          handOver();
          resolve();
        }, 0);
      }),
  );
  return app;
}

const held: (() => void)[] = [];

function show(attribute: string, shown: boolean) {
  for (const element of document.querySelectorAll<HTMLElement>(`[${attribute}]`)) element.hidden = !shown;
}

/** The radios the finder chose before the app ran (the browser checked them, React knows nothing of it), by group. */
const chosen = new Map<string, HTMLInputElement>();

/**
 * Hands the radios over to React as if chosen now: hydration keeps the nodes' checked state but
 * React's state still holds the server's, and its next render would put that back. Through React's
 * own setter on the node the radio becomes unchecked, and a click checks it again, which React
 * sees as a change (its onChange takes the choice).
 */
function handOver() {
  for (const radio of chosen.values()) {
    radio.checked = false;
    radio.click();
  }
  chosen.clear();
  handedOver = true;
  for (const field of fields) field.readOnly = false;
}

/**
 * Text fields (a switched-off tag's message form, the in-app browser's message path) are read-only
 * until the app runs, and the app starts at once on such a page: typing is its whole purpose, and
 * text typed before hydration would be in the DOM but not in React's state (a race no hand-over
 * closes reliably while React hydrates concurrently).
 */
const fields = [
  ...(root?.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
    'textarea, input:not([type=radio]):not([type=checkbox]):not([type=hidden])',
  ) ?? []),
].filter((field) => !field.readOnly);
for (const field of fields) field.readOnly = true;

/** Holds a tap until the app runs, then replays it on the same element (hydration keeps the nodes). */
function hold(event: Event, replay: () => void, isCall: boolean) {
  event.preventDefault();
  event.stopImmediatePropagation();
  held.push(replay);
  if (isCall) show(PENDING, true);
  startApp().then(
    () => {
      show(PENDING, false);
      for (const run of held.splice(0)) run();
    },
    () => {
      show(PENDING, false);
      show(SCRIPT_FAILED, true);
      for (const field of fields) field.readOnly = false;
    },
  );
}

/** A tag's call button the island starts the call of (never without WebRTC: the app says why it cannot call). */
function islandCallButton(target: EventTarget | null): HTMLButtonElement | null {
  const button = target instanceof Element ? target.closest('button') : null;
  return button?.hasAttribute(CALL_START) && !button.disabled && typeof RTCPeerConnection === 'function'
    ? button
    : null;
}

/** The call this island started (one: a second tap before the app runs adds nothing). */
let islandCall: StartedCall | undefined;

/**
 * PERF-06: a tag's call, started on the tap (inside the user gesture, as the browser requires for
 * the camera) without waiting for the app: 'Preparando a chamada...' until the call is made, then
 * the server-rendered 'Chamando …'; the app takes the running call over when it has hydrated. A
 * camera refused, the quiet hours' 409, an error: the app shows them, in the finder's language,
 * as for any call it starts.
 */
function callNow(event: Event, button: HTMLButtonElement, code: string) {
  event.preventDefault();
  event.stopImmediatePropagation();
  if (islandCall) return;
  const panel = button.closest(`[${AWAITS_SCRIPT}]`);
  const voice = panel?.querySelector<HTMLInputElement>('input[type=radio][value=voice]')?.checked === true;
  const call = startCall({ code, mode: voice ? 'voice' : 'video', positionRequired: false, position: null });
  islandCall = call;
  show(PENDING, true);
  // REL-06: while the server is asked again, the page says so in the finder's language (the app's words).
  // The app, once it takes the call over, listens instead (StartedCall keeps one listener).
  call.onRetrying((retrying) => {
    show(CALL_RETRYING, retrying);
    show(PENDING, !retrying);
  });
  void call.outcome.then((outcome) => {
    // Made: 'Chamando …'. Refused or no camera: 'Preparando…' until the app says why.
    const made = outcome.media !== null && 'created' in outcome;
    show(CALL_RETRYING, false);
    show(PENDING, !made);
    show(CALL_RINGING, made);
  });
  // The app starts once the call is made (or refused): until then the phone's CPU is the call's.
  call.outcome.then(startApp).then(
    () => handOverCall(call),
    () => {
      // Without the app the call cannot be joined: the page says how to go on.
      show(PENDING, false);
      show(CALL_RETRYING, false);
      show(CALL_RINGING, false);
      show(SCRIPT_FAILED, true);
    },
  );
}

if (root) {
  // The finder's first sign of life — a finger down anywhere, a scroll towards the button, a key, a
  // focused field — starts the app, so that it is usually running before the call is tapped (on a
  // 4× slowed CPU the app's start and hydration cost ~1 s; measured in docs/decisions/0037).
  // A finger on a tag's call button is the exception: that tap starts the call first, and the app
  // once the call is made (its start would delay the call's own work on a slow phone's CPU).
  const early = (event: Event) => {
    if (app || islandCallButton(event.target)) return;
    void startApp().catch(() => undefined);
    for (const type of signsOfLife) removeEventListener(type, early, { capture: true });
  };
  const signsOfLife = ['pointerdown', 'scroll', 'keydown', 'focusin'];
  for (const type of signsOfLife) addEventListener(type, early, { passive: true, capture: true });

  // Radios work natively before the app runs; the choice is handed over to it. Heard on the
  // document, in the capture phase: while React hydrates, its own capture listener on #root stops
  // a tap's events on a part it has not hydrated yet (it cannot hydrate it inside the tap), so a
  // listener on #root never hears that change (reproduced 1 in 30 taps on a loaded machine).
  document.addEventListener(
    'change',
    (event) => {
      const radio = event.target;
      // A radio's change event means it was chosen, even if React's hydration has just reset the
      // node to the server's state inside the same tap (the hand-over checks it again).
      if (!handedOver && radio instanceof HTMLInputElement && radio.type === 'radio' && root.contains(radio))
        chosen.set(radio.name, radio);
    },
    true,
  );
  root.addEventListener(
    'click',
    (event) => {
      if (live()) return;
      const button = (event.target as Element | null)?.closest?.('button');
      // Links work as links; a disabled button has no tap to hold; a submit is held as the form's submit.
      if (!button || button.disabled || (button.type === 'submit' && button.form)) return;
      const code = islandCallButton(button)?.getAttribute(CALL_START);
      if (code) return callNow(event, button, code);
      const isCall = button.closest(`[${AWAITS_SCRIPT}]`)?.tagName === 'FIELDSET';
      hold(event, () => button.click(), isCall);
    },
    true,
  );
  root.addEventListener(
    'submit',
    (event) => {
      if (live()) return;
      const form = event.target as HTMLFormElement;
      hold(event, () => form.requestSubmit(), false);
    },
    true,
  );
}

// CONDO-16: a pass link's page shows the pass (and chooses its unit) as soon as it can.
if (fields.length > 0 || new URLSearchParams(location.search).has(PASS_QUERY)) void startApp().catch(() => undefined);

/**
 * FIND-06: a finder coming back to a conversation — its private link (`#conversa=`) or the token
 * this browser kept (`toque:conversa:{code}`, contracts' conversationStorageKey; not imported, the
 * contracts file holds Zod) — sees the thread at once: the app starts without waiting for a tap.
 */
function hasConversation(code: string): boolean {
  if (/(?:^#|&)conversa=/.test(location.hash)) return true;
  try {
    // A tag's thread, or a plate's thread with one of its units (`toque:conversa:{code}:{unit}`).
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key === `toque:conversa:${code}` || key?.startsWith(`toque:conversa:${code}:`)) return true;
    }
    return false;
  } catch {
    return false;
  }
}
const tagCode = document.querySelector(`[${SCAN_BEACON}]`)?.getAttribute(SCAN_BEACON);
if (tagCode && hasConversation(tagCode)) void startApp().catch(() => undefined);
