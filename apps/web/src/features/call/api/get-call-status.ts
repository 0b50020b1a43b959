import { useQuery } from '@tanstack/react-query';
import { callsApi, type CallStatusResponse } from '@toque/contracts/calls';
import { apiClient, statusOf } from '../../../lib/api-client';

/** GET /api/calls/:roomId/status — only a recipient of the call gets an answer (CALL-08). */
function getCallStatus(roomId: string): Promise<CallStatusResponse> {
  return apiClient.get<CallStatusResponse>(callsApi.status(roomId));
}

export type CallCheck = 'checking' | 'ringing' | 'gone';

/**
 * CALL-04 / CALL-08: /call rings only for a call that exists, is the user's and still rings. A
 * made-up room, someone else's call or one already over is 'gone'. The answer also names the tag. Without an answer (a network
 * failure) it rings: joining the room is still refused to a non-recipient by the server.
 */
export function useCallCheck(roomId: string | null): { check: CallCheck; info?: CallStatusResponse } {
  const query = useQuery({
    queryKey: ['calls', 'status', roomId],
    queryFn: () => getCallStatus(roomId!),
    enabled: roomId !== null,
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
  if (roomId === null || query.isPending) return { check: 'checking' };
  if (query.isError) return { check: statusOf(query.error) === 404 ? 'gone' : 'ringing' };
  return { check: query.data.status === 'ringing' ? 'ringing' : 'gone', info: query.data };
}
