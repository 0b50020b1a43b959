import { callsApi } from '@toque/contracts/calls';
import { createApiClient } from '../../../lib/api-client';

export interface MessageBody {
  message: string;
  latitude?: number;
  longitude?: number;
}

/**
 * POST /api/calls/:roomId/message (CALL-07) with `Authorization: Bearer <callerToken>`: the finder
 * has no session, the caller token of this one call is the credential.
 */
export async function leaveMessage(roomId: string, callerToken: string, body: MessageBody): Promise<void> {
  const client = createApiClient({ getToken: () => callerToken });
  await client.post(callsApi.message(roomId), body);
}
