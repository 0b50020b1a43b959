import { queryOptions, useQuery } from '@tanstack/react-query';
import { tagDisplayName, type Product } from '@toque/contracts/products';
import { productsApi } from '@toque/contracts/routes';
import { apiClient } from '../../../lib/api-client';
import { useSession } from '../../../lib/use-session';

/**
 * GET /products/listProducts: owned tags, tags shared with me and the plates of my units. A tag
 * saved without a name (before TAG-10) shows its default name on every screen.
 */
async function listProducts(): Promise<Product[]> {
  const products = await apiClient.get<Product[]>(productsApi.list);
  return products.map((tag) => ({ ...tag, name: tagDisplayName(tag) }));
}

export const productsQueryKey = ['products', 'list'] as const;

const productsQueryOptions = () => queryOptions({ queryKey: productsQueryKey, queryFn: listProducts });

/** TAG-08: products load only when logged in. */
export function useProducts() {
  const { token } = useSession();
  return useQuery({ ...productsQueryOptions(), enabled: token !== null });
}
