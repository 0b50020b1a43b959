import { TEST_CALL_PATH, type TestCallResponse } from '@toque/contracts/ringing';
import { apiClient } from '../../../lib/api-client';

/** POST /api/calls/test — CALL-16: rings this account's own devices; records nothing (docs/decisions/0027). */
export function sendTestCall(): Promise<TestCallResponse> {
  return apiClient.post<TestCallResponse>(TEST_CALL_PATH, {});
}
