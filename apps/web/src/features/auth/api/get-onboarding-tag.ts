import { useQuery } from '@tanstack/react-query';
import { callsApi, type PublicTag } from '@toque/contracts/calls';
import { apiClient, statusOf } from '../../../lib/api-client';

/**
 * ACC-04: onboarding reads the scanned code first (GET /api/public/tags/:code) — its product type,
 * and whether it can still be activated.
 */
function getOnboardingTag(code: string): Promise<PublicTag> {
  return apiClient.get<PublicTag>(callsApi.publicTag(code));
}

export function useOnboardingTag(code: string) {
  return useQuery({
    queryKey: ['onboarding-tag', code],
    queryFn: () => getOnboardingTag(code),
    // An unknown code stays unknown; a network hiccup deserves another try.
    retry: (count, error) => statusOf(error) === 0 && count < 2,
  });
}
