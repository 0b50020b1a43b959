import { useEffect, useId, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { PublicTag } from '@toque/contracts/calls';
import { finderMessage, type FinderText } from '@toque/contracts/finder-text';
import { callMsg } from '@toque/contracts/messages';
import { Button } from '../../../components/ui/button';
import type { CallMode } from '../finder-media';
import { useFinderCall, type MessageReason } from '../hooks/use-finder-call';
import { useFinderText } from '../i18n';
import { isInAppBrowser } from '../in-app-browser';
import { MessageForm } from './message-form';
import { UnitPicker } from './unit-picker';

/** CALL-13: `playsinline autoplay` (and muted for the self-view) so phones play inline, without a tap. */
function StreamVideo({
  stream,
  self,
  label,
  className,
}: {
  stream: MediaStream;
  self: boolean;
  label: string;
  className: string;
}) {
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (video.current && video.current.srcObject !== stream) video.current.srcObject = stream;
  }, [stream]);
  return (
    <video
      ref={video}
      playsInline
      autoPlay
      muted={self}
      aria-label={label}
      data-self={self || undefined}
      className={className}
    />
  );
}

const intro = (t: FinderText, reason: MessageReason): string =>
  ({
    missed: `${t.unanswered} ${t.leaveMessage}`,
    declined: `${t.declined} ${t.leaveMessage}`,
    'in-app': t.inAppBrowser,
    camera: t.cameraRefused,
  })[reason];

const Status = ({ children }: { children: string }) => (
  <p role="status" className="text-lg font-semibold text-slate-900">
    {children}
  </p>
);

const noSubscription = () => () => undefined;

/**
 * False in the server's HTML and while the browser hydrates it (PERF-05), true once React runs the
 * page. Until then a tap would do nothing: the controls are shown disabled, not dead.
 */
function useInteractive(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/** FIND-04: video or voice only, chosen before the tap. */
function ModePicker({ value, onChange }: { value: CallMode; onChange: (mode: CallMode) => void }) {
  const { t } = useFinderText();
  const name = useId();
  const options: [CallMode, string][] = [
    ['video', t.video],
    ['voice', t.voiceOnly],
  ];
  return (
    <fieldset>
      <legend className="mb-2 font-semibold text-slate-900">{t.callMode}</legend>
      <div className="grid grid-cols-2 gap-2">
        {options.map(([mode, label]) => (
          <label
            key={mode}
            className="flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 py-3 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
          >
            <input
              type="radio"
              name={name}
              value={mode}
              checked={value === mode}
              onChange={() => onChange(mode)}
              className="size-4"
            />
            <span className="font-medium text-slate-900">{label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** FIND-04: during the call — the microphone on/off, and front/back camera on a video call. */
function CallControls({
  video,
  muted,
  onMute,
  onSwitch,
  switchFailed,
}: {
  video: boolean;
  muted: boolean;
  onMute: () => void;
  onSwitch: () => void;
  switchFailed: boolean;
}) {
  const { t } = useFinderText();
  return (
    <div className="space-y-2">
      <div className="grid grid-cols-2 gap-2">
        <Button variant="secondary" className={video ? '' : 'col-span-2'} onClick={onMute}>
          {muted ? t.unmute : t.mute}
        </Button>
        {video ? (
          <Button variant="secondary" onClick={onSwitch}>
            {t.switchCamera}
          </Button>
        ) : null}
      </div>
      {switchFailed ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {t.switchFailed}
        </p>
      ) : null}
    </div>
  );
}

/** The call button and everything after the tap (CALL-02, CALL-07, CALL-13, FIND-03, FIND-04). `inApp`: what the server saw. */
export function FinderCallPanel({ tag, inApp: seen }: { tag: PublicTag; inApp?: boolean | undefined }) {
  const { t } = useFinderText();
  // The server rendering the page (PERF-05) read the user agent already: hydration must agree with it.
  const [inApp] = useState(() => seen ?? isInAppBrowser(navigator.userAgent));
  const { state, start, hangUp, sendMessage, retry, muted, toggleMute, switchCamera, switchFailed } = useFinderCall(
    tag.code,
    inApp,
  );
  const isPlate = tag.units.length > 0 || tag.product_id === 5;
  const [unitId, setUnitId] = useState<number | null>(null);
  const [mode, setMode] = useState<CallMode>('video');
  const unit = unitId ?? undefined;
  const needsUnit = isPlate && unitId === null;
  const picker = isPlate ? <UnitPicker units={tag.units} value={unitId} onChange={setUnitId} /> : null;
  const interactive = useInteractive();
  return (
    <fieldset disabled={!interactive} className="min-w-0">
      {phaseView()}
    </fieldset>
  );

  function controls(local: MediaStream) {
    const video = local.getVideoTracks().length > 0;
    return (
      <CallControls
        video={video}
        muted={muted}
        onMute={toggleMute}
        onSwitch={() => void switchCamera()}
        switchFailed={switchFailed}
      />
    );
  }

  function hangUpButton() {
    return (
      <Button variant="danger" size="lg" className="w-full" onClick={hangUp}>
        {t.hangUp}
      </Button>
    );
  }

  function phaseView(): ReactNode {
    switch (state.phase) {
      case 'ready':
        return (
          <div className="space-y-5">
            <p className="text-slate-700">{mode === 'voice' ? t.explainVoice : t.explain}</p>
            {picker}
            {isPlate && tag.units.length === 0 ? <p className="text-slate-700">{t.server.unitEmpty}</p> : null}
            <ModePicker value={mode} onChange={setMode} />
            <Button size="lg" className="w-full" disabled={needsUnit} onClick={() => start(unit, mode)}>
              {t.call}
            </Button>
          </div>
        );
      case 'starting':
        return <Status>{t.preparing}</Status>;
      case 'ringing': {
        const video = state.local.getVideoTracks().length > 0;
        return (
          <div className="space-y-4">
            <Status>{t.ringing(tag.owner_first_name)}</Status>
            {video ? (
              <StreamVideo stream={state.local} self label={t.selfView} className="w-full rounded-xl bg-slate-900" />
            ) : (
              <p className="text-slate-700">{t.voiceOnlyActive}</p>
            )}
            {controls(state.local)}
            {hangUpButton()}
          </div>
        );
      }
      case 'connected': {
        const video = state.local.getVideoTracks().length > 0;
        return (
          <div className="space-y-4">
            <Status>{t.connected}</Status>
            <div className="relative overflow-hidden rounded-xl bg-slate-900">
              <StreamVideo
                stream={state.remote}
                self={false}
                label={t.remoteView}
                className="aspect-[3/4] w-full object-cover"
              />
              {video ? (
                <StreamVideo
                  stream={state.local}
                  self
                  label={t.selfView}
                  className="absolute right-3 bottom-3 w-1/3 rounded-lg border-2 border-white"
                />
              ) : null}
            </div>
            {video ? null : <p className="text-slate-700">{t.voiceOnlyActive}</p>}
            {controls(state.local)}
            {hangUpButton()}
          </div>
        );
      }
      case 'ended':
        return <Status>{t.ended}</Status>;
      case 'message': {
        const beforeCall = state.reason === 'in-app' || state.reason === 'camera';
        return (
          <div className="space-y-5">
            {beforeCall ? picker : null}
            <MessageForm
              intro={intro(t, state.reason)}
              blocked={beforeCall && needsUnit ? callMsg.unitRequired : null}
              onSend={(text) => sendMessage(text, unit)}
            />
          </div>
        );
      }
      case 'sent':
        return <Status>{t.messageSent}</Status>;
      case 'failed':
        return (
          <div className="space-y-4">
            <p role="alert" className="font-medium text-red-700">
              {state.error ? finderMessage(t, state.error.message, state.error) : t.callFailed}
            </p>
            <Button variant="secondary" onClick={retry}>
              {t.tryAgain}
            </Button>
          </div>
        );
    }
  }
}
