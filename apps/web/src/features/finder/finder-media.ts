export interface Position {
  latitude: number;
  longitude: number;
}

const LOCATION_TIMEOUT_MS = 15_000;

/** The finder's position, or null when refused, unavailable or too slow (CALL-13: the call goes on without it). */
export function currentPosition(): Promise<Position | null> {
  if (!('geolocation' in navigator)) return Promise.resolve(null);
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      (p) => resolve({ latitude: p.coords.latitude, longitude: p.coords.longitude }),
      () => resolve(null),
      { enableHighAccuracy: true, timeout: LOCATION_TIMEOUT_MS, maximumAge: 60_000 },
    );
  });
}

/** Camera and microphone, or null when refused or missing: the finder then leaves a message. */
export async function finderMedia(): Promise<MediaStream | null> {
  if (!navigator.mediaDevices?.getUserMedia) return null;
  try {
    return await navigator.mediaDevices.getUserMedia({ audio: true, video: { facingMode: 'user' } });
  } catch {
    return null;
  }
}

/** Drops null coordinates from a request body (the API takes them as optional numbers). */
export function located(position: Position | null): Partial<Position> {
  return position ? { latitude: position.latitude, longitude: position.longitude } : {};
}
