import { callsApi } from '@toque/contracts/calls';
import { createApiClient } from '../../../lib/api-client';

/** POST /api/calls/:roomId/callback (CALL-15) with the caller token: a phone or e-mail the owner can answer on. */
export async function leaveCallback(roomId: string, callerToken: string, contact: string): Promise<void> {
  const client = createApiClient({ getToken: () => callerToken });
  await client.post(callsApi.callback(roomId), { contact });
}
