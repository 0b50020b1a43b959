import { Link, Navigate, useParams } from 'react-router';
import { msg } from '@toque/contracts/messages';
import { paths } from '@toque/contracts/routes';
import { condoUi } from '@toque/contracts/admin-ui';
import { UnitsList } from '../../../features/condominium/components/units-list';
import { PlateDeliveriesToday } from '../../../features/door/components/plate-deliveries-today';
import { PlatePositionPanel } from '../../../features/condominium/components/plate-position-panel';
import { GatePanel } from '../../../features/condominium/components/gate-panel';
import { useProducts } from '../../../features/products/api/list-products';
import { CONDOMINIUM_PRODUCT_ID } from '@toque/contracts/constants';
import { useSession } from '../../../lib/use-session';
import { PageHeader } from './page-header';

function BackToProducts() {
  return (
    <Link to={paths.products} className="tap-target font-semibold text-brand-700 underline">
      {condoUi.backToProducts}
    </Link>
  );
}

/**
 * CONDO-01: the plate must be among my products (else back to my products), and mine: a resident
 * who sees the plate because of a unit is told to ask the síndico.
 */
function PlateGate({ condoCode }: { condoCode: string }) {
  const products = useProducts();
  const { isToqueAdmin } = useSession();
  if (products.isPending || isToqueAdmin === null) {
    return (
      <p role="status" className="py-6 text-slate-700">
        {msg.tagsLoading}
      </p>
    );
  }
  if (products.isError) {
    return (
      <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 font-medium text-red-800">
        {`Erro: ${products.error.message}`}
      </p>
    );
  }
  const plate = products.data.find(
    (p) => p.product_id === CONDOMINIUM_PRODUCT_ID && p.code.toUpperCase() === condoCode.toUpperCase(),
  );
  // ADM-07: an administrator manages any plate's units (to remove a resident), from the clients page.
  if (isToqueAdmin && !plate?.isOwner) {
    return (
      <div className="space-y-6">
        <UnitsList condoCode={condoCode.toUpperCase()} />
        <BackToProducts />
      </div>
    );
  }
  if (!plate) return <Navigate to={paths.products} replace />;
  if (!plate.isOwner) {
    return (
      <div className="space-y-4">
        <p role="alert" className="rounded-lg bg-amber-50 px-3 py-2 font-medium text-amber-900">
          {msg.condoNoPermission}
        </p>
        <BackToProducts />
      </div>
    );
  }
  return (
    <div className="space-y-6">
      <PlateDeliveriesToday code={plate.code} />
      <UnitsList condoCode={plate.code} plateUrl={plate.public_url} />
      {/* CONDO-17: the plate's position and whether a call needs the visitor at its door. */}
      <PlatePositionPanel condoCode={plate.code} />
      {/* CONDO-18: the building's gate, opened from the plate's calls. */}
      <GatePanel code={plate.code} />
      <BackToProducts />
    </div>
  );
}

/** CONDO-01/02/08: /dashboard/meus-produtos/apartamentos/:condoCode. */
export function UnitsPage() {
  const { condoCode = '' } = useParams();
  return (
    <section>
      <PageHeader title={condoUi.headings.units} />
      <PlateGate key={condoCode} condoCode={condoCode} />
    </section>
  );
}
