import { useQuery } from '@tanstack/react-query';
import { scansApi, type TagScan } from '@toque/contracts/scans';
import { apiClient } from '../../../lib/api-client';

/** The dashboard's scan alert listener refreshes this key when an alert arrives (FIND-01). */
const scanHistoryQueryKey = ['scan-history'] as const;

/** GET /api/scans/history (FIND-01): the scans of the user's tags, newest first. */
function getScanHistory(): Promise<TagScan[]> {
  return apiClient.get<TagScan[]>(scansApi.history);
}

export function useScanHistory() {
  return useQuery({ queryKey: scanHistoryQueryKey, queryFn: getScanHistory });
}
