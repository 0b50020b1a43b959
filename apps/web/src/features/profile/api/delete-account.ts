import { useMutation } from '@tanstack/react-query';
import { accountApi } from '@toque/contracts/account';
import { apiClient } from '../../../lib/api-client';

/** POST /account/delete {password} (ACC-03). */
function deleteAccount(password: string): Promise<{ message: string }> {
  return apiClient.post<{ message: string }>(accountApi.delete, { password });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
