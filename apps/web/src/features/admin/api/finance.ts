import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { financeAdminApi, type BillingSettings, type FinanceReport } from '@toque/contracts/billing';
import { apiClient } from '../../../lib/api-client';

const key = ['admin', 'finance'] as const;

/** GET /admin/finance: revenue, overdue plans and the billing settings (FIN-06). */
export function useFinanceReport() {
  return useQuery({ queryKey: key, queryFn: () => apiClient.get<FinanceReport>(financeAdminApi.report) });
}

export function useSaveBilling() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: BillingSettings) => apiClient.put<{ message: string }>(financeAdminApi.settings, settings),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
