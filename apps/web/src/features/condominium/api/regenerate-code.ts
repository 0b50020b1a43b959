import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { regenerateCodeResponse } from '@toque/contracts/condominium';
import { condoApi } from '@toque/contracts/routes';
import { apiClient } from '../../../lib/api-client';
import { unitsQueryKey } from './list-owner-units';

type RegenerateCodeResponse = z.infer<typeof regenerateCodeResponse>;

/** POST /condominium/regenerateUnitCode {unitId}: a new association code; the old one stops at once (CONDO-08). */
function regenerateCode(unitId: number): Promise<RegenerateCodeResponse> {
  return apiClient.post<RegenerateCodeResponse>(condoApi.regenerateCode, { unitId });
}

export function useRegenerateCode(condoCode: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: regenerateCode,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: unitsQueryKey(condoCode) }),
  });
}
