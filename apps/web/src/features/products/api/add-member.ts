import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { addMemberBody } from '@toque/contracts/products';
import { productsApi } from '@toque/contracts/routes';
import { apiClient } from '../../../lib/api-client';
import { membersQueryKey } from './list-members';

export type AddMemberBody = z.input<typeof addMemberBody>;

/** POST /products/members {code, email}: shares a tag with another account, 3 at most (TAG-09). */
export function addMember(body: AddMemberBody): Promise<{ message: string }> {
  return apiClient.post<{ message: string }>(productsApi.member, body);
}

export function useAddMember(code: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addMember,
    onSettled: () => queryClient.invalidateQueries({ queryKey: membersQueryKey(code) }),
  });
}
