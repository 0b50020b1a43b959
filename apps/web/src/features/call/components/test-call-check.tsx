import { useEffect, useState } from 'react';
import { ringingUi } from '@toque/contracts/ringing';
import { StreamVideo } from '../../../components/stream-video';
import { Button } from '../../../components/ui/button';
import { useDeviceRinging } from '../hooks/use-device-ringing';

const words = ringingUi.check;

export type DeviceCheck = 'checking' | 'working' | 'blocked' | 'missing';

/** What getUserMedia's refusal means to the person: no such device, or access not allowed. */
function refusal(error: unknown): DeviceCheck {
  const name = error instanceof DOMException ? error.name : '';
  return name === 'NotFoundError' || name === 'OverconstrainedError' ? 'missing' : 'blocked';
}

/** One device asked for as a real answer asks (the microphone; the camera facing the owner). */
async function ask(constraints: MediaStreamConstraints): Promise<{ stream: MediaStream | null; state: DeviceCheck }> {
  try {
    const stream = await navigator.mediaDevices.getUserMedia(constraints);
    const live = stream.getTracks().some((t) => t.readyState === 'live');
    return { stream, state: live ? 'working' : 'missing' };
  } catch (error) {
    return { stream: null, state: refusal(error) };
  }
}

/** The summary line: voice is what answering needs; video is what the finder may see. */
function checkSummary(microphone: DeviceCheck, camera: DeviceCheck): string | null {
  if (microphone === 'checking' || camera === 'checking') return null;
  if (microphone !== 'working') return words.noVoice;
  return camera === 'working' ? words.allGood : words.voiceOnly;
}

function Line({ label, state }: { label: string; state: DeviceCheck }) {
  const tone = state === 'working' ? 'text-green-800' : state === 'checking' ? 'text-slate-700' : 'text-red-800';
  return (
    <li className="flex flex-wrap justify-between gap-x-3 text-left">
      <span className="font-semibold text-slate-900">{label}</span>
      <span className={tone} data-check={state}>
        {words[state]}
      </span>
    </li>
  );
}

/**
 * CALL-16: the test call answered. The microphone and the camera are asked for as a real answer
 * asks for them (each on its own, so one refused does not hide the other), the camera's picture is
 * shown, and a line says what this device can do — with the closed-tab ringing's state beside it,
 * so "Tudo certo" is never said of a device that would not ring with the tab closed. Every track
 * stops when the check closes.
 */
export function TestCallCheck({ onEnd }: { onEnd: () => void }) {
  const [microphone, setMicrophone] = useState<DeviceCheck>('checking');
  const [camera, setCamera] = useState<DeviceCheck>('checking');
  const [preview, setPreview] = useState<MediaStream | null>(null);
  const { state: ringing } = useDeviceRinging();

  useEffect(() => {
    let closed = false;
    const streams: MediaStream[] = [];
    const keep = (stream: MediaStream | null) => {
      if (!stream) return;
      if (closed) stream.getTracks().forEach((t) => t.stop());
      else streams.push(stream);
    };
    void (async () => {
      const voice = await ask({ audio: true });
      keep(voice.stream);
      if (closed) return;
      setMicrophone(voice.state);
      const video = await ask({ video: { facingMode: 'user' } });
      keep(video.stream);
      if (closed) return;
      setCamera(video.state);
      setPreview(video.stream);
    })();
    return () => {
      closed = true;
      for (const stream of streams) stream.getTracks().forEach((t) => t.stop());
    };
  }, []);

  const summary = checkSummary(microphone, camera);
  return (
    <div className="space-y-4">
      <h2 className="text-xl font-bold text-slate-900">{words.title}</h2>
      {preview ? (
        <StreamVideo stream={preview} muted label={words.preview} className="mx-auto aspect-video w-full rounded-xl bg-slate-900 object-cover" />
      ) : null}
      <ul className="space-y-2">
        <Line label={words.microphone} state={microphone} />
        <Line label={words.camera} state={camera} />
      </ul>
      <div aria-live="polite" className="space-y-2">
        {summary ? <p className="font-semibold text-slate-900">{summary}</p> : null}
        {summary && ringing !== null && ringing !== 'on' ? <p className="text-sm text-slate-700">{words.closedTab}</p> : null}
      </div>
      <Button size="lg" data-autofocus className="w-full" onClick={onEnd}>
        {words.end}
      </Button>
    </div>
  );
}
