import { useQuery } from '@tanstack/react-query';
import { callsApi, type PublicTag } from '@toque/contracts/calls';
import { apiClient, statusOf } from '../../../lib/api-client';

/** GET /api/public/tags/:code (CALL-01/02): state, type, name, first name, info, units. */
export function getPublicTag(code: string): Promise<PublicTag> {
  return apiClient.get<PublicTag>(callsApi.publicTag(code));
}

export function usePublicTag(code: string) {
  return useQuery({
    queryKey: ['public-tag', code],
    queryFn: () => getPublicTag(code),
    // An unknown code stays unknown; a network hiccup deserves another try.
    retry: (count, error) => statusOf(error) === 0 && count < 2,
  });
}
