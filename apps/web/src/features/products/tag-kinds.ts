import { CONDOMINIUM_PRODUCT_ID, productImage } from '@toque/contracts/constants';
import type { Product } from '@toque/contracts/products';
import { dashboardUi } from '@toque/contracts/dashboard-ui';

/** TAG-03: the four tabs of my products, in order, and the product types each one holds (TAG-01). */
export const tagTabs = [
  { id: 'residencias', label: dashboardUi.tabs.residencias, productIds: [2, CONDOMINIUM_PRODUCT_ID] },
  { id: 'pessoas', label: dashboardUi.tabs.pessoas, productIds: [1] },
  { id: 'pets', label: dashboardUi.tabs.pets, productIds: [3] },
  { id: 'objetos', label: dashboardUi.tabs.objetos, productIds: [4] },
] as const satisfies ReadonlyArray<{ id: string; label: string; productIds: readonly number[] }>;

export type TagTabId = (typeof tagTabs)[number]['id'];

export function tagsOfTab(products: readonly Product[], tab: TagTabId): Product[] {
  const ids: readonly number[] = tagTabs.find((t) => t.id === tab)?.productIds ?? [];
  return products.filter((p) => ids.includes(p.product_id));
}

/** The tab to open first: the first that holds a tag, else the first. */
export function defaultTab(products: readonly Product[]): TagTabId {
  return tagTabs.find((tab) => tagsOfTab(products, tab.id).length > 0)?.id ?? tagTabs[0].id;
}

/** Picture of each product type: the same path the API gives as `image_url`. */
export const tagImage = productImage;

/**
 * TAG-03 / ADM-06: the status a tag reads as: 'Ativo' for its owner, 'Membro' for the others;
 * a tag an administrator switched off reads 'Inativo' to its owner, never 'Ativo'.
 */
export function tagStatusLabel(tag: Pick<Product, 'isOwner' | 'is_active'>): string {
  if (!tag.isOwner) return dashboardUi.status.member;
  return tag.is_active ? dashboardUi.status.owner : dashboardUi.status.inactive;
}
