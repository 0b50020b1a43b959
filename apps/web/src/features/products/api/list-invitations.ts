import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Invitation } from '@toque/contracts/products';
import { productsApi } from '@toque/contracts/routes';
import { apiClient } from '../../../lib/api-client';

/** GET /products/:code/invitations: invitations sent to e-mails with no account yet (TAG-11). */
function listInvitations(code: string): Promise<Invitation[]> {
  return apiClient.get<Invitation[]>(productsApi.invitations(code));
}

export const invitationsQueryKey = (code: string) => ['products', 'invitations', code.toUpperCase()] as const;

export function useInvitations(code: string) {
  return useQuery(queryOptions({ queryKey: invitationsQueryKey(code), queryFn: () => listInvitations(code) }));
}
