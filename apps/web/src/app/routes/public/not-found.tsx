import { Link } from 'react-router';
import { msg } from '@toque/contracts/messages';
import { paths } from '@toque/contracts/routes';
import { ui } from '@toque/contracts/ui';
import { buttonClasses } from '../../../components/ui/button';

/** PUB-13 */
export function NotFoundPage() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <title>{`${msg.notFoundTitle} | Toque`}</title>
      <p aria-hidden="true" className="text-7xl font-extrabold text-brand-700">
        404
      </p>
      <h1 className="mt-4 text-3xl font-bold text-slate-900">{msg.notFoundTitle}</h1>
      <p className="mt-3 text-lg text-slate-700">{msg.notFoundText}</p>
      <Link to={paths.home} className={buttonClasses('primary', 'lg', 'mt-8')}>
        {ui.buttons.backHome}
      </Link>
    </section>
  );
}
