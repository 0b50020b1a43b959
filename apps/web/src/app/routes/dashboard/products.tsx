import { dashboardUi } from '@toque/contracts/dashboard-ui';
import { AddTagButton } from '../../../features/products/components/add-tag-button';
import { MyProducts } from '../../../features/products/components/my-products';
import { PageHeader } from './page-header';

/** TAG-03: my products, in four tabs; the add-tag modal is here too (TAG-02). */
export function ProductsPage() {
  return (
    <section>
      <PageHeader title={dashboardUi.headings.products} actions={<AddTagButton />} />
      <MyProducts />
    </section>
  );
}
