import { useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { callUi } from '@toque/contracts/call-ui';
import type { PublicTag } from '@toque/contracts/calls';
import { callMsg } from '@toque/contracts/messages';
import { Button } from '../../../components/ui/button';
import { useFinderCall, type MessageReason } from '../hooks/use-finder-call';
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

const intros: Record<MessageReason, string> = {
  missed: `${callUi.finder.unanswered} ${callUi.finder.leaveMessage}`,
  declined: `${callUi.finder.declined} ${callUi.finder.leaveMessage}`,
  'in-app': callUi.finder.inAppBrowser,
  camera: callUi.finder.cameraRefused,
};

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

/** The call button and everything after the tap (CALL-02, CALL-07, CALL-13). `inApp`: what the server saw. */
export function FinderCallPanel({ tag, inApp: seen }: { tag: PublicTag; inApp?: boolean | undefined }) {
  // The server rendering the page (PERF-05) read the user agent already: hydration must agree with it.
  const [inApp] = useState(() => seen ?? isInAppBrowser(navigator.userAgent));
  const { state, start, hangUp, sendMessage, retry } = useFinderCall(tag.code, inApp);
  const isPlate = tag.units.length > 0 || tag.product_id === 5;
  const [unitId, setUnitId] = useState<number | null>(null);
  const unit = unitId ?? undefined;
  const needsUnit = isPlate && unitId === null;
  const picker = isPlate ? <UnitPicker units={tag.units} value={unitId} onChange={setUnitId} /> : null;
  const interactive = useInteractive();
  return (
    <fieldset disabled={!interactive} className="min-w-0">
      {phaseView()}
    </fieldset>
  );

  function phaseView(): ReactNode {
    switch (state.phase) {
      case 'ready':
        return (
          <div className="space-y-5">
            <p className="text-slate-700">{callUi.finder.explain}</p>
            {picker}
            {isPlate && tag.units.length === 0 ? <p className="text-slate-700">{callMsg.unitEmpty}</p> : null}
            <Button size="lg" className="w-full" disabled={needsUnit} onClick={() => start(unit)}>
              {callUi.finder.call}
            </Button>
          </div>
        );
      case 'starting':
        return <Status>{callUi.finder.preparing}</Status>;
      case 'ringing':
        return (
          <div className="space-y-4">
            <Status>{callUi.finder.ringing(tag.owner_first_name)}</Status>
            <StreamVideo
              stream={state.local}
              self
              label={callUi.finder.selfView}
              className="w-full rounded-xl bg-slate-900"
            />
            <Button variant="danger" size="lg" className="w-full" onClick={hangUp}>
              {callUi.finder.hangUp}
            </Button>
          </div>
        );
      case 'connected':
        return (
          <div className="space-y-4">
            <Status>{callUi.finder.connected}</Status>
            <div className="relative overflow-hidden rounded-xl bg-slate-900">
              <StreamVideo
                stream={state.remote}
                self={false}
                label={callUi.finder.remoteView}
                className="aspect-[3/4] w-full object-cover"
              />
              <StreamVideo
                stream={state.local}
                self
                label={callUi.finder.selfView}
                className="absolute right-3 bottom-3 w-1/3 rounded-lg border-2 border-white"
              />
            </div>
            <Button variant="danger" size="lg" className="w-full" onClick={hangUp}>
              {callUi.finder.hangUp}
            </Button>
          </div>
        );
      case 'ended':
        return <Status>{callUi.finder.ended}</Status>;
      case 'message': {
        const beforeCall = state.reason === 'in-app' || state.reason === 'camera';
        return (
          <div className="space-y-5">
            {beforeCall ? picker : null}
            <MessageForm
              intro={intros[state.reason]}
              blocked={beforeCall && needsUnit ? callMsg.unitRequired : null}
              onSend={(text) => sendMessage(text, unit)}
            />
          </div>
        );
      }
      case 'sent':
        return <Status>{callUi.finder.messageSent}</Status>;
      case 'failed':
        return (
          <div className="space-y-4">
            <p role="alert" className="font-medium text-red-700">
              {state.message}
            </p>
            <Button variant="secondary" onClick={retry}>
              {callUi.finder.tryAgain}
            </Button>
          </div>
        );
    }
  }
}
