import { useEffect, useId, useRef, useState } from 'react';
import {
  RECORDING_AUDIO_BITS_PER_SECOND,
  RECORDING_MAX_SECONDS,
  RECORDING_VIDEO_BITS_PER_SECOND,
  pickRecordingType,
  recordingFinderText,
  recordingMsg,
  type RecordingKind,
} from '@toque/contracts/recordings';
import { StreamVideo } from '../../../components/stream-video';
import { Button } from '../../../components/ui/button';
import { isApiError } from '../../../lib/api-client';
import { useFinderText } from '../i18n';

type Phase = 'idle' | 'starting' | 'recording' | 'review' | 'sending';
type Clip = { blob: Blob; url: string; kind: RecordingKind };

const clock = (seconds: number) => `0:${String(Math.max(0, seconds)).padStart(2, '0')}`;

/** The server's Portuguese refusal in the finder's language (FIND-03); any other text as it came. */
function inLanguage(server: Record<keyof typeof recordingMsg, string>, message: string): string {
  const key = (Object.keys(recordingMsg) as (keyof typeof recordingMsg)[]).find((k) => recordingMsg[k] === message);
  return key ? server[key] : message;
}

/**
 * FIND-12 (docs/decisions/0056): after a call nobody answered, the finder records up to 30 s of voice
 * or video (MediaRecorder: WebM where the browser records it, else MP4 — Safari), sees a countdown,
 * the recording stops by itself at 30 s, plays it back, records again or sends it. Loaded only when
 * the finder opens it (PERF-06: never in the finder page's first load).
 */
export function RecordingForm({ onSend }: { onSend: (file: Blob) => Promise<void> }) {
  const { lang } = useFinderText();
  const r = recordingFinderText[lang];
  const name = useId();
  const [kind, setKind] = useState<RecordingKind>('video');
  const [phase, setPhase] = useState<Phase>('idle');
  const [live, setLive] = useState<MediaStream | null>(null);
  const [clip, setClip] = useState<Clip | null>(null);
  const [left, setLeft] = useState(RECORDING_MAX_SECONDS);
  const [error, setError] = useState<string | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  const stream = useRef<MediaStream | null>(null);
  const clipUrl = useRef<string | null>(null);

  // Whatever happens, the camera is released and the recording's URL freed when the form goes.
  useEffect(
    () => () => {
      if (recorder.current?.state === 'recording') recorder.current.stop();
      stream.current?.getTracks().forEach((t) => t.stop());
      if (clipUrl.current) URL.revokeObjectURL(clipUrl.current);
    },
    [],
  );

  // The countdown; at 30 s the recorder stops by itself.
  useEffect(() => {
    if (phase !== 'recording') return;
    const started = performance.now();
    const tick = () => {
      const remaining = RECORDING_MAX_SECONDS - Math.floor((performance.now() - started) / 1000);
      setLeft(remaining);
    };
    const timer = window.setInterval(tick, 250);
    const stopAt = window.setTimeout(() => {
      if (recorder.current?.state === 'recording') recorder.current.stop();
    }, RECORDING_MAX_SECONDS * 1000);
    return () => {
      window.clearInterval(timer);
      window.clearTimeout(stopAt);
    };
  }, [phase]);

  function forget() {
    if (clipUrl.current) URL.revokeObjectURL(clipUrl.current);
    clipUrl.current = null;
    setClip(null);
  }

  async function start() {
    setError(null);
    forget();
    if (typeof MediaRecorder === 'undefined' || !navigator.mediaDevices?.getUserMedia) {
      setError(r.unsupported);
      return;
    }
    const type = pickRecordingType(kind, (t) => MediaRecorder.isTypeSupported(t));
    if (!type) {
      setError(r.unsupported);
      return;
    }
    setPhase('starting');
    let media: MediaStream;
    try {
      media = await navigator.mediaDevices.getUserMedia({
        audio: true,
        video: kind === 'video' ? { facingMode: 'user', width: { ideal: 640 }, height: { ideal: 480 } } : false,
      });
    } catch {
      setPhase('idle');
      setError(r.cameraRefused);
      return;
    }
    stream.current = media;
    const chosen = kind;
    const rec = new MediaRecorder(media, {
      mimeType: type,
      audioBitsPerSecond: RECORDING_AUDIO_BITS_PER_SECOND,
      ...(chosen === 'video' ? { videoBitsPerSecond: RECORDING_VIDEO_BITS_PER_SECOND } : {}),
    });
    const chunks: Blob[] = [];
    rec.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    rec.onstop = () => {
      media.getTracks().forEach((t) => t.stop());
      stream.current = null;
      const blob = new Blob(chunks, { type: type.split(';')[0] });
      const url = URL.createObjectURL(blob);
      clipUrl.current = url;
      setLive(null);
      setClip({ blob, url, kind: chosen });
      setPhase('review');
    };
    recorder.current = rec;
    rec.start(1000);
    setLeft(RECORDING_MAX_SECONDS);
    setLive(media);
    setPhase('recording');
  }

  function stop() {
    if (recorder.current?.state === 'recording') recorder.current.stop();
  }

  async function send() {
    if (!clip) return;
    setPhase('sending');
    setError(null);
    try {
      await onSend(clip.blob);
    } catch (e) {
      setError(isApiError(e) && e.status !== 0 ? inLanguage(r.server, e.message) : r.failed);
      setPhase('review');
    }
  }

  const alert = error ? (
    <p role="alert" className="font-medium text-red-700">
      {error}
    </p>
  ) : null;

  if (phase === 'recording' || phase === 'starting') {
    return (
      <div className="space-y-3" data-recorder>
        <p role="timer" aria-live="off" className="text-lg font-semibold text-slate-900">
          {r.recording(clock(left))}
        </p>
        {live && live.getVideoTracks().length > 0 ? (
          <StreamVideo
            stream={live}
            muted
            self
            label={r.video}
            className="aspect-[4/3] max-h-[40dvh] w-full rounded-xl bg-slate-900 object-cover"
          />
        ) : null}
        <Button size="lg" variant="danger" className="w-full" disabled={phase !== 'recording'} onClick={stop}>
          {r.stop}
        </Button>
      </div>
    );
  }

  if (clip && (phase === 'review' || phase === 'sending')) {
    return (
      <div className="space-y-3" data-recorder>
        <p className="text-slate-700">{r.review}</p>
        {clip.kind === 'video' ? (
          <video
            controls
            playsInline
            src={clip.url}
            aria-label={r.video}
            data-recording-preview
            className="max-h-[40dvh] w-full rounded-xl bg-slate-900"
          />
        ) : (
          <audio controls src={clip.url} aria-label={r.audio} data-recording-preview className="w-full" />
        )}
        {alert}
        <div className="grid grid-cols-2 gap-2">
          <Button variant="secondary" disabled={phase === 'sending'} onClick={() => void start()}>
            {r.redo}
          </Button>
          <Button disabled={phase === 'sending'} onClick={() => void send()}>
            {phase === 'sending' ? r.sending : r.send}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <div className="space-y-3" data-recorder>
      <p className="text-slate-700">{r.intro}</p>
      <fieldset>
        <legend className="mb-2 font-semibold text-slate-900">{r.kind}</legend>
        <div className="grid grid-cols-2 gap-2">
          {(
            [
              ['video', r.video],
              ['audio', r.audio],
            ] as const
          ).map(([value, label]) => (
            <label
              key={value}
              className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
            >
              <input
                type="radio"
                name={name}
                value={value}
                checked={kind === value}
                onChange={() => setKind(value)}
                className="size-4"
              />
              <span className="font-medium text-slate-900">{label}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {alert}
      <Button size="lg" className="w-full" onClick={() => void start()}>
        {r.start}
      </Button>
    </div>
  );
}
