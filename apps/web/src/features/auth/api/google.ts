import { googleRoutes } from '@toque/contracts/google-sign-in';
import { API_BASE } from '@toque/contracts/routes';
import { apiClient } from '../../../lib/api-client';
import { tokenFrom } from './token';

/** Where the "Entrar com Google" link sends the browser (the server redirects it on to the provider). */
export const googleStartUrl = `${API_BASE}${googleRoutes.start}`;

/**
 * POST /api/auth/google/session: the token a finished Google sign-in left in this browser's
 * httpOnly cookie (docs/decisions/0049), or null when the answer carries none. Single use.
 */
export async function collectGoogleSession(): Promise<string | null> {
  return tokenFrom(await apiClient.post<unknown>(googleRoutes.session, {}));
}
