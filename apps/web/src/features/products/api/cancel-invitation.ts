import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { cancelInvitationBody } from '@toque/contracts/products';
import { productsApi } from '@toque/contracts/routes';
import { apiClient } from '../../../lib/api-client';
import { invitationsQueryKey } from './list-invitations';

/** DELETE /products/invitations {code, id}: the owner cancels a pending invitation (TAG-11). */
function cancelInvitation(body: z.input<typeof cancelInvitationBody>): Promise<{ message: string }> {
  return apiClient.delete<{ message: string }>(productsApi.invitation, body);
}

export function useCancelInvitation(code: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelInvitation,
    onSettled: () => queryClient.invalidateQueries({ queryKey: invitationsQueryKey(code) }),
  });
}
