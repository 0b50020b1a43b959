import { useMutation } from '@tanstack/react-query';
import type { LoginBody } from '@toque/contracts/auth';
import { api } from '@toque/contracts/routes';
import { apiClient } from '../../../lib/api-client';
import { tokenFrom } from './token';

/** POST /auth/login → the session token, or null when the answer carries none. */
async function login(body: LoginBody): Promise<string | null> {
  return tokenFrom(await apiClient.post<unknown>(api.login, body));
}

/**
 * AUTH-03 / CALL-03: the web logs in as platform 'web'; `token` is this browser's push
 * subscription (JSON) when it has one, else ''.
 */
export function loginBodyOf(credentials: { email: string; password: string }, pushToken = ''): LoginBody {
  return { email: credentials.email, password: credentials.password, platform: 'web', token: pushToken };
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
