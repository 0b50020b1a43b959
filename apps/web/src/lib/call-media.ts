import { useCallback, useEffect, useReducer, useState } from 'react';

/**
 * FIND-04: the microphone of a call off and on. The track stays in the call and sends silence
 * (`enabled = false`), so turning it back on needs no renegotiation.
 */
export function useMicrophone(stream: MediaStream | null): { muted: boolean; toggle: () => void } {
  const [, changed] = useReducer((n: number) => n + 1, 0);
  const audio = stream?.getAudioTracks() ?? [];
  const muted = audio.length > 0 && audio.every((track) => !track.enabled);
  const toggle = useCallback(() => {
    for (const track of stream?.getAudioTracks() ?? []) track.enabled = muted;
    changed();
  }, [stream, muted]);
  return { muted, toggle };
}

/** How long a remote camera must stay muted before it counts as off: a starting video is muted until its first frame. */
const MUTED_FOR_MS = 1500;

/**
 * FIND-04: whether the other side's camera is off — no video track (a voice-only call), or its
 * track ended or muted (no frames) for a moment. False while there is no stream yet.
 */
export function useRemoteCameraOff(stream: MediaStream | null): boolean {
  const [, changed] = useReducer((n: number) => n + 1, 0);
  const [mutedLong, setMutedLong] = useState(false);
  useEffect(() => {
    if (!stream) return;
    const watched = new Set<MediaStreamTrack>();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      changed();
      clearTimeout(timer);
      const video = stream.getVideoTracks()[0];
      setMutedLong(false);
      if (video?.muted) timer = setTimeout(() => setMutedLong(video.muted), MUTED_FOR_MS);
    };
    const watch = () => {
      for (const track of stream.getVideoTracks()) {
        if (watched.has(track)) continue;
        watched.add(track);
        for (const event of ['mute', 'unmute', 'ended']) track.addEventListener(event, check);
      }
      check();
    };
    stream.addEventListener('addtrack', watch);
    stream.addEventListener('removetrack', check);
    watch();
    return () => {
      clearTimeout(timer);
      stream.removeEventListener('addtrack', watch);
      stream.removeEventListener('removetrack', check);
      for (const track of watched) for (const event of ['mute', 'unmute', 'ended']) track.removeEventListener(event, check);
    };
  }, [stream]);
  if (!stream) return false;
  const video = stream.getVideoTracks()[0];
  return !video || video.readyState === 'ended' || (video.muted && mutedLong);
}
