import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { financeApi, type FinancePlan, type PlanInterval } from '@toque/contracts/billing';
import { apiClient } from '../../../lib/api-client';
import { useSession } from '../../../lib/use-session';

export const plansQueryKey = ['finance', 'plans'] as const;

/** GET /finance/plans: a plan per tag I own (FIN-02). */
export function usePlans() {
  const { token } = useSession();
  return useQuery({
    queryKey: plansQueryKey,
    queryFn: () => apiClient.get<FinancePlan[]>(financeApi.plans),
    enabled: token !== null,
  });
}

/** PUT /finance/plans/:code {interval}: monthly or annual. */
export function useSetPlanInterval() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ code, interval }: { code: string; interval: PlanInterval }) =>
      apiClient.put<{ message: string }>(financeApi.plan(code), { interval }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: plansQueryKey }),
  });
}
