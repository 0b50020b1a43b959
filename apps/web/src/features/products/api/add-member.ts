import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { addMemberBody, ShareResponse } from '@toque/contracts/products';
import { productsApi } from '@toque/contracts/routes';
import { apiClient } from '../../../lib/api-client';
import { invitationsQueryKey } from './list-invitations';
import { membersQueryKey } from './list-members';

type AddMemberBody = z.input<typeof addMemberBody>;

/**
 * POST /products/members {code, email}: shares a tag with another account, 3 at most (TAG-09), or
 * invites an e-mail with no account yet (TAG-11, `kind: 'invitation'`).
 */
function addMember(body: AddMemberBody): Promise<ShareResponse> {
  return apiClient.post<ShareResponse>(productsApi.member, body);
}

export function useAddMember(code: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addMember,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: membersQueryKey(code) }),
        queryClient.invalidateQueries({ queryKey: invitationsQueryKey(code) }),
      ]),
  });
}
