import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { condoApi } from '@toque/contracts/routes';
import type { inviteResidentResponse } from '@toque/contracts/units-bulk';
import { apiClient } from '../../../lib/api-client';
import { unitsQueryKey } from './list-owner-units';

type InviteResponse = z.infer<typeof inviteResidentResponse>;

/** POST /condominium/units/residents {unitId, email}: a resident now, or an invitation (CONDO-14). */
function inviteResident(body: { unitId: number; email: string }): Promise<InviteResponse> {
  return apiClient.post<InviteResponse>(condoApi.inviteResident, body);
}

/** DELETE /condominium/invitations/:id: the síndico revokes a pending invitation (CONDO-14). */
function cancelUnitInvitation(id: number): Promise<{ message: string }> {
  return apiClient.delete<{ message: string }>(condoApi.unitInvitation(id));
}

export function useInviteResident(condoCode: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteResident,
    onSettled: () => queryClient.invalidateQueries({ queryKey: unitsQueryKey(condoCode) }),
  });
}

export function useCancelUnitInvitation(condoCode: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelUnitInvitation,
    onSettled: () => queryClient.invalidateQueries({ queryKey: unitsQueryKey(condoCode) }),
  });
}
