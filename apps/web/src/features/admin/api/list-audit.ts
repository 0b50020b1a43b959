import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { TOTAL_COUNT_HEADER, type AuditAction, type AuditEntry } from '@toque/contracts/admin';
import { adminApi } from '@toque/contracts/routes';
import { apiClient } from '../../../lib/api-client';

export const AUDIT_PAGE_SIZE = 25;

/** ADM-10: the log's filters (an empty one is not sent). */
export interface AuditFilters {
  actor: string;
  target: string;
  action: AuditAction | '';
}

export const noAuditFilters: AuditFilters = { actor: '', target: '', action: '' };

/** GET /admin/audit?page=&pageSize=&actor=&target=&action= (ADM-07, ADM-10): newest first, with the total in x-total-count. */
async function listAudit(
  page: number,
  filters: AuditFilters = noAuditFilters,
): Promise<{ entries: AuditEntry[]; total: number }> {
  const query = new URLSearchParams({ page: String(page), pageSize: String(AUDIT_PAGE_SIZE) });
  for (const name of ['actor', 'target', 'action'] as const)
    if (filters[name].trim()) query.set(name, filters[name].trim());
  const { data, headers } = await apiClient.getWithHeaders<AuditEntry[]>(`${adminApi.audit}?${query.toString()}`);
  const total = Number(headers.get(TOTAL_COUNT_HEADER));
  return { entries: data, total: Number.isFinite(total) && total > 0 ? total : data.length };
}

export function useAudit(page: number, filters: AuditFilters = noAuditFilters) {
  return useQuery({
    queryKey: ['admin', 'audit', page, filters],
    queryFn: () => listAudit(page, filters),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}
