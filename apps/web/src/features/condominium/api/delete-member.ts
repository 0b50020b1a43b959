import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { deleteMemberBody } from '@toque/contracts/condominium';
import { condoApi } from '@toque/contracts/routes';
import { apiClient } from '../../../lib/api-client';
import { unitsQueryKey } from './list-owner-units';

type DeleteMemberBody = z.output<typeof deleteMemberBody>;

/** DELETE /condominium/deleteMemberFromUnit {memberId, unit_number}: the síndico removes a Morador (CONDO-04). */
function deleteMember(body: DeleteMemberBody): Promise<{ message: string }> {
  return apiClient.delete<{ message: string }>(condoApi.deleteMember, body);
}

export function useDeleteMember(condoCode: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: unitsQueryKey(condoCode) }),
  });
}
