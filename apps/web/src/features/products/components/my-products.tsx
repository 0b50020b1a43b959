import { useState } from 'react';
import type { Product } from '@toque/contracts/products';
import { dashboardUi } from '@toque/contracts/dashboard-ui';
import { Tabs } from '../../../components/ui/tabs';
import { useProducts } from '../api/list-products';
import { tagCopy } from '../copy';
import { defaultTab, tagsOfTab, tagTabs, type TagTabId } from '../tag-kinds';
import { ProductsStatus } from './products-status';
import { TagList } from './tag-list';

function TabbedTags({ products }: { products: Product[] }) {
  // Kept in the page, not in the address: a navigation would scroll to the top and remount the
  // layout, losing the focus that the arrow keys just moved to the tab (NAV-05).
  const [chosen, setChosen] = useState<TagTabId | null>(null);
  const selected = chosen ?? defaultTab(products);
  const tags = tagsOfTab(products, selected);

  return (
    <Tabs
      label={dashboardUi.tabs.label}
      tabs={tagTabs.map((tab) => ({ id: tab.id, label: tab.label, badge: tagsOfTab(products, tab.id).length }))}
      selected={selected}
      onSelect={setChosen}
    >
      {tags.length === 0 ? (
        <p className="py-6 text-slate-700">{tagCopy.tabEmpty}</p>
      ) : (
        // Keyed by tab: another tab starts with every row closed.
        <TagList key={selected} tags={tags} withActions headingLevel={2} />
      )}
    </Tabs>
  );
}

/** TAG-03: my products in four tabs, with the list states of DASH-06. */
export function MyProducts() {
  const query = useProducts();
  return <ProductsStatus query={query}>{(products) => <TabbedTags products={products} />}</ProductsStatus>;
}
