import type { CallMessageResponse } from '@toque/contracts/conversations';
import { RECORDING_CONVERSATION_HEADER, recordingsApi } from '@toque/contracts/recordings';
import { createApiClient } from '../../../lib/api-client';

/**
 * FIND-12: POST /api/calls/:roomId/recording with `Authorization: Bearer <callerToken>` — the file
 * itself as the body; `conversation` (the thread this browser holds for the tag) is joined when the
 * server finds it is this tag's. The answer is the thread and its token, like a text after the call.
 */
export function leaveRecording(
  roomId: string,
  callerToken: string,
  file: Blob,
  conversation: string | null,
): Promise<CallMessageResponse> {
  const client = createApiClient({ getToken: () => callerToken });
  return client.post<CallMessageResponse>(recordingsApi.fromCall(roomId), file, {
    ...(conversation ? { headers: { [RECORDING_CONVERSATION_HEADER]: conversation } } : {}),
  });
}
