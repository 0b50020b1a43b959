import { useEffect, useRef } from 'react';
import { callUi } from '@toque/contracts/call-ui';
import { osmLink, type CallData } from '@toque/contracts/calls';
import { Button } from '../../../components/ui/button';
import { useMicrophone, useRemoteCameraOff } from '../../../lib/call-media';
import { useClock } from '../hooks/use-clock';
import { AddressLabel } from './address-label';
import { CallerMap } from './caller-map';

const timeFormat = new Intl.DateTimeFormat('pt-BR', { hour: '2-digit', minute: '2-digit', second: '2-digit' });

function StreamVideo({
  stream,
  muted,
  label,
  className,
}: {
  stream: MediaStream | null;
  muted: boolean;
  label: string;
  className: string;
}) {
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (video.current && video.current.srcObject !== stream) video.current.srcObject = stream;
  }, [stream]);
  return <video ref={video} autoPlay playsInline muted={muted} aria-label={label} className={className} />;
}

interface CallViewProps {
  call: CallData;
  /** The tag being called (its name, else its type; with the unit of a plate), when known. */
  where: string;
  remote: MediaStream | null;
  local: MediaStream | null;
  connected: boolean;
  onHangUp: () => void;
}

/**
 * CALL-05: the finder's video, the map of where they are, the time and the place's name. Phone
 * first: the video large on top, the tag's name above it, the map shorter below, and the hang-up
 * button pinned to the bottom of the screen so it is always in reach; side by side from 1024 px.
 */
export function CallView({ call, where, remote, local, connected, onHangUp }: CallViewProps) {
  const now = useClock();
  const microphone = useMicrophone(local);
  // FIND-04: a voice-only finder (or a camera that stopped) is said, not left as a black box.
  const cameraOff = useRemoteCameraOff(connected ? remote : null);
  const located = call.latitude !== null && call.longitude !== null;
  return (
    <div className="space-y-4 pb-24 lg:pb-0">
      {where ? <h1 className="text-xl font-bold text-slate-900 lg:text-2xl">{callUi.owner.from(where)}</h1> : null}
      <div className="grid gap-4 lg:grid-cols-2">
        <div className="relative overflow-hidden rounded-xl bg-slate-900">
          <StreamVideo
            stream={remote}
            muted={false}
            label={callUi.owner.remoteVideo}
            className="h-[55vh] w-full object-cover lg:h-[650px] lg:object-contain"
          />
          {local ? (
            <StreamVideo
              stream={local}
              muted
              label={callUi.owner.selfView}
              className="absolute right-3 bottom-3 w-1/4 rounded-lg border-2 border-white"
            />
          ) : null}
          {!connected ? (
            <p className="absolute inset-x-0 top-3 text-center text-sm font-medium text-white">
              {callUi.owner.connecting}
            </p>
          ) : null}
          {cameraOff ? (
            <p
              role="status"
              className="absolute inset-x-0 top-1/3 px-6 text-center text-lg font-semibold text-white"
            >
              {callUi.owner.finderVoiceOnly}
            </p>
          ) : null}
        </div>
        <div className="space-y-3">
          <div className="space-y-1 text-slate-800">
            <p>
              <span className="font-semibold">{callUi.owner.now}: </span>
              <time dateTime={now.toISOString()}>{timeFormat.format(now)}</time>
            </p>
            <AddressLabel latitude={call.latitude} longitude={call.longitude} />
            {located ? (
              <a
                href={osmLink(call.latitude!, call.longitude!)}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-block font-semibold text-brand-700 underline underline-offset-2"
              >
                {callUi.owner.openMap}
              </a>
            ) : null}
          </div>
          {located ? (
            <CallerMap latitude={call.latitude!} longitude={call.longitude!} />
          ) : (
            <div className="flex items-center justify-center rounded-xl border border-slate-200 bg-slate-100 p-6 text-slate-700">
              {callUi.history.noLocation}
            </div>
          )}
        </div>
      </div>
      <div className="fixed inset-x-0 bottom-0 z-20 flex gap-2 border-t border-slate-200 bg-white/95 p-3 lg:static lg:justify-end lg:border-0 lg:bg-transparent lg:p-0">
        {local ? (
          <Button variant="secondary" size="lg" className="flex-1 lg:flex-none" onClick={microphone.toggle}>
            {microphone.muted ? callUi.owner.unmute : callUi.owner.mute}
          </Button>
        ) : null}
        <Button variant="danger" size="lg" className="flex-1 lg:flex-none" onClick={onHangUp}>
          {callUi.owner.hangUp}
        </Button>
      </div>
    </div>
  );
}
