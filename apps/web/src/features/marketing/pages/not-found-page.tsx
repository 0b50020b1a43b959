import { Link } from 'react-router';
import { paths } from '@toque/contracts/routes';
import { buttonClasses } from '../../../components/ui/button';
import { notFound } from '../../../content/campaign';
import { brand } from '../../../content/site';
import { PageMeta } from '../components/page-meta';

/** PUB-13: any unknown path. */
export function NotFoundPage() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <PageMeta title={`${notFound.title} | ${brand.name}`} description={notFound.text} />
      <img src="/images/tags/objeto.svg" alt="" width={480} height={360} className="h-32 w-auto" />
      <p aria-hidden="true" className="mt-4 text-7xl font-extrabold text-brand-700">
        404
      </p>
      <h1 className="mt-4 text-3xl font-bold text-slate-900">{notFound.title}</h1>
      <p className="mt-3 text-xl font-semibold text-slate-800">{notFound.text}</p>
      <p className="mt-2 text-slate-700">{notFound.hint}</p>
      <Link to={paths.home} className={buttonClasses('primary', 'lg', 'mt-8')}>
        {notFound.back}
      </Link>
    </section>
  );
}
