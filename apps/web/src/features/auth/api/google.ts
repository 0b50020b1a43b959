import { queryOptions, useQuery } from '@tanstack/react-query';
import { googleRoutes, publicConfigPath, type PublicConfig } from '@toque/contracts/google-sign-in';
import { API_BASE } from '@toque/contracts/routes';
import { apiClient } from '../../../lib/api-client';
import { tokenFrom } from './token';

/** Where the "Entrar com Google" link sends the browser (the server redirects it on to the provider). */
export const googleStartUrl = `${API_BASE}${googleRoutes.start}`;

/** GET /api/config: what this installation offers (AUTH-16: whether Google sign-in is configured). */
export function getPublicConfig(): Promise<PublicConfig> {
  return apiClient.get<PublicConfig>(publicConfigPath);
}

/** The installation's settings change only with a deploy: asked once per page load. */
export function usePublicConfig() {
  return useQuery(
    queryOptions({ queryKey: ['public-config'], queryFn: getPublicConfig, staleTime: Infinity, retry: 1 }),
  );
}

/**
 * POST /api/auth/google/session: the token a finished Google sign-in left in this browser's
 * httpOnly cookie (docs/decisions/0049), or null when the answer carries none. Single use.
 */
export async function collectGoogleSession(): Promise<string | null> {
  return tokenFrom(await apiClient.post<unknown>(googleRoutes.session, {}));
}
