import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CodeBody } from '@toque/contracts/products';
import { productsApi } from '@toque/contracts/routes';
import { apiClient } from '../../../lib/api-client';
import { productsQueryKey } from './list-products';

/** DELETE /products/disableQrCode {code}: owner only, irreversible (TAG-04). */
function disableQrCode(body: CodeBody): Promise<{ message: string }> {
  return apiClient.delete<{ message: string }>(productsApi.disable, body);
}

export function useDisableQrCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableQrCode,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productsQueryKey }),
  });
}
