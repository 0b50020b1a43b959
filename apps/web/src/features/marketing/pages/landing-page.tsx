import { ui } from '@toque/contracts/ui';
import { storeConfig } from '../../../content/config';
import { landing } from '../../../content/campaign';
import { homeText } from '../../../content/home';
import { brand } from '../../../content/site';
import { BuyButton } from '../components/buy-button';
import { PageMeta } from '../components/page-meta';
import { ProductCard } from '../components/product-card';
import { Section } from '../components/section';
import { TestimonialsCarousel } from '../components/testimonials-carousel';
import { siteLabels } from '../../../content/site-labels';

/** PUB-11: campaign page — buy button, testimonials, a card per tag, slogan. */
export function LandingPage() {
  return (
    <>
      <PageMeta title={`${landing.title} | ${brand.name}`} description={landing.text} />
      <section className="bg-linear-to-br from-brand-800 to-brand-600 text-white">
        <div className="mx-auto grid max-w-6xl items-center gap-8 px-4 py-14 md:grid-cols-[1.2fr_1fr] md:py-20">
          <div>
            <p className="text-sm font-bold uppercase tracking-widest text-amber-300">{landing.eyebrow}</p>
            <h1 className="mt-3 text-4xl font-extrabold leading-tight md:text-5xl">{landing.title}</h1>
            <p className="mt-5 text-lg">{landing.text}</p>
            <BuyButton href={storeConfig.store} label={ui.site.buy.nowAlt} variant="secondary" className="mt-8" />
          </div>
          <img
            src="/images/tags/familia.svg"
            alt={siteLabels.allProductsAlt}
            width={480}
            height={360}
            fetchPriority="high"
            className="mx-auto h-auto w-full max-w-[16rem] rounded-[2rem] bg-white/95 p-4 shadow-xl md:max-w-md md:p-6"
          />
        </div>
      </section>
      <Section id="produtos" title={landing.productsTitle}>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {landing.cards.map((product) => (
            <ProductCard
              key={product.key}
              product={product}
              title={landing.cardTitles[product.key]}
              buyLabel={ui.site.buy.nowAlt}
              moreLabel={homeText.more}
            />
          ))}
        </ul>
      </Section>
      <Section id="depoimentos" title={ui.site.headings.testimonials} tone="bg-slate-50">
        <TestimonialsCarousel />
      </Section>
      <section aria-label={siteLabels.slogan} className="bg-brand-800">
        <div className="mx-auto flex max-w-6xl flex-col items-center gap-6 px-4 py-16 text-center">
          <p className="text-3xl font-extrabold text-white md:text-4xl">{landing.slogan}</p>
          <BuyButton href={storeConfig.store} label={ui.site.buy.nowAlt} variant="secondary" />
        </div>
      </section>
    </>
  );
}
