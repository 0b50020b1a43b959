import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountApi, type UpdateContactBody } from '@toque/contracts/account';
import { apiClient } from '../../../lib/api-client';
import { accountQueryKey } from './get-account';

/** PUT /account/contact {email, phone, password} (ACC-03). */
function updateContact(body: UpdateContactBody): Promise<{ message: string }> {
  return apiClient.put<{ message: string }>(accountApi.contact, body);
}

export function useUpdateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateContact,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountQueryKey }),
  });
}
