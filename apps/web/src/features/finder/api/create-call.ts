import { callsApi, type CreateCallBody, type CreateCallResponse } from '@toque/contracts/calls';
import { apiClient } from '../../../lib/api-client';

/** POST /api/calls (CALL-02): rings the owner and members; returns the room and the caller token. */
export function createCall(body: CreateCallBody): Promise<CreateCallResponse> {
  return apiClient.post<CreateCallResponse>(callsApi.create, body);
}
