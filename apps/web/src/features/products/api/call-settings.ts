import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  callSettingsApi,
  type QuietHours,
  type TagCallSettings,
  type TagCallSettingsBody,
} from '@toque/contracts/quiet-hours';
import { apiClient } from '../../../lib/api-client';

/** FIND-07 / FIND-08: GET/PUT /products/:code/call-settings (the owner's; members read). */
const tagKey = (code: string) => ['products', 'call-settings', code.toUpperCase()] as const;

export function useTagCallSettings(code: string, { enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: tagKey(code),
    queryFn: () => apiClient.get<TagCallSettings>(callSettingsApi.tag(code)),
    enabled,
  });
}

export function useSaveTagCallSettings(code: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TagCallSettingsBody) => apiClient.put<TagCallSettings>(callSettingsApi.tag(code), body),
    onSuccess: (saved) => queryClient.setQueryData(tagKey(code), saved),
  });
}

/** FIND-07: GET/PUT /condominium/units/:id/quiet-hours (the unit's residents). */
const unitKey = (id: number) => ['units', 'quiet-hours', id] as const;

export function useUnitQuietHours(id: number) {
  return useQuery({
    queryKey: unitKey(id),
    queryFn: () => apiClient.get<{ quietHours: QuietHours | null }>(callSettingsApi.unit(id)),
  });
}

export function useSaveUnitQuietHours(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (quietHours: QuietHours | null) =>
      apiClient.put<{ quietHours: QuietHours | null }>(callSettingsApi.unit(id), { quietHours }),
    onSuccess: (saved) => queryClient.setQueryData(unitKey(id), saved),
  });
}
