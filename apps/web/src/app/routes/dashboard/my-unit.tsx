import { Link, useParams } from 'react-router';
import { condoUi } from '@toque/contracts/admin-ui';
import { doorUi } from '@toque/contracts/door';
import { condoMsg, msg } from '@toque/contracts/messages';
import { paths } from '@toque/contracts/routes';
import { UnitDeliveries } from '../../../features/door/components/unit-deliveries';
import { UnitPasses } from '../../../features/door/components/unit-passes';
import { useMyUnits } from '../../../features/products/api/list-my-units';
import { PageHeader } from './page-header';

function BackToProducts() {
  return (
    <Link to={paths.products} className="tap-target font-semibold text-brand-700 underline">
      {condoUi.backToProducts}
    </Link>
  );
}

/** CONDO-15 / CONDO-16: /dashboard/minha-unidade/:unitId — a resident's deliveries and expected visitors. */
export function MyUnitPage() {
  const { unitId = '' } = useParams();
  const units = useMyUnits({ enabled: true });
  const unit = units.data?.find((u) => String(u.unit_id) === unitId);
  return (
    <section>
      <PageHeader title={doorUi.myUnitTitle} intro={unit ? `${unit.condominium_name} · ${condoUi.residentView.unit(unit.unit_name)}` : undefined} />
      {units.isPending ? (
        <p role="status" className="py-6 text-slate-700">
          {msg.tagsLoading}
        </p>
      ) : !unit ? (
        <div className="space-y-4">
          <p role="alert" className="rounded-lg bg-amber-50 px-3 py-2 font-medium text-amber-900">
            {condoMsg.unitNotFound}
          </p>
          <BackToProducts />
        </div>
      ) : (
        <div className="space-y-10">
          <UnitDeliveries unitId={unit.unit_id} />
          <UnitPasses unitId={unit.unit_id} />
          <BackToProducts />
        </div>
      )}
    </section>
  );
}
