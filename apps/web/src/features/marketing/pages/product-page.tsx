import { Link } from 'react-router';
import { ui } from '@toque/contracts/ui';
import { productPages, type ProductPageContent } from '../../../content/product-pages';
import { products, productsByKey, type ProductContent, type ProductKey } from '../../../content/products';
import { brand } from '../../../content/site';
import { BuyButton } from '../components/buy-button';
import { FaqList } from '../components/faq-list';
import { PageMeta } from '../components/page-meta';
import { Price } from '../components/price';
import { siteLabels } from '../../../content/site-labels';

/** Card data and page copy of one tag. */
type ProductView = ProductContent & ProductPageContent;

function buyLabel(product: ProductContent): string {
  return `${ui.site.buy.product} ${product.productName}`;
}

function Hero({ product }: { product: ProductView }) {
  return (
    <section aria-labelledby="produto-titulo" className="bg-linear-to-br from-brand-800 to-brand-600 text-white">
      <div className="mx-auto grid max-w-6xl items-center gap-8 px-4 py-12 md:grid-cols-[1.2fr_1fr] md:py-20">
        <div>
          <p className="text-sm font-bold uppercase tracking-widest text-amber-300">{product.eyebrow}</p>
          <h1 id="produto-titulo" className="mt-3 text-3xl font-extrabold leading-tight md:text-5xl">
            {product.title}
          </h1>
          <p className="mt-5 text-lg text-white">{product.lead}</p>
          <Price value={product.price} className="mt-6" />
          <p className="text-sm text-brand-50">{product.priceUnit}</p>
          <BuyButton href={product.storeUrl} label={buyLabel(product)} variant="secondary" className="mt-6" />
        </div>
        <img
          src={product.image}
          alt={product.imageAlt}
          width={480}
          height={360}
          fetchPriority="high"
          className="mx-auto h-auto w-full max-w-[16rem] rounded-[2rem] bg-white/95 p-4 shadow-xl md:max-w-md md:p-6"
        />
      </div>
    </section>
  );
}

function Details({ product }: { product: ProductView }) {
  return (
    <>
      <section aria-labelledby="beneficios" className="mx-auto max-w-6xl px-4 py-14">
        <h2 id="beneficios" className="text-2xl font-extrabold text-slate-900 md:text-3xl">
          {siteLabels.whyChoose(product.productName)}
        </h2>
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {product.benefits.map((benefit) => (
            <li key={benefit.title} className="rounded-2xl bg-slate-50 p-6 ring-1 ring-slate-200">
              <h3 className="text-lg font-bold text-slate-900">{benefit.title}</h3>
              <p className="mt-2 text-slate-700">{benefit.text}</p>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="uso" className="bg-slate-50">
        <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 md:grid-cols-2">
          <div>
            <h2 id="uso" className="text-2xl font-extrabold text-slate-900">
              {product.useCasesTitle}
            </h2>
            <ul className="mt-6 flex flex-col gap-3">
              {product.useCases.map((useCase) => (
                <li key={useCase} className="flex gap-3 text-slate-800">
                  <svg
                    aria-hidden="true"
                    viewBox="0 0 24 24"
                    className="mt-0.5 size-5 shrink-0 fill-none stroke-brand-700 stroke-[3]"
                  >
                    <path d="M5 12l5 5L20 7" />
                  </svg>
                  {useCase}
                </li>
              ))}
            </ul>
          </div>
          <div>
            <h2 className="text-2xl font-extrabold text-slate-900">{product.stepsTitle}</h2>
            <ol className="mt-6 flex flex-col gap-4">
              {product.steps.map((step, index) => (
                <li key={step} className="flex gap-4 text-slate-800">
                  <span
                    aria-hidden="true"
                    className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-700 font-bold text-white"
                  >
                    {index + 1}
                  </span>
                  {step}
                </li>
              ))}
            </ol>
          </div>
        </div>
      </section>
    </>
  );
}

function Closing({ product }: { product: ProductView }) {
  const others = products.filter((other) => other.key !== product.key);
  return (
    <>
      <section aria-labelledby="duvidas" className="mx-auto max-w-6xl px-4 py-14">
        <h2 id="duvidas" className="mb-8 text-center text-2xl font-extrabold text-slate-900">
          {siteLabels.questionsAbout(product.productName)}
        </h2>
        <FaqList items={product.questions} idPrefix="duvida" />
        <div className="mt-12 flex flex-col items-center gap-4 rounded-3xl bg-brand-50 px-6 py-10 text-center">
          <p className="text-2xl font-extrabold text-slate-900">{brand.slogan}</p>
          <Price value={product.price} className="text-brand-700" />
          <BuyButton href={product.storeUrl} label={buyLabel(product)} />
        </div>
      </section>
      <nav aria-label={siteLabels.otherProducts} className="border-t border-slate-200">
        <ul className="mx-auto flex max-w-6xl flex-wrap justify-center gap-3 px-4 py-8">
          {others.map((other) => (
            <li key={other.key}>
              <Link
                to={other.path}
                className="inline-flex min-h-11 items-center rounded-full px-4 py-2 font-semibold text-brand-700 ring-1 ring-brand-100 hover:bg-brand-50"
              >
                {other.name}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}

/** PUB-10: a tag's own page, with its price and buy button. */
export function ProductPage({ productKey }: { productKey: ProductKey }) {
  const product: ProductView = { ...productsByKey[productKey], ...productPages[productKey] };
  return (
    <>
      <PageMeta title={`${product.name} | ${brand.name}`} description={product.summary} />
      <Hero product={product} />
      <Details product={product} />
      <Closing product={product} />
    </>
  );
}

export const BraceletsPage = () => <ProductPage productKey="bracelet" />;
export const CollarsPage = () => <ProductPage productKey="collar" />;
export const ObjectsPage = () => <ProductPage productKey="object" />;
export const DoorbellsPage = () => <ProductPage productKey="doorbell" />;
