import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { PlatePosition, PlatePositionBody, platePositionResponse } from '@toque/contracts/geofence';
import { condoApi } from '@toque/contracts/routes';
import { apiClient } from '../../../lib/api-client';

type PlatePositionResponse = z.infer<typeof platePositionResponse>;

const key = (qrCode: string) => ['condominium', 'plate-position', qrCode.toUpperCase()] as const;

/** GET /condominium/plate-position?qrCode= (CONDO-17): where the plate hangs and its fence. */
function getPlatePosition(qrCode: string): Promise<PlatePosition> {
  return apiClient.get<PlatePosition>(`${condoApi.platePosition}?qrCode=${encodeURIComponent(qrCode)}`);
}

/** PUT /condominium/plate-position (CONDO-17): the síndico places the plate and sets the fence. */
function setPlatePosition(body: PlatePositionBody): Promise<PlatePositionResponse> {
  return apiClient.put<PlatePositionResponse>(condoApi.platePosition, body);
}

export function usePlatePosition(qrCode: string) {
  return useQuery({ queryKey: key(qrCode), queryFn: () => getPlatePosition(qrCode), enabled: qrCode !== '' });
}

export function useSetPlatePosition(qrCode: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPlatePosition,
    onSuccess: (saved) => queryClient.setQueryData(key(qrCode), saved),
  });
}
