import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { callUi } from '@toque/contracts/call-ui';
import { osmLink } from '@toque/contracts/calls';
import { conversationsApi, type CallConversationResponse } from '@toque/contracts/conversations';
import { paths } from '@toque/contracts/routes';
import { Button, buttonClasses } from '../../../components/ui/button';
import { apiClient, isApiError } from '../../../lib/api-client';
import { formatDuration, isoDuration } from '../../../lib/call-duration';
import type { EndedCall } from '../hooks/use-owner-call';
import { PlaceLine } from './address-label';

/**
 * CALL-17: "Escrever para quem chamou" — opens (or finds) the call's conversation with its finder
 * and goes to it in Conversas; the finder's page, still open, shows the thread (ADR 0044, addendum).
 */
function WriteToFinder({ roomId }: { roomId: string }) {
  const navigate = useNavigate();
  const open = useMutation({
    mutationFn: () => apiClient.post<CallConversationResponse>(conversationsApi.ofCall(roomId)),
    onSuccess: ({ id }) => void navigate(paths.conversation(id)),
  });
  return (
    <>
      <Button className="min-h-11 w-full" busy={open.isPending} onClick={() => open.mutate()}>
        {callUi.owner.writeToFinder}
      </Button>
      {open.isError ? (
        <p role="alert" className="font-medium text-red-700">
          {isApiError(open.error) && open.error.status !== 0 ? open.error.message : callUi.owner.writeFailed}
        </p>
      ) : null}
    </>
  );
}

/**
 * CALL-17: the end of an answered call, not a bare 'Chamada encerrada.': which tag, how long it
 * lasted (from the finder's media to the end, mm:ss), where the finder was, and the next steps —
 * the place on the map, and back to the account area.
 */
export function CallEnded({ ended, where }: { ended: EndedCall; where: string }) {
  const { call } = ended;
  const ms = Math.max(0, ended.endedAt - ended.since);
  const located = call.latitude !== null && call.longitude !== null;
  return (
    <section className="mx-auto max-w-md space-y-6" data-call-ended="">
      <div className="space-y-2 text-center">
        <h1 className="text-2xl font-bold text-slate-900">{callUi.owner.ended}</h1>
        {where ? <p className="text-lg font-semibold text-slate-800">{callUi.owner.from(where)}</p> : null}
      </div>
      <div className="space-y-1 rounded-xl border border-slate-200 bg-white p-4 text-slate-800">
        <p data-ended-duration>
          <span className="font-semibold">{callUi.owner.endedDuration}: </span>
          <time dateTime={isoDuration(ms)} className="tabular-nums">
            {formatDuration(ms)}
          </time>
        </p>
        <PlaceLine latitude={call.latitude} longitude={call.longitude} pending={callUi.history.noLocation} />
      </div>
      <div className="space-y-3">
        <h2 className="text-lg font-bold text-slate-900">{callUi.owner.nextSteps}</h2>
        <div className="flex flex-col gap-3">
          <WriteToFinder roomId={call.roomId} />
          {located ? (
            <a
              href={osmLink(call.latitude!, call.longitude!)}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClasses('secondary', 'md', 'min-h-11 w-full')}
            >
              {callUi.owner.seeMap}
            </a>
          ) : null}
          <Link to={paths.dashboard} className={buttonClasses('secondary', 'md', 'min-h-11 w-full')}>
            {callUi.owner.backToDashboard}
          </Link>
        </div>
      </div>
    </section>
  );
}
