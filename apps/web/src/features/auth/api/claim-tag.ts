import { useMutation } from '@tanstack/react-query';
import { productsApi } from '@toque/contracts/routes';
import { apiClient } from '../../../lib/api-client';

/** ACC-04: a logged-in user adds the scanned code to their account (PUT /products/associateQrCode). */
function claimTag(code: string): Promise<{ message: string }> {
  return apiClient.put<{ message: string }>(productsApi.associate, { code });
}

export function useClaimTag() {
  return useMutation({ mutationFn: claimTag });
}
