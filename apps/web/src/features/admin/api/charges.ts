import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { chargesApi, statementApi, type StatementResult } from '@toque/contracts/billing';
import { apiClient } from '../../../lib/api-client';

export interface AdminCharge {
  id: number;
  txid: string;
  amount_cents: number;
  paid_cents: number | null;
  status: string;
  created_at: string;
  expires_at: string;
  tag_codes: string[];
  name: string | null;
  email: string | null;
}

const key = (q: string) => ['admin', 'charges', q] as const;

/** GET /admin/charges?q=: open and held charges (FIN-04). */
export function useOpenCharges(q: string) {
  return useQuery({
    queryKey: key(q),
    queryFn: () => apiClient.get<AdminCharge[]>(`${chargesApi.adminCharges}?${new URLSearchParams({ q }).toString()}`),
  });
}

export function useMarkPaid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, endToEndId }: { id: number; endToEndId: string }) =>
      apiClient.post<{ message: string }>(chargesApi.adminMarkPaid(id), { endToEndId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'charges'] }),
  });
}

export function useImportStatement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (csvBase64: string) => apiClient.post<StatementResult>(statementApi, { csvBase64 }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'charges'] }),
  });
}
