import { callsApi, type TagMessageBody } from '@toque/contracts/calls';
import { apiClient } from '../../../lib/api-client';

/** POST /api/public/tags/:code/message (CALL-15): a message for the owner of a switched-off tag, which cannot ring. */
export async function leaveTagMessage(code: string, body: TagMessageBody): Promise<void> {
  await apiClient.post(callsApi.tagMessage(code), body);
}
