import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CodeBody } from '@toque/contracts/products';
import { condoApi } from '@toque/contracts/routes';
import { apiClient } from '../../../lib/api-client';
import { myUnitsQueryKey } from './list-my-units';
import { productsQueryKey } from './list-products';

/**
 * DELETE /products/leave {code} (CONDO-09): a member leaves a tag shared with them; a resident
 * leaves every unit they live in under that plate. Then the product list refreshes.
 */
function leaveTag(body: CodeBody): Promise<{ message: string }> {
  return apiClient.delete<{ message: string }>(condoApi.leave, body);
}

export function useLeaveTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leaveTag,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: productsQueryKey }),
        queryClient.invalidateQueries({ queryKey: myUnitsQueryKey }),
      ]),
  });
}
