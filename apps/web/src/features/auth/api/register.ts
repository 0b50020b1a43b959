import { useMutation } from '@tanstack/react-query';
import type { RegisterBody } from '@toque/contracts/auth';
import { api } from '@toque/contracts/routes';
import { apiClient } from '../../../lib/api-client';

/** POST /auth/register (201; 409 when the e-mail is taken). */
async function register(body: RegisterBody): Promise<void> {
  await apiClient.post<unknown>(api.register, body);
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
