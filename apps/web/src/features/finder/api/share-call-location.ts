import { callsApi, type CallLocationBody } from '@toque/contracts/calls';
import { createApiClient } from '../../../lib/api-client';

/**
 * POST /api/calls/:roomId/location (CALL-15) with the caller token: the call rang without waiting
 * for the phone's position; it follows here when it arrives, and the owner's map shows it.
 */
export async function shareCallLocation(roomId: string, callerToken: string, body: CallLocationBody): Promise<void> {
  const client = createApiClient({ getToken: () => callerToken });
  await client.post(callsApi.location(roomId), body);
}
