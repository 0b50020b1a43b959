import { useMutation } from '@tanstack/react-query';
import type { UpdateUserBody } from '@toque/contracts/profile';
import { api } from '@toque/contracts/routes';
import { apiClient } from '../../../lib/api-client';

interface UpdateUserResult {
  message: string;
  /** Present when the password changed: older tokens no longer work (ACC-02). */
  token?: string;
}

/** PUT /profile/updateUser {name, password (current), newPassword?} */
function updateUser(body: UpdateUserBody): Promise<UpdateUserResult> {
  return apiClient.put<UpdateUserResult>(api.updateUser, body);
}

export function useUpdateUser() {
  return useMutation({ mutationFn: updateUser });
}
