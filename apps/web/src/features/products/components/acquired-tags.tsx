import { useProducts } from '../api/list-products';
import { ProductsStatus } from './products-status';
import { TagList } from './tag-list';

/** DASH-04: the 'Toques adquiridos' block's list: every tag, each expandable. */
export function AcquiredTags() {
  const query = useProducts();
  return (
    <ProductsStatus query={query}>
      {(products) => <TagList tags={products} withActions={false} headingLevel={3} />}
    </ProductsStatus>
  );
}
