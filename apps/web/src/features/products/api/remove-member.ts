import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { removeMemberBody } from '@toque/contracts/products';
import { productsApi } from '@toque/contracts/routes';
import { apiClient } from '../../../lib/api-client';
import { membersQueryKey } from './list-members';

type RemoveMemberBody = z.input<typeof removeMemberBody>;

/** DELETE /products/members {code, userId}: the owner removes a member (TAG-09). */
function removeMember(body: RemoveMemberBody): Promise<{ message: string }> {
  return apiClient.delete<{ message: string }>(productsApi.member, body);
}

export function useRemoveMember(code: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeMember,
    onSettled: () => queryClient.invalidateQueries({ queryKey: membersQueryKey(code) }),
  });
}
