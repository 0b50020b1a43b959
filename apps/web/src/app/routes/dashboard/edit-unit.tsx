import { useParams } from 'react-router';
import { condoUi } from '@toque/contracts/admin-ui';
import { EditUnit } from '../../../features/condominium/components/edit-unit';
import { PageHeader } from './page-header';

/** CONDO-04: /dashboard/meus-produtos/apartamentos/:condoCode/:id/edit-apartamento. */
export function EditUnitPage() {
  const { condoCode, id } = useParams();
  return (
    <section className="max-w-2xl">
      <PageHeader title={condoUi.headings.editUnit} />
      <EditUnit key={`${condoCode}/${id}`} condoCode={condoCode} id={id} />
    </section>
  );
}
