import { doorApi, type CreateDeliveryBody, type CreateDeliveryResponse } from '@toque/contracts/door';
import { apiClient, createApiClient } from '../../../lib/api-client';

/** POST /api/public/tags/:code/deliveries (CONDO-15): a courier's notice; nothing rings. */
export function leaveDelivery(code: string, body: CreateDeliveryBody): Promise<CreateDeliveryResponse> {
  return apiClient.post<CreateDeliveryResponse>(doorApi.deliver(code), body);
}

/**
 * PUT /api/public/deliveries/:id/photo (CONDO-15): the package's photo, the file as the body. Its
 * bearer is the notice's one-time token — never this browser's session, should the courier have one.
 */
export function attachDeliveryPhoto(id: number, photoToken: string, file: Blob): Promise<{ message: string }> {
  return createApiClient({ getToken: () => photoToken }).put<{ message: string }>(
    doorApi.deliveryPhotoUpload(id),
    file,
  );
}
