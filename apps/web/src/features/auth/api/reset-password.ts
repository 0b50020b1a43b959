import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordBody } from '@toque/contracts/auth';
import { api } from '@toque/contracts/routes';
import { apiClient } from '../../../lib/api-client';

/** POST /auth/reset-password (401 bad or expired code, 404 unknown user, 409 passwords differ). */
async function resetPassword(body: ResetPasswordBody): Promise<void> {
  await apiClient.post<unknown>(api.resetPassword, body);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
