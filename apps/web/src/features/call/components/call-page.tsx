import { useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { callUi } from '@toque/contracts/call-ui';
import { msg } from '@toque/contracts/messages';
import { paths } from '@toque/contracts/routes';
import { Button, buttonClasses } from '../../../components/ui/button';
import { callDataFromQuery, callDataStorage } from '../../../lib/call-data';
import { useSession } from '../../../lib/use-session';
import { incomingCalls, useIncomingCalls } from '../hooks/use-incoming-calls';
import { useOwnerCall } from '../hooks/use-owner-call';
import { useOwnerSocket } from '../hooks/use-owner-socket';
import { useRingingAlerts } from '../hooks/use-ringing-alerts';
import { CallView } from './call-view';

function Ringing({
  roomId,
  loggedIn,
  onAnswer,
  onDecline,
}: {
  roomId: string;
  loggedIn: boolean;
  onAnswer: () => void;
  onDecline: () => void;
}) {
  const incoming = incomingCalls.get(roomId);
  const where = incoming ? [incoming.tagName, incoming.unitName].filter(Boolean).join(' · ') : '';
  const audio = useRingingAlerts(roomId, where ? `${where}: ${msg.callIncoming}` : msg.callIncoming);
  const location = useLocation();
  return (
    <section
      className="mx-auto max-w-md space-y-6 rounded-2xl bg-white p-8 text-center shadow-lg"
      aria-live="assertive"
    >
      <audio ref={audio} loop data-ring hidden />
      {where ? <p className="text-slate-700">{callUi.owner.from(where)}</p> : null}
      <h1 className="animate-pulse text-3xl font-bold text-slate-900">{msg.callIncoming}</h1>
      {loggedIn ? (
        <div className="flex justify-center gap-4">
          <Button variant="danger" size="lg" onClick={onDecline}>
            {callUi.owner.decline}
          </Button>
          <Button size="lg" className="bg-green-700 hover:bg-green-800" onClick={onAnswer}>
            {callUi.owner.answer}
          </Button>
        </div>
      ) : (
        <p className="space-y-3 text-slate-700">
          <span className="block">{callUi.owner.loginToAnswer}</span>
          <Link
            to={paths.login}
            state={{ from: { pathname: location.pathname } }}
            className={buttonClasses('primary', 'lg')}
          >
            {callUi.owner.login}
          </Link>
        </p>
      )}
    </section>
  );
}

/**
 * /call — the owner receives a finder's call (CALL-04…06). A notification click arrives as
 * `/call?roomId=..&lat=..&lng=..`: that data moves into sessionStorage and the address is cleaned.
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

  const { token } = useSession();
  const socket = useOwnerSocket();
  // An idle /call keeps ringing for the next call.
  useIncomingCalls(socket);
  const { state, answer, decline, hangUp } = useOwnerCall(socket);

  return (
    <div className="mx-auto max-w-7xl px-4 py-8" data-call-phase={state.phase}>
      {state.phase === 'ringing' ? (
        <Ringing roomId={state.call.roomId} loggedIn={!!token} onAnswer={() => void answer()} onDecline={decline} />
      ) : state.phase === 'idle' ? (
        <section className="mx-auto max-w-md space-y-6 text-center">
          <h1 className="text-2xl font-bold text-slate-900">{state.notice ?? callUi.owner.idle}</h1>
          {token ? (
            <Link to={paths.dashboard} className={buttonClasses('secondary', 'md')}>
              {callUi.owner.backToDashboard}
            </Link>
          ) : null}
        </section>
      ) : (
        <CallView
          call={state.call}
          local={state.local}
          remote={state.remote}
          connected={state.phase === 'connected'}
          onHangUp={hangUp}
        />
      )}
    </div>
  );
}
