import { Link } from 'react-router';
import { paths } from '@toque/contracts/routes';
import { buttonClasses } from '../../../components/ui/button';
import { homeCopy } from '../../../content/pages';
import { brand, perMonth, productSummaries } from '../../../content/site';

/** A simple home; the full one (banner, testimonials, FAQ…) is PUB-01's issue. */
export function HomePage() {
  return (
    <>
      <title>{`${brand.name} | ${brand.slogan}`}</title>
      <section className="bg-brand-700 text-white">
        <div className="mx-auto max-w-6xl px-4 py-16 md:py-24">
          <h1 className="max-w-2xl text-4xl font-extrabold leading-tight md:text-5xl">{brand.slogan}</h1>
          <p className="mt-6 max-w-2xl text-lg text-brand-50">{brand.pitch}</p>
          <p className="mt-8 flex flex-wrap items-center gap-3">
            <span>{homeCopy.loginPrompt}</span>
            <Link to={paths.login} className={buttonClasses('secondary', 'md')}>
              {homeCopy.loginLink}
            </Link>
          </p>
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-14" aria-labelledby="produtos">
        <h2 id="produtos" className="text-2xl font-bold text-slate-900">
          {homeCopy.productsTitle}
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {productSummaries.map((product) => (
            <li key={product.path} className="flex flex-col rounded-2xl border border-slate-200 p-5 shadow-sm">
              <h3 className="text-lg font-bold text-slate-900">
                <Link to={product.path} className="hover:text-brand-700">
                  {product.name}
                </Link>
              </h3>
              <p className="mt-2 flex-1 text-slate-700">{product.description}</p>
              <p className="mt-4 text-xl font-bold text-brand-700">
                {product.price}
                <span className="text-sm font-medium text-slate-600">{perMonth}</span>
              </p>
            </li>
          ))}
        </ul>
      </section>

      <section className="bg-slate-50" aria-labelledby="como-funciona">
        <div className="mx-auto max-w-6xl px-4 py-14">
          <h2 id="como-funciona" className="text-2xl font-bold text-slate-900">
            {homeCopy.howTitle}
          </h2>
          <ol className="mt-6 grid gap-4 md:grid-cols-3">
            {homeCopy.how.map((step, index) => (
              <li key={step} className="rounded-2xl bg-white p-5 shadow-sm">
                <span className="text-3xl font-extrabold text-brand-700">{index + 1}</span>
                <p className="mt-2 text-slate-800">{step}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>
    </>
  );
}
