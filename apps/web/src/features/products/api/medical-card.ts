import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { medicalCardApi, type MedicalCard, type MedicalCardBody } from '@toque/contracts/medical-card';
import { apiClient } from '../../../lib/api-client';

/** FIND-11: GET/PUT /products/:code/medical-card (a wristband's owner only). */
const cardKey = (code: string) => ['products', 'medical-card', code.toUpperCase()] as const;

export function useMedicalCard(code: string) {
  return useQuery({ queryKey: cardKey(code), queryFn: () => apiClient.get<MedicalCard>(medicalCardApi.card(code)) });
}

export function useSaveMedicalCard(code: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MedicalCardBody) => apiClient.put<MedicalCard>(medicalCardApi.card(code), body),
    onSuccess: (saved) => queryClient.setQueryData(cardKey(code), saved),
  });
}
