import { useQuery } from '@tanstack/react-query';
import { callsApi } from '@toque/contracts/calls';
import { apiClient } from '../../../lib/api-client';

export interface Place {
  locality: string | null;
  address: string | null;
}

/** GET /api/geocode/reverse?lat&lng (CALL-09): the provider is the server's business. */
function reverseGeocode(lat: number, lng: number): Promise<Place> {
  return apiClient.get<Place>(callsApi.reverseGeocode(lat, lng));
}

export function useReverseGeocode(lat: number | null, lng: number | null, lookup = true) {
  return useQuery({
    queryKey: ['reverse-geocode', lat, lng],
    queryFn: () => reverseGeocode(lat ?? 0, lng ?? 0),
    enabled: lookup && lat !== null && lng !== null,
    retry: false,
    staleTime: Infinity,
  });
}
