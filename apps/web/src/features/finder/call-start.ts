import type { CreateCallBody, CreateCallResponse } from '@toque/contracts/calls';
import { api } from '@toque/contracts/routes';
import { apiClient } from '../../lib/api-client';
import { whileUnavailable } from '../../lib/retry-unavailable';
import { currentPosition, finderMedia, locatedFix, type CallMode, type Position } from './finder-media';

/**
 * CALL-02 / PERF-06: the start of the finder's call — camera and microphone, the position, and the
 * call made on the server (which rings the owner) — free of React and Zod, so that the finder page's
 * island (src/finder-island.ts) starts the call on the first tap while the app is still loading,
 * and the app's call (hooks/use-finder-call.ts) starts every later one the same way
 * (docs/decisions/0037, addendum 3). What follows the start (the socket, the room, the media link,
 * every screen after it) is the app's.
 */

export interface CallRequest {
  code: string;
  unitId?: number | undefined;
  /** CONDO-16: a pass link's token. */
  pass?: string | undefined;
  mode: CallMode;
  /** CONDO-17: a plate that rings only at its door waits for the position (the server judges it). */
  positionRequired: boolean;
  /** A position the page already has (the finder shared it before). */
  position: Position | null;
}

/** How the start ended: no camera/microphone (the message path), the call made, or the server's refusal. */
type CallStart =
  | { media: null }
  | { media: MediaStream; created: CreateCallResponse; sentAt: number; known: Position | null }
  | { media: MediaStream; error: unknown };

export interface StartedCall {
  request: CallRequest;
  /** The phone's position (null when refused, missing or too slow). */
  where: Promise<Position | null>;
  /** Never rejects: a refusal is an outcome. */
  outcome: Promise<CallStart>;
  /** The outcome once it is known (read synchronously by the app taking the call over). */
  settled(): CallStart | undefined;
  /** REL-06: `listener(true)` while the server is asked again (told the current state at once). */
  onRetrying(listener: (retrying: boolean) => void): void;
}

/**
 * Starts a call: both permission requests begin here, inside the tap (phone browsers only ask from a
 * user gesture, CALL-13). A position that came while the camera was starting goes with the call; a
 * server without its database (503), or no answer, is asked again (REL-06).
 */
export function startCall(request: CallRequest): StartedCall {
  const media = finderMedia(request.mode);
  const where = request.position ? Promise.resolve(request.position) : currentPosition();
  let early: Position | null = request.position;
  void where.then((found) => {
    early ??= found;
  });
  let retrying = false;
  let listener: ((retrying: boolean) => void) | undefined;
  let settled: CallStart | undefined;
  const outcome = (async (): Promise<CallStart> => {
    const local = await media;
    if (!local) return { media: null };
    try {
      // CALL-15: the call rings now; a position that is not there yet follows it.
      const known = request.positionRequired ? (early ?? (await where)) : early;
      const body: CreateCallBody = {
        code: request.code,
        ...(request.unitId ? { unitId: request.unitId } : {}),
        ...(request.pass ? { pass: request.pass } : {}),
        ...locatedFix(known),
      };
      const created = await whileUnavailable(
        () => apiClient.post<CreateCallResponse>(api.createCall, body),
        (now) => {
          retrying = now;
          listener?.(now);
        },
        { orNoAnswer: true },
      );
      return { media: local, created, sentAt: Date.now(), known };
    } catch (error) {
      return { media: local, error };
    }
  })().then((result) => (settled = result));
  return {
    request,
    where,
    outcome,
    settled: () => settled,
    onRetrying(next) {
      listener = next;
      next(retrying);
    },
  };
}

/** The call the island started before the app ran, until the app takes it over. */
let waiting: StartedCall | null = null;
/** The app's call panel, once it has hydrated: it goes on with the island's call. */
let taker: ((call: StartedCall) => void) | null = null;

/** The island hands its call over: to the app's call panel if it runs, else when it does. */
export function handOverCall(call: StartedCall) {
  if (taker) taker(call);
  else waiting = call;
}

/** The app's call panel takes the island's call, now or when it is started; returns the unsubscription. */
export function takeOverCalls(take: (call: StartedCall) => void): () => void {
  taker = take;
  const call = waiting;
  waiting = null;
  if (call) take(call);
  return () => {
    if (taker === take) taker = null;
  };
}
