import { doorApi, type CreateDeliveryBody } from '@toque/contracts/door';
import { apiClient } from '../../../lib/api-client';

/** POST /api/public/tags/:code/deliveries (CONDO-15): a courier's notice; nothing rings. */
export async function leaveDelivery(code: string, body: CreateDeliveryBody): Promise<void> {
  await apiClient.post(doorApi.deliver(code), body);
}
