import { Link } from 'react-router';
import { condoUi } from '@toque/contracts/admin-ui';
import { paths } from '@toque/contracts/routes';
import { buttonClasses } from '../../../components/ui/button';
import { useOwnedPlates } from '../hooks/use-owned-plates';

/** CONDO-14: 'Meu condomínio', one tap from the dashboard — only for a síndico. */
export function MyCondominiumLink() {
  const { plates } = useOwnedPlates();
  if (plates.length === 0) return null;
  const to = plates.length === 1 ? paths.units(plates[0]!.code) : paths.myCondominium;
  return (
    <Link to={to} className={buttonClasses('secondary', 'md')}>
      {condoUi.manage.nav}
    </Link>
  );
}
