import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateNameBody } from '@toque/contracts/products';
import { productsApi } from '@toque/contracts/routes';
import { apiClient } from '../../../lib/api-client';

/** ACC-05: each step is saved through the tag's own update, PUT /products/updateName (TAG-05, TAG-07). */
export function useSaveTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateNameBody) => apiClient.put<{ message: string }>(productsApi.updateName, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['products'] }),
  });
}
