import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CodeBody } from '@toque/contracts/products';
import { productsApi } from '@toque/contracts/routes';
import { apiClient } from '../../../lib/api-client';
import { productsQueryKey } from './list-products';

interface AssociateResult {
  message: string;
  /** 'unit' when the code was a unit's association code (CONDO-06). */
  kind: 'tag' | 'unit';
}

/** PUT /products/associateQrCode {code} (TAG-02, CONDO-06). */
function associateQrCode(body: CodeBody): Promise<AssociateResult> {
  return apiClient.put<AssociateResult>(productsApi.associate, body);
}

/** Then the product list refreshes (TAG-02). */
export function useAssociateQrCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: associateQrCode,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productsQueryKey }),
  });
}
