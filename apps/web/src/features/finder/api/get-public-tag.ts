import { useQuery } from '@tanstack/react-query';
import { callsApi, type PublicTag } from '@toque/contracts/calls';
import type { FinderSeed } from '@toque/contracts/finder-page';
import { apiClient, statusOf } from '../../../lib/api-client';

/** GET /api/public/tags/:code (CALL-01/02): state, type, name, first name, info, units. */
function getPublicTag(code: string): Promise<PublicTag> {
  return apiClient.get<PublicTag>(callsApi.publicTag(code));
}

/**
 * The tag of /t/:code. A page the server rendered (PERF-05) seeds the query with the tag it showed,
 * so hydration neither fetches it again nor shows anything else; when the server said the tag is
 * unknown or the address is over its limit, nothing is fetched.
 */
export function usePublicTag(code: string, seed: FinderSeed | null) {
  return useQuery({
    queryKey: ['public-tag', code],
    queryFn: () => getPublicTag(code),
    enabled: !seed?.error,
    initialData: seed?.tag,
    // An unknown code stays unknown; a network hiccup deserves another try.
    retry: (count, error) => statusOf(error) === 0 && count < 2,
  });
}
