import { useMutation, useQuery } from '@tanstack/react-query';
import { gateApi, type GateAvailability, type GateResult } from '@toque/contracts/gate';
import { apiClient } from '../../../lib/api-client';

/** CONDO-18: may the resident's call screen offer "Abrir o portão" (asked once the call is connected). */
export function useCallGate(roomId: string, connected: boolean) {
  return useQuery({
    queryKey: ['gate', 'call', roomId] as const,
    queryFn: () => apiClient.get<GateAvailability>(gateApi.call(roomId)),
    enabled: connected,
    staleTime: Infinity,
  });
}

export function useOpenGate(roomId: string) {
  return useMutation({ mutationFn: () => apiClient.post<GateResult>(gateApi.call(roomId)) });
}
