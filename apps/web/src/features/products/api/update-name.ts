import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateNameBody } from '@toque/contracts/products';
import { productsApi } from '@toque/contracts/routes';
import { apiClient } from '../../../lib/api-client';
import { productsQueryKey } from './list-products';

/**
 * PUT /products/updateName {code, name, importantInfo, showInfoToFinder} (TAG-05, TAG-07). The
 * specification's `updateName{product}` suffix is optional on the server (docs/decisions/0007).
 */
function updateName(body: UpdateNameBody): Promise<{ message: string }> {
  return apiClient.put<{ message: string }>(productsApi.updateName, body);
}

export function useUpdateName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateName,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productsQueryKey }),
  });
}
