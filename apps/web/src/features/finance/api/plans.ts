import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { chargesApi, financeApi, type Charge, type FinancePlan, type PlanInterval } from '@toque/contracts/billing';
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

const chargesQueryKey = ['finance', 'charges'] as const;

/** PUT /finance/plans/:code {interval}: monthly or annual — the open charges of the tag expire with it (SEC-08). */
export function useSetPlanInterval() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ code, interval }: { code: string; interval: PlanInterval }) =>
      apiClient.put<{ message: string }>(financeApi.plan(code), { interval }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: plansQueryKey }),
        queryClient.invalidateQueries({ queryKey: chargesQueryKey }),
      ]),
  });
}

/** POST /finance/charges {codes}: a Pix charge for these tags (the open one when it already exists). */
export function useCreateCharge() {
  return useMutation({
    mutationFn: (codes: string[]) => apiClient.post<Charge>(chargesApi.charges, { codes }),
  });
}

/**
 * GET /finance/charges, every 3 s while the charge being paid awaits payment: the provider's
 * confirmation (the webhook) shows by itself; a settled charge stops the polling.
 */
export function useCharges(watched: Charge | null) {
  const { token } = useSession();
  return useQuery({
    queryKey: chargesQueryKey,
    queryFn: () => apiClient.get<Charge[]>(chargesApi.charges),
    enabled: token !== null && watched !== null,
    refetchInterval: (query) => {
      if (!watched) return false;
      const status = query.state.data?.find((c) => c.id === watched.id)?.status ?? watched.status;
      return status === 'pending' ? 3000 : false;
    },
  });
}
