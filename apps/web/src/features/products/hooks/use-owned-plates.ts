import { CONDOMINIUM_PRODUCT_ID } from '@toque/contracts/constants';
import { useProducts } from '../api/list-products';

/** CONDO-14: the plates the signed-in user is the síndico of (owns), from the products list already loaded. */
export function useOwnedPlates() {
  const products = useProducts();
  const plates = (products.data ?? []).filter((p) => p.product_id === CONDOMINIUM_PRODUCT_ID && p.isOwner);
  return { plates, isPending: products.isPending, isError: products.isError };
}
