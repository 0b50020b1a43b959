import { gateFinderText } from '@toque/contracts/gate';
import {
  lazy,
  Suspense,
  useEffect,
  useId,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
  type Ref,
} from 'react';
import { recordingFinderText } from '@toque/contracts/recordings';
import type { PublicTag } from '@toque/contracts/calls';
import {
  finderMessage,
  finderPlace,
  finderUnitName,
  placeWords,
  type FinderText,
  type PlaceWords,
} from '@toque/contracts/finder-text';
import { callMsg } from '@toque/contracts/messages';
import { WRISTBAND_PRODUCT_ID } from '@toque/contracts/constants';
import { paths } from '@toque/contracts/routes';
import { CallDuration } from '../../../components/call-duration';
import { StreamVideo } from '../../../components/stream-video';
import { Button } from '../../../components/ui/button';
import type { CallMode } from '../finder-media';
import { useFinderCall, type MessageReason } from '../hooks/use-finder-call';
import { useFinderText } from '../i18n';
import { isInAppBrowser } from '../in-app-browser';
import { takeOverCalls } from '../call-start';
import { AWAITS_SCRIPT, CALL_RETRYING, CALL_RINGING, CALL_START, PENDING, SCRIPT_FAILED } from '../island';
import { CallbackForm } from './callback-form';
import { EmergencyLinks } from './emergency';
import { Countdown } from './countdown';
import { MessageForm } from './message-form';
import { QuietNotice } from './quiet-notice';
import { UnitPicker } from './unit-picker';

/**
 * CALL-14: the owner's voice, in an element of its own. A <video> whose stream holds a video track
 * that has sent no frame yet (the owner answers with the microphone only) waits for that frame
 * before it plays anything, voice included; an audio-only stream plays at once.
 */
function RemoteAudio({ stream }: { stream: MediaStream }) {
  const audio = useRef<HTMLAudioElement>(null);
  // Tracks join the stream as they arrive; each arrival re-renders this with the same stream object.
  const tracks = stream
    .getAudioTracks()
    .map((track) => track.id)
    .join(' ');
  useEffect(() => {
    if (audio.current) audio.current.srcObject = new MediaStream(stream.getAudioTracks());
  }, [stream, tracks]);
  return <audio ref={audio} autoPlay data-remote-audio />;
}

const intro = (t: FinderText, words: PlaceWords, reason: MessageReason): string =>
  ({
    missed: words.leaveMessage,
    declined: words.leaveMessage,
    'in-app': t.inAppBrowser,
    'no-webrtc': t.noWebRtc,
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

/**
 * PERF-06: the server's HTML before the app's code runs. Without JavaScript, how to call or write;
 * for the finder page's island (src/finder-island.ts), the status of a tap made before the call
 * code arrived and the alert for code that cannot load — hidden until the island shows one. Once
 * the app runs these are never shown.
 */
function BeforeTheScript({ page, ringing }: { page: string; ringing: string | null }) {
  const { t } = useFinderText();
  return (
    <>
      <noscript>
        <p className="font-medium text-slate-900">{t.noScript}</p>
      </noscript>
      <p role="status" hidden {...{ [PENDING]: '' }} className="text-lg font-semibold text-slate-900">
        {t.preparing}
      </p>
      {ringing === null ? null : (
        <>
          <p role="status" hidden {...{ [CALL_RINGING]: '' }} className="text-lg font-semibold text-slate-900">
            {ringing}
          </p>
          <p role="status" hidden {...{ [CALL_RETRYING]: '' }} className="text-lg font-semibold text-slate-900">
            {t.retrying}
          </p>
        </>
      )}
      <div role="alert" hidden {...{ [SCRIPT_FAILED]: '' }} className="space-y-2 font-medium text-red-700">
        <p>{t.scriptFailed}</p>
        {/* A plain link: it works with no script at all. */}
        <a href={page} className="inline-flex min-h-11 items-center text-brand-700 underline">
          {t.reload}
        </a>
      </div>
    </>
  );
}

// FIND-12 / PERF-06: the recorder's code loads only when the finder opens it, after a call nobody answered.
const RecordingForm = lazy(() => import('./recording-form').then((m) => ({ default: m.RecordingForm })));

/** FIND-12: "Gravar uma mensagem de voz ou vídeo" — the recorder once tapped. */
function RecordEntry({ onSend }: { onSend: (file: Blob) => Promise<void> }) {
  const { lang, t } = useFinderText();
  const [open, setOpen] = useState(false);
  if (!open)
    return (
      <Button variant="secondary" size="lg" className="w-full" onClick={() => setOpen(true)}>
        {recordingFinderText[lang].open}
      </Button>
    );
  return (
    <Suspense fallback={<p role="status">{t.preparing}</p>}>
      <RecordingForm onSend={onSend} />
    </Suspense>
  );
}

/** FIND-04: video or voice only, chosen before the tap. */
function ModePicker({
  value,
  onChange,
  fieldRef,
}: {
  value: CallMode;
  onChange: (mode: CallMode) => void;
  fieldRef?: Ref<HTMLFieldSetElement>;
}) {
  const { t } = useFinderText();
  const name = useId();
  const options: [CallMode, string][] = [
    ['video', t.video],
    ['voice', t.voiceOnly],
  ];
  return (
    <fieldset ref={fieldRef}>
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

/**
 * CALL-15: hang-up and mute stay on screen during the call, however tall the video: the bar sticks
 * to the bottom of the viewport (above the phone's home indicator) while the call is on the page.
 */
function ControlBar({ children }: { children: ReactNode }) {
  return (
    <div
      data-call-controls
      className="sticky bottom-0 z-10 -mx-6 space-y-2 border-t border-slate-200 bg-white/95 px-6 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]"
    >
      {children}
    </div>
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
export function FinderCallPanel({
  tag,
  inApp: seen,
  pass,
  unitChoice,
}: {
  tag: PublicTag;
  inApp?: boolean | undefined;
  /** CONDO-16: a resident's pass, valid now: its unit is chosen, and the call carries it. */
  pass?: { unitId: number; token: string } | undefined;
  /**
   * A plate's door holds the unit choice (the same unit is written to, FIND-06): the panel shows
   * and changes it. The holder then also makes a pass's unit the choice. Without it, the panel's own.
   */
  unitChoice?: { value: number | null; onChange: (unitId: number | null) => void } | undefined;
}) {
  const { t, lang } = useFinderText();
  // The server rendering the page (PERF-05) read the user agent already: hydration must agree with it.
  const [inApp] = useState(() => seen ?? isInAppBrowser(navigator.userAgent));
  const {
    state,
    start,
    hangUp,
    sendMessage,
    sendRecording,
    sendUnitMessage,
    hasCall,
    sendCallback,
    callbackLeft,
    retry,
    muted,
    toggleMute,
    switchCamera,
    switchFailed,
    ownerCamera,
    tryingAnother,
    retrying,
    gate,
  } = useFinderCall(tag.code, inApp, pass?.token, tag.position_required === true);
  const place = finderPlace(tag);
  const words = placeWords(t, place);
  const isPlate = place === 'building';
  const [ownUnit, setOwnUnit] = useState<number | null>(null);
  const unitId = unitChoice ? unitChoice.value : ownUnit;
  const setUnitId = unitChoice ? unitChoice.onChange : setOwnUnit;
  const passUnit = pass?.unitId;
  // The pass arrives after hydration: its unit becomes the choice once (the visitor may still change it).
  const [seenPass, setSeenPass] = useState<number | undefined>(undefined);
  if (!unitChoice && passUnit !== seenPass) {
    setSeenPass(passUnit);
    if (passUnit !== undefined) setOwnUnit(passUnit);
  }
  const [mode, setMode] = useState<CallMode>('video');
  const modeField = useRef<HTMLFieldSetElement>(null);
  /**
   * FIND-04: the mode the finder sees chosen when they tap Call. It is React's state, but a choice
   * tapped while the page hydrated is first only the browser's (the island hands it over a moment
   * later, finder-island.ts): the checked radio on screen wins, so "Só voz" shown chosen never
   * turns the camera on (a loaded CI run once called with video right after such a hand-over).
   */
  const shownMode = (): CallMode => {
    const checked = modeField.current?.querySelector<HTMLInputElement>('input[type=radio]:checked')?.value;
    const shown = checked === 'voice' || checked === 'video' ? checked : mode;
    if (shown !== mode) setMode(shown);
    return shown;
  };
  const unit = unitId ?? undefined;
  const needsUnit = isPlate && unitId === null;
  const picker = isPlate ? (
    <UnitPicker
      key={passUnit ?? 'any'}
      units={tag.units}
      unlisted={tag.units_unlisted}
      value={unitId}
      onChange={setUnitId}
    />
  ) : null;
  const chosen = tag.units.find((u) => u.unit_id === unitId);
  // Who rings: the unit of a plate, the owner (or a home's owner) otherwise (FIND-05).
  const who = chosen ? finderUnitName(t, chosen) : tag.owner_first_name;
  const interactive = useInteractive();
  // PERF-06: a tag's call tapped before the app ran was started by the finder page's island; it goes on here.
  useEffect(
    () =>
      takeOverCalls((begun) => {
        setMode(begun.request.mode);
        start(begun.request.unitId, begun.request.mode, begun);
      }),
    [start],
  );
  // The island starts a tag's call itself (not a plate's: its unit and its door are the app's to judge).
  const islandCalls = !isPlate && !tag.position_required && !pass;
  return (
    <fieldset disabled={!interactive} {...{ [AWAITS_SCRIPT]: interactive ? undefined : '' }} className="min-w-0">
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

  /**
   * CALL-14: the owner's camera when it is on; while it is off (the owner answers with the
   * microphone only) the finder is told so and sees their own camera large, not an empty box.
   */
  function connectedMedia(local: MediaStream, remote: MediaStream, video: boolean) {
    const remoteView = (
      // The owner's picture; their voice plays from `RemoteAudio`, below, whatever is shown.
      // CALL-13: always muted — the owner's voice plays from its own element (RemoteAudio), the self-view must not echo.
      <StreamVideo
        stream={remote}
        muted
        label={t.remoteView}
        className={ownerCamera ? 'aspect-[3/4] max-h-[55dvh] w-full object-cover' : 'hidden'}
      />
    );
    // The same elements whichever is shown: turning the owner's camera on or off never restarts the voice.
    const pictures = ownerCamera || video;
    return (
      <div
        className={
          pictures ? 'relative overflow-hidden rounded-xl bg-slate-900' : 'rounded-xl bg-slate-100 p-6 text-center'
        }
      >
        {remoteView}
        {video ? (
          <StreamVideo
            stream={local}
            muted
            self
            label={t.selfView}
            className={
              ownerCamera
                ? 'absolute right-3 bottom-3 w-1/3 rounded-lg border-2 border-white'
                : 'aspect-[3/4] max-h-[55dvh] w-full object-cover'
            }
          />
        ) : null}
        {ownerCamera ? null : (
          <p
            role="status"
            className={
              pictures
                ? 'absolute inset-x-3 top-3 mx-auto w-fit rounded-lg bg-slate-900/80 px-3 py-2 text-center font-semibold text-white'
                : 'text-lg font-semibold text-slate-900'
            }
          >
            {t.ownerVoiceOnly}
          </p>
        )}
        <RemoteAudio stream={remote} />
      </div>
    );
  }

  function controlBar(local: MediaStream) {
    return (
      <ControlBar>
        {controls(local)}
        <Button variant="danger" size="lg" className="w-full" onClick={hangUp}>
          {t.hangUp}
        </Button>
      </ControlBar>
    );
  }

  /** CALL-15: after no answer — ring again, write, or leave a way back; never a dead end. */
  function nextSteps(reason: 'missed' | 'declined') {
    return (
      <div className="space-y-5">
        {/* FIND-11: nobody answered for a wristband — the emergency numbers again, first. */}
        {tag.product_id === WRISTBAND_PRODUCT_ID ? <EmergencyLinks needsCare={tag.needs_care === true} /> : null}
        <div className="space-y-2">
          <Status>{reason === 'missed' ? t.unanswered : words.declined}</Status>
          <p className="text-slate-700">{t.nextSteps}</p>
          <Button size="lg" className="w-full" onClick={() => start(unit, mode)}>
            {t.tryAgain}
          </Button>
        </div>
        <div className="border-t border-slate-200 pt-5">
          <RecordEntry onSend={(file) => sendRecording(file, unit)} />
        </div>
        <div className="border-t border-slate-200 pt-5">
          <MessageForm intro={intro(t, words, reason)} onSend={(text) => sendMessage(text, unit)} />
        </div>
        <CallbackForm onSend={sendCallback} sent={callbackLeft} />
      </div>
    );
  }

  function phaseView(): ReactNode {
    switch (state.phase) {
      case 'ready':
        return (
          <div className="space-y-5">
            <p className="text-slate-700">{mode === 'voice' ? words.explainVoice : words.explain}</p>
            {picker}
            {isPlate && tag.units.length === 0 && !tag.units_unlisted ? (
              <p className="text-slate-700">{t.server.unitEmpty}</p>
            ) : null}
            {tag.position_required ? <p className="font-medium text-slate-900">{t.positionNeeded}</p> : null}
            <ModePicker value={mode} onChange={setMode} fieldRef={modeField} />
            <Button
              size="lg"
              className="w-full"
              disabled={needsUnit}
              onClick={() => start(unit, shownMode())}
              {...{ [CALL_START]: islandCalls && !interactive ? tag.code : undefined }}
            >
              {words.call}
            </Button>
            <BeforeTheScript page={paths.finder(tag.code)} ringing={islandCalls ? words.ringing(who) : null} />
          </div>
        );
      case 'starting':
        // REL-06: the server cannot serve the call now; the page says it tries again (and does).
        return <Status>{retrying ? t.retrying : t.preparing}</Status>;
      case 'ringing': {
        const video = state.local.getVideoTracks().length > 0;
        return (
          <div className="space-y-4">
            <div className="space-y-1">
              {/* REL-06: the phone's link came back while the database was away; its rejoin is asked again. */}
              <Status>{retrying ? t.retrying : tryingAnother ? t.tryingAnother : words.ringing(who)}</Status>
              <Countdown deadline={state.deadline} />
            </div>
            {video ? (
              <StreamVideo
                stream={state.local}
                muted
                self
                label={t.selfView}
                className="max-h-[45dvh] w-full rounded-xl bg-slate-900 object-cover"
              />
            ) : (
              <p className="text-slate-700">{t.voiceOnlyActive}</p>
            )}
            {controlBar(state.local)}
          </div>
        );
      }
      case 'connected': {
        const video = state.local.getVideoTracks().length > 0;
        return (
          <div className="space-y-4">
            <Status>{words.connected(who)}</Status>
            {/* CONDO-18: the resident opened the building's gate (or it failed), said in words. */}
            {gate ? (
              <p
                role={gate.opened ? 'status' : 'alert'}
                className={`rounded-lg px-3 py-2 text-lg font-bold ${gate.opened ? 'bg-green-50 text-green-900' : 'bg-red-50 text-red-800'}`}
                data-gate={gate.opened ? 'opened' : 'failed'}
              >
                {gate.opened ? gateFinderText[lang].opened : gateFinderText[lang].failed}
              </p>
            ) : null}
            <CallDuration since={state.since} label={t.duration} className="text-slate-800" />
            {connectedMedia(state.local, state.remote, video)}
            {video ? null : <p className="text-slate-700">{t.voiceOnlyActive}</p>}
            {controlBar(state.local)}
          </div>
        );
      }
      case 'ended':
        return <Status>{t.ended}</Status>;
      case 'quiet':
        return <QuietNotice code={tag.code} until={state.until} canWrite={!isPlate} />;
      case 'message': {
        if (state.reason === 'missed' || state.reason === 'declined') return nextSteps(state.reason);
        // In-app browser or refused camera: no call was made yet, the unit is chosen here.
        return (
          <div className="space-y-5">
            {picker}
            <MessageForm
              intro={intro(t, words, state.reason)}
              blocked={needsUnit ? callMsg.unitRequired : null}
              onSend={(text) => sendMessage(text, unit)}
            />
          </div>
        );
      }
      case 'sent':
        return (
          <div className="space-y-5">
            <Status>{t.messageSent}</Status>
            {hasCall() ? <CallbackForm onSend={sendCallback} sent={callbackLeft} /> : null}
          </div>
        );
      case 'failed':
        return (
          <div className="space-y-4">
            <p role="alert" className="font-medium text-red-700">
              {state.error ? finderMessage(t, state.error.message, state.error) : t.callFailed}
            </p>
            <Button variant="secondary" onClick={retry}>
              {t.tryAgain}
            </Button>
            {/* CONDO-17: refused away from the door, the visitor still writes to the unit. */}
            {tag.position_required && state.error?.status === 403 ? (
              <div className="border-t border-slate-200 pt-5">
                <MessageForm
                  intro={t.geofenceMessage}
                  withContact
                  blocked={needsUnit ? callMsg.unitRequired : null}
                  onSend={(text, contact) => sendUnitMessage(text, unit, contact)}
                />
              </div>
            ) : null}
          </div>
        );
    }
  }
}
