import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { CLIENTS_PAGE_SIZE, TOTAL_COUNT_HEADER, type Client } from '@toque/contracts/admin';
import { adminApi } from '@toque/contracts/routes';
import { apiClient } from '../../../lib/api-client';

export interface ClientsPage {
  clients: Client[];
  /** Every client that matches, on all pages (the x-total-count header, ADM-08). */
  total: number;
}

/** GET /products/listQrcodes?search=&page=&pageSize= (ADM-03, ADM-08): searched and paginated on the server. */
export async function listClients(search: string, page: number, pageSize = CLIENTS_PAGE_SIZE): Promise<ClientsPage> {
  const query = new URLSearchParams({ search, page: String(page), pageSize: String(pageSize) });
  const { data, headers } = await apiClient.getWithHeaders<Client[]>(`${adminApi.listClients}?${query.toString()}`);
  const total = Number(headers.get(TOTAL_COUNT_HEADER));
  return { clients: data, total: Number.isFinite(total) && total > 0 ? total : data.length };
}

export const clientsQueryRoot = ['admin', 'clients'] as const;

export const clientsQueryOptions = (search: string, page: number) =>
  queryOptions({
    queryKey: [...clientsQueryRoot, { search, page }],
    queryFn: () => listClients(search, page),
    staleTime: 0,
    // The page or the search changes without the list blinking away meanwhile.
    placeholderData: keepPreviousData,
  });

export function useClients(search: string, page: number) {
  return useQuery(clientsQueryOptions(search, page));
}
