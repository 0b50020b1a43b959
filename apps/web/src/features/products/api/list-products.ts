import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '@toque/contracts/products';
import { productsApi } from '@toque/contracts/routes';
import { apiClient } from '../../../lib/api-client';
import { useSession } from '../../../lib/use-session';

/** GET /products/listProducts: owned tags, tags shared with me and the plates of my units. */
export function listProducts(): Promise<Product[]> {
  return apiClient.get<Product[]>(productsApi.list);
}

export const productsQueryKey = ['products', 'list'] as const;

export const productsQueryOptions = () => queryOptions({ queryKey: productsQueryKey, queryFn: listProducts });

/** TAG-08: products load only when logged in. */
export function useProducts() {
  const { token } = useSession();
  return useQuery({ ...productsQueryOptions(), enabled: token !== null });
}
