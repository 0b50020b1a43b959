import { useQuery } from '@tanstack/react-query';
import { tagDisplayName, type Product } from '@toque/contracts/products';
import { productsApi } from '@toque/contracts/routes';
import { apiClient } from '../../../lib/api-client';

/**
 * ACC-05: the tag being set up, from GET /products/listProducts (the list every other screen
 * reads; the cache key is theirs, so a save here shows everywhere). Null when it is not the user's.
 */
export function useSetupTag(code: string) {
  return useQuery({
    queryKey: ['products', 'list'],
    queryFn: async () =>
      (await apiClient.get<Product[]>(productsApi.list)).map((tag) => ({ ...tag, name: tagDisplayName(tag) })),
    select: (list: Product[]) => list.find((tag) => tag.code === code && tag.isOwner) ?? null,
  });
}
