import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { updateUnitNameBody } from '@toque/contracts/condominium';
import { condoApi } from '@toque/contracts/routes';
import { apiClient } from '../../../lib/api-client';
import { unitsQueryKey } from './list-owner-units';

type UpdateUnitNameBody = z.output<typeof updateUnitNameBody>;

/** PUT /condominium/updateUnitName {unitId, nameOfUnit} (CONDO-04). */
function updateUnitName(body: UpdateUnitNameBody): Promise<{ message: string }> {
  return apiClient.put<{ message: string }>(condoApi.updateUnitName, body);
}

export function useUpdateUnitName(condoCode: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUnitName,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: unitsQueryKey(condoCode) }),
  });
}
