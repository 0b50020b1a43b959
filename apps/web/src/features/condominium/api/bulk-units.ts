import { useMutation, useQueryClient } from '@tanstack/react-query';
import { condoApi } from '@toque/contracts/routes';
import type { BulkUnitsBody, BulkUnitsResponse } from '@toque/contracts/units-bulk';
import { apiClient } from '../../../lib/api-client';
import { unitsQueryKey } from './list-owner-units';

/** POST /condominium/units/bulk: the preview (confirm false) or the creation, all or nothing (CONDO-12). */
function bulkUnits(body: BulkUnitsBody): Promise<BulkUnitsResponse> {
  return apiClient.post<BulkUnitsResponse>(condoApi.bulkUnits, body);
}

export function useBulkUnits(condoCode: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkUnits,
    onSuccess: (result) => {
      if (result.created > 0) void queryClient.invalidateQueries({ queryKey: unitsQueryKey(condoCode) });
    },
  });
}
