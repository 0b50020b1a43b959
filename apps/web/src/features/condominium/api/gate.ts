import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { gateApi, type GateOpening, type GateResult, type GateSettingsBody, type GateSettingsResponse } from '@toque/contracts/gate';
import { apiClient } from '../../../lib/api-client';

const settingsKey = (code: string) => ['gate', 'settings', code.toUpperCase()] as const;
const logKey = (code: string) => ['gate', 'log', code.toUpperCase()] as const;

/** CONDO-18: the síndico's settings of the plate's gate (null: none linked). */
export function useGateSettings(code: string) {
  return useQuery({
    queryKey: settingsKey(code),
    queryFn: () => apiClient.get<GateSettingsResponse>(gateApi.settings(code)),
  });
}

export function useSaveGate(code: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GateSettingsBody) => apiClient.put<GateSettingsResponse>(gateApi.settings(code), body),
    onSuccess: (saved) => queryClient.setQueryData(settingsKey(code), saved),
  });
}

/** "Testar": opens the gate once; the log refreshes. */
export function useTestGate(code: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.post<GateResult>(gateApi.test(code)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: logKey(code) }),
  });
}

export function useGateLog(code: string) {
  return useQuery({ queryKey: logKey(code), queryFn: () => apiClient.get<GateOpening[]>(gateApi.log(code)) });
}
