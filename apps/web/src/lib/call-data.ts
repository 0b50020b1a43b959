import { callData, type CallData } from '@toque/contracts/calls';
import { latitude, longitude } from '@toque/contracts/geo';
import { storageKeys } from '@toque/contracts/constants';

const listeners = new Set<() => void>();
let cached: { raw: string | null; data: CallData | null } = { raw: null, data: null };

function readRaw(): string | null {
  try {
    return window.sessionStorage.getItem(storageKeys.callData);
  } catch {
    return null;
  }
}

function parse(raw: string | null): CallData | null {
  if (!raw) return null;
  try {
    const parsed = callData.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function changed() {
  for (const listener of listeners) listener();
}

/**
 * The ringing call's {roomId, latitude, longitude} in sessionStorage under `callData` (CALL-04):
 * written when `incoming-call` arrives (or a notification is clicked), read by /call, removed
 * 3 s after answering. Same-tab subscribers are told of every change.
 */
export const callDataStorage = {
  /** The same object while the stored text is unchanged (useSyncExternalStore needs that). */
  read(): CallData | null {
    const raw = readRaw();
    if (raw !== cached.raw) cached = { raw, data: parse(raw) };
    return cached.data;
  },
  write(data: CallData): void {
    try {
      window.sessionStorage.setItem(storageKeys.callData, JSON.stringify(callData.parse(data)));
    } catch {
      // Storage refused (privacy mode): /call then has nothing to show, as with no call.
    }
    changed();
  },
  clear(): void {
    try {
      window.sessionStorage.removeItem(storageKeys.callData);
    } catch {
      // Nothing stored.
    }
    changed();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

const coordinate = (value: string | null) => (value === null || value.trim() === '' ? Number.NaN : Number(value));

/** A notification click opens `/call?roomId=..&lat=..&lng=..` (CALL-03): the data those carry, if any. */
export function callDataFromQuery(search: string): CallData | null {
  const params = new URLSearchParams(search);
  const roomId = params.get('roomId');
  if (!roomId) return null;
  const lat = latitude.safeParse(coordinate(params.get('lat')));
  const lng = longitude.safeParse(coordinate(params.get('lng')));
  // A place is both coordinates, valid, or none.
  const place =
    lat.success && lng.success ? { latitude: lat.data, longitude: lng.data } : { latitude: null, longitude: null };
  const parsed = callData.safeParse({ roomId, ...place });
  return parsed.success ? parsed.data : null;
}

/** The URL a notification opens for a call (the service worker builds the same). */
export function callUrl(data: CallData): string {
  const params = new URLSearchParams({ roomId: data.roomId });
  if (data.latitude !== null) params.set('lat', String(data.latitude));
  if (data.longitude !== null) params.set('lng', String(data.longitude));
  return `/call?${params.toString()}`;
}
