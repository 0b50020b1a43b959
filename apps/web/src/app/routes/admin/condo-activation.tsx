import { Link } from 'react-router';
import { paths } from '@toque/contracts/routes';
import { adminUi } from '@toque/contracts/admin-ui';
import { buttonClasses } from '../../../components/ui/button';
import { ActivationForm } from '../../../features/admin/components/activation-form';
import { PageHeader } from '../dashboard/page-header';

/** ADM-02: /dashboard/ativacao-de-condominio (admins only, ADM-01); exit goes to /dashboard. */
export function CondoActivationPage() {
  return (
    <section className="max-w-2xl">
      <PageHeader
        title={adminUi.headings.activation}
        intro={adminUi.activation.intro}
        actions={
          <Link to={paths.dashboard} className={buttonClasses('secondary')}>
            {adminUi.activation.exit}
          </Link>
        }
      />
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <ActivationForm />
      </div>
    </section>
  );
}
