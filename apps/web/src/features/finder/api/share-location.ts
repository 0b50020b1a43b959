import { callMsg } from '@toque/contracts/messages';
import { scansApi, type ShareLocationBody } from '@toque/contracts/scans';
import { apiClient } from '../../../lib/api-client';

/** POST /api/public/tags/:code/location (FIND-01): the finder's position, without a call. */
export async function shareLocation(code: string, body: ShareLocationBody): Promise<string> {
  const answer = await apiClient.post<{ message: string } | undefined>(scansApi.shareLocation(code), body);
  return answer?.message ?? callMsg.locationShared;
}
