import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { doorApi, type Delivery } from '@toque/contracts/door';
import { apiClient } from '../../../lib/api-client';

const unitDeliveriesKey = (unitId: number) => ['door', 'deliveries', unitId] as const;

/** GET /api/door/units/:unitId/deliveries (CONDO-15): the unit's deliveries of the last days, newest first. */
function getUnitDeliveries(unitId: number): Promise<Delivery[]> {
  return apiClient.get<Delivery[]>(doorApi.unitDeliveries(unitId));
}

export function useUnitDeliveries(unitId: number) {
  return useQuery(queryOptions({ queryKey: unitDeliveriesKey(unitId), queryFn: () => getUnitDeliveries(unitId) }));
}

/** POST /api/door/deliveries/:id/collect (CONDO-15): 'retirada', by this resident, now. */
function collectDelivery(id: number): Promise<Delivery> {
  return apiClient.post<Delivery>(doorApi.collect(id));
}

export function useCollectDelivery(unitId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: collectDelivery,
    onSettled: () => queryClient.invalidateQueries({ queryKey: unitDeliveriesKey(unitId) }),
  });
}

/** GET /api/door/deliveries/:id/photo (CONDO-15): the package's photo, for this unit's residents. */
export function getDeliveryPhoto(id: number): Promise<Blob> {
  return apiClient.get<Blob>(doorApi.deliveryPhoto(id), { responseType: 'blob' });
}
