import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { CLIENTS_PAGE_SIZE, TOTAL_COUNT_HEADER, type Client } from '@toque/contracts/admin';
import { adminApi } from '@toque/contracts/routes';
import { apiClient } from '../../../lib/api-client';

export interface ClientsPage {
  clients: Client[];
  /** Every client that matches, on all pages (the x-total-count header, ADM-08). */
  total: number;
}

/** ADM-09: the list's filters (off / empty: not sent). */
export interface ClientFilters {
  hasCondominium: boolean;
  hasInactiveTag: boolean;
  signedUpFrom: string;
  signedUpTo: string;
}

export const noClientFilters: ClientFilters = {
  hasCondominium: false,
  hasInactiveTag: false,
  signedUpFrom: '',
  signedUpTo: '',
};

/** GET /products/listQrcodes?search=&page=&pageSize=&… (ADM-03, ADM-08, ADM-09): searched, filtered and paginated on the server. */
async function listClients(
  search: string,
  page: number,
  filters: ClientFilters = noClientFilters,
  pageSize = CLIENTS_PAGE_SIZE,
): Promise<ClientsPage> {
  const query = new URLSearchParams({ search, page: String(page), pageSize: String(pageSize) });
  if (filters.hasCondominium) query.set('hasCondominium', 'true');
  if (filters.hasInactiveTag) query.set('hasInactiveTag', 'true');
  if (filters.signedUpFrom) query.set('signedUpFrom', filters.signedUpFrom);
  if (filters.signedUpTo) query.set('signedUpTo', filters.signedUpTo);
  const { data, headers } = await apiClient.getWithHeaders<Client[]>(`${adminApi.listClients}?${query.toString()}`);
  const total = Number(headers.get(TOTAL_COUNT_HEADER));
  return { clients: data, total: Number.isFinite(total) && total > 0 ? total : data.length };
}

export const clientsQueryRoot = ['admin', 'clients'] as const;

const clientsQueryOptions = (search: string, page: number, filters: ClientFilters = noClientFilters) =>
  queryOptions({
    queryKey: [...clientsQueryRoot, { search, page, filters }],
    queryFn: () => listClients(search, page, filters),
    staleTime: 0,
    // The page or the search changes without the list blinking away meanwhile.
    placeholderData: keepPreviousData,
  });

export function useClients(search: string, page: number, filters: ClientFilters = noClientFilters) {
  return useQuery(clientsQueryOptions(search, page, filters));
}
