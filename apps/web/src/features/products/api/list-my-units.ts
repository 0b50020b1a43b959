import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyUnit } from '@toque/contracts/condominium';
import { condoApi } from '@toque/contracts/routes';
import { apiClient } from '../../../lib/api-client';

/** GET /condominium/myUnits: the units the user lives in, by name, with the other residents (CONDO-11). */
function listMyUnits(): Promise<MyUnit[]> {
  return apiClient.get<MyUnit[]>(condoApi.myUnits);
}

export const myUnitsQueryKey = ['products', 'my-units'] as const;

export function useMyUnits({ enabled }: { enabled: boolean }) {
  return useQuery({ ...queryOptions({ queryKey: myUnitsQueryKey, queryFn: listMyUnits }), enabled });
}
