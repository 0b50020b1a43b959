import { useMutation } from '@tanstack/react-query';
import { adminApi } from '@toque/contracts/routes';
import { apiClient } from '../../../lib/api-client';

/** PATCH /products/qrcode/{code}/status {is_active} (ADM-03, ADM-06). */
export function setQrStatus(code: string, isActive: boolean): Promise<{ message: string }> {
  return apiClient.patch<{ message: string }>(adminApi.qrStatus(code), { is_active: isActive });
}

export function useSetQrStatus() {
  return useMutation({ mutationFn: ({ code, isActive }: { code: string; isActive: boolean }) => setQrStatus(code, isActive) });
}
