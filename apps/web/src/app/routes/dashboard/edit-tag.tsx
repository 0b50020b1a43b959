import { useParams } from 'react-router';
import { dashboardUi } from '@toque/contracts/dashboard-ui';
import { EditTag } from '../../../features/products/components/edit-tag';
import { PageHeader } from './page-header';

/** TAG-05 / TAG-07 / TAG-09: /dashboard/meus-produtos/edit-toque/:code. */
export function EditTagPage() {
  const { code = '' } = useParams();
  return (
    <section className="max-w-2xl">
      <PageHeader title={dashboardUi.headings.editTag} />
      <EditTag code={code} />
    </section>
  );
}
