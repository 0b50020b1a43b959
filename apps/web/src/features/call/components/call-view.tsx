import { callUi } from '@toque/contracts/call-ui';
import { osmLink, type CallData } from '@toque/contracts/calls';
import { CallDuration } from '../../../components/call-duration';
import { Button } from '../../../components/ui/button';
import { useMicrophone, useRemoteCameraOff } from '../../../lib/call-media';
import { useClock } from '../hooks/use-clock';
import type { CameraState } from '../hooks/use-owner-call';
import { AddressLabel } from './address-label';
import { CallerMap } from './caller-map';
import { localClock } from '@toque/contracts/time-format';
import { StreamVideo } from '../../../components/stream-video';
import { CallGateButton } from './call-gate-button';

interface CallViewProps {
  call: CallData;
  /** The tag being called (its name, else its type; with the unit of a plate), when known. */
  where: string;
  remote: MediaStream | null;
  local: MediaStream | null;
  connected: boolean;
  /** CALL-14: the owner's camera (off at Atender) and its toggle. */
  camera: CameraState;
  onToggleCamera: () => void;
  /** When the finder's media arrived (epoch ms), for the call's duration; null while connecting. */
  since: number | null;
  onHangUp: () => void;
}

/**
 * CALL-05: the finder's video, the map of where they are, the time and the place's name. Phone
 * first: the video large on top, the tag's name above it, the map shorter below, and the hang-up
 * button pinned to the bottom of the screen so it is always in reach; side by side from 1024 px.
 */
export function CallView({ call, where, remote, local, connected, camera, onToggleCamera, since, onHangUp }: CallViewProps) {
  const now = useClock();
  const microphone = useMicrophone(local);
  // FIND-04: a voice-only finder (or a camera that stopped) is said, not left as a black box.
  const cameraOff = useRemoteCameraOff(connected ? remote : null);
  const located = call.latitude !== null && call.longitude !== null;
  return (
    <div className={`space-y-4 lg:pb-0 ${camera.failed ? 'pb-52' : 'pb-40'} has-[[data-gate-open]]:pb-64`}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        {where ? <h1 className="text-xl font-bold text-slate-900 lg:text-2xl">{callUi.owner.from(where)}</h1> : null}
        {/* CALL-14: how long the call has lasted, from the moment the finder's media arrived. */}
        {since !== null ? (
          <CallDuration since={since} label={callUi.owner.duration} className="text-lg text-slate-800" />
        ) : null}
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <div className="relative overflow-hidden rounded-xl bg-slate-900">
          <StreamVideo
            stream={remote}
            muted={false}
            label={callUi.owner.remoteVideo}
            className="h-[55vh] w-full object-cover lg:h-[650px] lg:object-contain"
          />
          {/* CALL-14: the owner's own picture only while the camera is on (it is what the finder sees). */}
          {camera.on ? (
            <StreamVideo
              stream={local}
              muted
              label={callUi.owner.selfView}
              className="absolute right-3 bottom-3 w-1/4 rounded-lg border-2 border-white"
            />
          ) : (
            <p className="absolute right-3 bottom-3 left-3 ml-auto w-fit max-w-[80%] rounded-lg bg-slate-900/80 px-3 py-2 text-sm font-medium text-white">
              {callUi.owner.selfVoiceOnly}
            </p>
          )}
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
              <time dateTime={now.toISOString()}>{localClock.format(now)}</time>
            </p>
            <AddressLabel latitude={call.latitude} longitude={call.longitude} />
            {located ? (
              <a
                href={osmLink(call.latitude!, call.longitude!)}
                target="_blank"
                rel="noopener noreferrer"
                className="tap-target font-semibold text-brand-700 underline underline-offset-2"
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
      <div className="fixed inset-x-0 bottom-0 z-20 grid grid-cols-2 gap-2 border-t border-slate-200 bg-white p-3 lg:static lg:flex lg:justify-end lg:border-0 lg:bg-transparent lg:p-0">
        {/* CONDO-18: a plate's call may open the building's gate (only when the server says so). */}
        <CallGateButton roomId={call.roomId} connected={connected} />
        {/* Beside the button that failed, in view on a phone too. */}
        {camera.failed ? (
          <p role="alert" className="col-span-2 text-sm font-medium text-red-700 lg:mr-auto lg:self-center">
            {callUi.owner.cameraFailed}
          </p>
        ) : null}
        {local ? (
          <Button variant="secondary" size="lg" className="min-h-11 px-3" onClick={microphone.toggle}>
            {microphone.muted ? callUi.owner.unmute : callUi.owner.mute}
          </Button>
        ) : null}
        {/* CALL-14: what the finder sees is the owner's choice, during the call (a toggle button). */}
        <Button
          variant="secondary"
          size="lg"
          className="min-h-11 px-3"
          aria-pressed={camera.on}
          busy={camera.busy}
          onClick={onToggleCamera}
        >
          {camera.on ? callUi.owner.cameraOff : callUi.owner.cameraOn}
        </Button>
        <Button variant="danger" size="lg" className="col-span-2 min-h-11" onClick={onHangUp}>
          {callUi.owner.hangUp}
        </Button>
      </div>
    </div>
  );
}
