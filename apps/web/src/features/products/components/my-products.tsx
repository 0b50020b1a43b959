import { useSearchParams } from 'react-router';
import type { Product } from '@toque/contracts/products';
import { dashboardUi } from '@toque/contracts/dashboard-ui';
import { Tabs } from '../../../components/ui/tabs';
import { useProducts } from '../api/list-products';
import { tagCopy } from '../copy';
import { defaultTab, isTagTabId, tagsOfTab, tagTabs, type TagTabId } from '../tag-kinds';
import { ProductsStatus } from './products-status';
import { TagList } from './tag-list';

/** The tab lives in the address (?aba=pets), so a reload or a shared link opens the same tab. */
const TAB_PARAM = 'aba';

function TabbedTags({ products }: { products: Product[] }) {
  const [params, setParams] = useSearchParams();
  const fromUrl = params.get(TAB_PARAM);
  const selected: TagTabId = isTagTabId(fromUrl) ? fromUrl : defaultTab(products);
  const tags = tagsOfTab(products, selected);

  const select = (tab: TagTabId) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(TAB_PARAM, tab);
        return next;
      },
      { replace: true },
    );

  return (
    <Tabs
      label={dashboardUi.tabs.label}
      tabs={tagTabs.map((tab) => ({ id: tab.id, label: tab.label, badge: tagsOfTab(products, tab.id).length }))}
      selected={selected}
      onSelect={select}
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
