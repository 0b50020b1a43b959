import { useEffect, useRef } from 'react';
import { callUi } from '@toque/contracts/call-ui';
import type { CallData } from '@toque/contracts/calls';
import { Button } from '../../../components/ui/button';
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
  remote: MediaStream | null;
  local: MediaStream | null;
  connected: boolean;
  onHangUp: () => void;
}

/** CALL-05: the finder's video beside the map of where they are, the time and the place's name. */
export function CallView({ call, remote, local, connected, onHangUp }: CallViewProps) {
  const now = useClock();
  return (
    <div className="space-y-4">
      <div className="grid gap-4 lg:grid-cols-2">
        <div className="relative overflow-hidden rounded-xl bg-slate-900">
          <StreamVideo
            stream={remote}
            muted={false}
            label={callUi.owner.remoteVideo}
            className="aspect-video w-full lg:h-[650px]"
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
        </div>
        {call.latitude !== null && call.longitude !== null ? (
          <CallerMap latitude={call.latitude} longitude={call.longitude} />
        ) : (
          <div className="flex items-center justify-center rounded-xl border border-slate-200 bg-slate-100 p-6 text-slate-700">
            {callUi.history.noLocation}
          </div>
        )}
      </div>
      <div className="flex flex-wrap items-center justify-between gap-4 text-slate-800">
        <div className="space-y-1">
          <p>
            <span className="font-semibold">{callUi.owner.now}: </span>
            <time dateTime={now.toISOString()}>{timeFormat.format(now)}</time>
          </p>
          <AddressLabel latitude={call.latitude} longitude={call.longitude} />
        </div>
        <Button variant="danger" size="lg" onClick={onHangUp}>
          {callUi.owner.hangUp}
        </Button>
      </div>
    </div>
  );
}
