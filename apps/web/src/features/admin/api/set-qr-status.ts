import { useMutation } from '@tanstack/react-query';
import { adminApi } from '@toque/contracts/routes';
import { apiClient } from '../../../lib/api-client';

/** PATCH /products/qrcode/{code}/status {is_active, reason?} (ADM-03, ADM-06; ADM-10: why it is switched off). */
function setQrStatus(code: string, isActive: boolean, reason?: string): Promise<{ message: string }> {
  return apiClient.patch<{ message: string }>(
    adminApi.qrStatus(code),
    reason ? { is_active: isActive, reason } : { is_active: isActive },
  );
}

export function useSetQrStatus() {
  return useMutation({
    mutationFn: ({ code, isActive, reason }: { code: string; isActive: boolean; reason?: string }) =>
      setQrStatus(code, isActive, reason),
  });
}
