import { queryOptions, useQuery } from '@tanstack/react-query';
import { doorApi, type PlateDelivery } from '@toque/contracts/door';
import { apiClient } from '../../../lib/api-client';

/** GET /api/door/plates/:code/deliveries/today (CONDO-15): the síndico's list of the day. */
function getPlateToday(code: string): Promise<PlateDelivery[]> {
  return apiClient.get<PlateDelivery[]>(doorApi.plateToday(code));
}

export function usePlateToday(code: string) {
  return useQuery(queryOptions({ queryKey: ['door', 'plate-today', code], queryFn: () => getPlateToday(code) }));
}
