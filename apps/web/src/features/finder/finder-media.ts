export interface Position {
  latitude: number;
  longitude: number;
  /** CONDO-17: the fix's accuracy in metres (the browser's `coords.accuracy`). */
  accuracy?: number;
}

const LOCATION_TIMEOUT_MS = 15_000;

/** The finder's position, or null when refused, unavailable or too slow (CALL-13: the call goes on without it). */
export function currentPosition(): Promise<Position | null> {
  if (!('geolocation' in navigator)) return Promise.resolve(null);
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      (p) => resolve({ latitude: p.coords.latitude, longitude: p.coords.longitude, accuracy: p.coords.accuracy }),
      () => resolve(null),
      { enableHighAccuracy: true, timeout: LOCATION_TIMEOUT_MS, maximumAge: 60_000 },
    );
  });
}

/** The position if the phone gives it within `ms`, else null (a message does not wait 15 s for it: CALL-15). */
export function positionWithin(ms: number): Promise<Position | null> {
  return Promise.race([currentPosition(), new Promise<null>((resolve) => setTimeout(() => resolve(null), ms))]);
}

/** FIND-04: a video call, or voice only (the camera is not even asked for). */
export type CallMode = 'video' | 'voice';
export type Facing = 'user' | 'environment';

/** Camera (front) and microphone, or the microphone alone; null when refused or missing: the finder then leaves a message. */
export async function finderMedia(mode: CallMode = 'video'): Promise<MediaStream | null> {
  if (!navigator.mediaDevices?.getUserMedia) return null;
  try {
    return await navigator.mediaDevices.getUserMedia(
      mode === 'voice' ? { audio: true } : { audio: true, video: { facingMode: 'user' } },
    );
  } catch {
    return null;
  }
}

/**
 * FIND-04: a track of the camera facing `facing` (an ideal, not exact, constraint: a device with one
 * camera gives that one). Many phones cannot open a second camera while one is open: when the
 * first request fails, the current track is stopped and the request made again.
 */
export async function cameraTrack(facing: Facing, current: MediaStreamTrack): Promise<MediaStreamTrack> {
  const ask = async () => {
    const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: facing } });
    const track = stream.getVideoTracks()[0];
    if (!track) throw new Error('no video track');
    return track;
  };
  try {
    return await ask();
  } catch {
    current.stop();
    return ask();
  }
}

/** Drops null coordinates from a request body (the API takes them as optional numbers). */
export function located(position: Position | null): Partial<Position> {
  return position ? { latitude: position.latitude, longitude: position.longitude } : {};
}

/** CONDO-17: the same with the fix's accuracy, for a new call (a plate that rings only at its door judges it). */
export function locatedFix(position: Position | null): Partial<Position> {
  if (!position) return {};
  const accuracy = position.accuracy;
  return {
    ...located(position),
    ...(accuracy !== undefined && Number.isFinite(accuracy) && accuracy >= 0 ? { accuracy: Math.ceil(accuracy) } : {}),
  };
}
