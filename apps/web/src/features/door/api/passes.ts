import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { doorApi, type CreatePassBody, type CreatePassResponse, type VisitorPass } from '@toque/contracts/door';
import type { MessageResponse } from '@toque/contracts/auth';
import { apiClient } from '../../../lib/api-client';

const passesKey = (unitId: number) => ['door', 'passes', unitId] as const;

/** GET /api/door/units/:unitId/passes (CONDO-16): the unit's passes, current ones first. */
function listPasses(unitId: number): Promise<VisitorPass[]> {
  return apiClient.get<VisitorPass[]>(doorApi.unitPasses(unitId));
}

export function usePasses(unitId: number) {
  return useQuery(queryOptions({ queryKey: passesKey(unitId), queryFn: () => listPasses(unitId) }));
}

/** POST /api/door/units/:unitId/passes: the answer holds the link, once. */
function createPass(unitId: number, body: CreatePassBody): Promise<CreatePassResponse> {
  return apiClient.post<CreatePassResponse>(doorApi.unitPasses(unitId), body);
}

export function useCreatePass(unitId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePassBody) => createPass(unitId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: passesKey(unitId) }),
  });
}

/** DELETE /api/door/passes/:id: revoked at once. */
function revokePass(id: number): Promise<MessageResponse> {
  return apiClient.delete<MessageResponse>(doorApi.pass(id));
}

export function useRevokePass(unitId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokePass,
    onSettled: () => queryClient.invalidateQueries({ queryKey: passesKey(unitId) }),
  });
}
