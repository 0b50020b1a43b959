import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { TOTAL_COUNT_HEADER, type AuditEntry } from '@toque/contracts/admin';
import { adminApi } from '@toque/contracts/routes';
import { apiClient } from '../../../lib/api-client';

export const AUDIT_PAGE_SIZE = 25;

/** GET /admin/audit?page=&pageSize= (ADM-07): newest first, with the total in x-total-count. */
export async function listAudit(page: number): Promise<{ entries: AuditEntry[]; total: number }> {
  const query = new URLSearchParams({ page: String(page), pageSize: String(AUDIT_PAGE_SIZE) });
  const { data, headers } = await apiClient.getWithHeaders<AuditEntry[]>(`${adminApi.audit}?${query.toString()}`);
  const total = Number(headers.get(TOTAL_COUNT_HEADER));
  return { entries: data, total: Number.isFinite(total) && total > 0 ? total : data.length };
}

export function useAudit(page: number) {
  return useQuery({
    queryKey: ['admin', 'audit', page],
    queryFn: () => listAudit(page),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}
