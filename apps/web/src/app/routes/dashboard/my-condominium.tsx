import { Link, Navigate } from 'react-router';
import { condoUi } from '@toque/contracts/admin-ui';
import { msg } from '@toque/contracts/messages';
import { paths } from '@toque/contracts/routes';
import { useOwnedPlates } from '../../../features/products/hooks/use-owned-plates';
import { PageHeader } from './page-header';

const m = condoUi.manage;

/** CONDO-14: /dashboard/meu-condominio — the síndico's building (its units page), or a choice of buildings. */
export function MyCondominiumPage() {
  const { plates, isPending, isError } = useOwnedPlates();
  if (!isPending && !isError && plates.length === 1) return <Navigate to={paths.units(plates[0]!.code)} replace />;
  return (
    <section>
      <PageHeader title={m.heading} />
      {isPending ? (
        <p role="status" className="py-6 text-slate-700">
          {msg.tagsLoading}
        </p>
      ) : isError ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 font-medium text-red-800">
          {msg.unitsLoadError}
        </p>
      ) : plates.length === 0 ? (
        <div className="space-y-4">
          <p className="text-slate-700">{m.noPlate}</p>
          <Link to={paths.products} className="tap-target font-semibold text-brand-700 underline">
            {condoUi.backToProducts}
          </Link>
        </div>
      ) : (
        <div className="space-y-3">
          <p className="text-slate-700">{m.choosePlate}</p>
          <ul className="space-y-2">
            {plates.map((plate) => (
              <li key={plate.code}>
                <Link to={paths.units(plate.code)} className="tap-target font-semibold text-brand-700 underline">
                  {`${plate.name} (${plate.code})`}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
