import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { callUi } from '@toque/contracts/call-ui';
import { msg } from '@toque/contracts/messages';
import { paths } from '@toque/contracts/routes';
import { ringingUi } from '@toque/contracts/ringing';
import { productLabel } from '@toque/contracts/constants';
import type { CallData } from '@toque/contracts/calls';
import { expectedVisitorLine, type ExpectedVisitor } from '@toque/contracts/door';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { callDataFromQuery, callDataStorage } from '../../../lib/call-data';
import { useCallCheck } from '../api/get-call-status';
import { incomingCalls, useIncomingCalls } from '../hooks/use-incoming-calls';
import { useOwnerCall } from '../hooks/use-owner-call';
import { useOwnerSocket } from '../hooks/use-owner-socket';
import { useRingingAlerts } from '../hooks/use-ringing-alerts';
import { CallView } from './call-view';
import { CallEnded } from './call-ended';
import { PlaceLine } from './address-label';
import { RingingLayer } from './ringing-layer';

/** The tag a call is for, as the owner knows it: its name (else its type) and the unit of a plate. */
function whereOf(call: { tagName: string; productId: number; unitName: string | null } | undefined): string {
  if (!call) return '';
  return [call.tagName.trim() || productLabel(call.productId), call.unitName].filter(Boolean).join(' · ');
}

function Ringing({
  call,
  where,
  productId,
  expected,
  onAnswer,
  onDecline,
}: {
  call: CallData;
  where: string;
  /** The tag's type: what the subject says happened (found, or at the door). */
  productId: number | null;
  /** CONDO-16: the visitor rang through a resident's pass. */
  expected: ExpectedVisitor | null;
  onAnswer: () => void;
  onDecline: () => void;
}) {
  const audio = useRingingAlerts(call.roomId, where ? `${where}: ${msg.callIncoming}` : msg.callIncoming);
  // CALL-16: the card is above everything, toasts included.
  return (
    <RingingLayer title={msg.callIncoming}>
      <audio ref={audio} loop data-ring hidden />
      {/* CALL-17: who is calling about what, and from where (the position may follow the ring: CALL-15). */}
      <div className="space-y-1">
        {where ? (
          <p className="text-lg font-semibold text-slate-900" data-ringing-subject>
            {productId === null ? callUi.owner.from(where) : callUi.owner.subject(where, productId)}
          </p>
        ) : null}
        <PlaceLine
          latitude={call.latitude}
          longitude={call.longitude}
          pending={callUi.owner.placePending}
          lookup={false}
          className="text-slate-700"
        />
      </div>
      {expected ? (
        <p className="rounded-lg bg-green-50 px-3 py-2 font-semibold text-green-900" data-expected-visitor="">
          {expectedVisitorLine(expected)}
        </p>
      ) : null}
      <div className="flex justify-center gap-4">
        <Button variant="danger" size="lg" onClick={onDecline}>
          {callUi.owner.decline}
        </Button>
        <Button size="lg" className="bg-green-700 hover:bg-green-800" data-autofocus onClick={onAnswer}>
          {callUi.owner.answer}
        </Button>
      </div>
    </RingingLayer>
  );
}

/**
 * /call — the owner receives a finder's call (CALL-04…06). A notification click arrives as
 * `/call?roomId=..&lat=..&lng=..`: that data moves into sessionStorage and the address is cleaned.
 * The page is for logged-in users (the guard sends others to log in, then back), and it rings only
 * once the server confirmed the call is theirs and still ringing (CALL-08).
 */
export function CallPage() {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const fromQuery = callDataFromQuery(location.search);
    if (!fromQuery) return;
    callDataStorage.write(fromQuery);
    void navigate(paths.call, { replace: true });
  }, [location.search, navigate]);

  const socket = useOwnerSocket();
  // An idle /call keeps ringing for the next call.
  useIncomingCalls(socket);
  const { state, answer, decline, hangUp, toggleCamera } = useOwnerCall(socket);

  const ringingRoom = state.phase === 'ringing' ? state.call.roomId : null;
  const { check, info } = useCallCheck(ringingRoom);
  // The last call checked: a made-up, foreign or finished one leaves the page saying so.
  const [checked, setChecked] = useState<{ roomId: string; gone: boolean; where: string } | null>(null);
  if (
    ringingRoom !== null &&
    check !== 'checking' &&
    (checked?.roomId !== ringingRoom || checked.gone !== (check === 'gone'))
  ) {
    setChecked({ roomId: ringingRoom, gone: check === 'gone', where: whereOf(info ?? incomingCalls.get(ringingRoom)) });
  }
  const gone = checked?.gone ?? false;
  // …and its data goes, so that it does not ring again.
  useEffect(() => {
    if (ringingRoom !== null && check === 'gone') callDataStorage.clear();
  }, [ringingRoom, check]);

  return (
    <main className="mx-auto max-w-7xl px-4 py-6 lg:py-8" data-call-phase={state.phase}>
      <title>{ringingUi.callPageTitle}</title>
      {state.phase === 'ringing' && check === 'ringing' ? (
        <Ringing
          call={state.call}
          where={checked?.where ?? ''}
          productId={info?.productId ?? incomingCalls.get(state.call.roomId)?.productId ?? null}
          expected={info?.expectedVisitor ?? incomingCalls.get(state.call.roomId)?.expectedVisitor ?? null}
          onAnswer={() => void answer()}
          onDecline={decline}
        />
      ) : state.phase === 'ringing' ? (
        <Spinner label={callUi.owner.checking} />
      ) : state.phase === 'idle' && state.ended && !gone ? (
        <CallEnded
          ended={state.ended}
          where={
            checked?.roomId === state.ended.call.roomId
              ? checked.where
              : whereOf(incomingCalls.get(state.ended.call.roomId))
          }
        />
      ) : state.phase === 'idle' ? (
        <section className="mx-auto max-w-md space-y-6 text-center">
          <h1 className="text-2xl font-bold text-slate-900">
            {gone ? callUi.owner.notFound : (state.notice ?? callUi.owner.idle)}
          </h1>
          <Link to={paths.dashboard} className={buttonClasses('secondary', 'md')}>
            {callUi.owner.backToDashboard}
          </Link>
        </section>
      ) : (
        <CallView
          call={state.call}
          where={checked?.roomId === state.call.roomId ? checked.where : whereOf(incomingCalls.get(state.call.roomId))}
          local={state.local}
          remote={state.remote}
          connected={state.phase === 'connected'}
          camera={state.camera}
          onToggleCamera={toggleCamera}
          since={state.since}
          onHangUp={hangUp}
        />
      )}
    </main>
  );
}
