import { useQuery } from '@tanstack/react-query';
import { callsApi, type CallHistoryItem } from '@toque/contracts/calls';
import { apiClient } from '../../../lib/api-client';

/** GET /api/calls/history (CALL-11): the calls that rang for this user, newest first. */
function getCallHistory(): Promise<CallHistoryItem[]> {
  return apiClient.get<CallHistoryItem[]>(callsApi.history);
}

export function useCallHistory() {
  return useQuery({ queryKey: ['call-history'], queryFn: getCallHistory });
}
