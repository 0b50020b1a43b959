import { callsApi } from '@toque/contracts/calls';
import type { CallMessageResponse } from '@toque/contracts/conversations';
import { createApiClient } from '../../../lib/api-client';

export interface MessageBody {
  message: string;
  latitude?: number;
  longitude?: number;
  /** FIND-13: the token of the conversation this browser holds for the tag (the message joins it). */
  conversation?: string;
}

/**
 * POST /api/calls/:roomId/message (CALL-07) with `Authorization: Bearer <callerToken>`: the finder
 * has no session, the caller token of this one call is the credential. FIND-13: the answer is the
 * conversation the message opened or joined, with its token.
 */
export function leaveMessage(roomId: string, callerToken: string, body: MessageBody): Promise<CallMessageResponse> {
  const client = createApiClient({ getToken: () => callerToken });
  return client.post<CallMessageResponse>(callsApi.message(roomId), body);
}
