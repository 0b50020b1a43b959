import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Unit } from '@toque/contracts/condominium';
import { condoApi } from '@toque/contracts/routes';
import { apiClient } from '../../../lib/api-client';

/** POST /connects/ownerQrCode {qrCode}: the plate's units, sorted by unit_id ascending (CONDO-02). */
async function listOwnerUnits(qrCode: string): Promise<Unit[]> {
  const units = await apiClient.post<Unit[]>(condoApi.ownerQrCode, { qrCode });
  return [...units].sort((a, b) => a.unit_id - b.unit_id);
}

export const unitsQueryKey = (qrCode: string) => ['condominium', 'units', qrCode.toUpperCase()] as const;

const unitsQueryOptions = (qrCode: string) =>
  queryOptions({ queryKey: unitsQueryKey(qrCode), queryFn: () => listOwnerUnits(qrCode), staleTime: 0 });

/** Asks nothing without a code (an address missing its parameter, CONDO-04). */
export function useOwnerUnits(qrCode: string) {
  return useQuery({ ...unitsQueryOptions(qrCode), enabled: qrCode !== '' });
}
