import { doorApi, type PassLookup } from '@toque/contracts/door';
import { apiClient } from '../../../lib/api-client';

/** POST /api/public/tags/:code/pass (CONDO-16): what the pass of the link says now. */
export function lookupPass(code: string, token: string): Promise<PassLookup> {
  return apiClient.post<PassLookup>(doorApi.passLookup(code), { token });
}
