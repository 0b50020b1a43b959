import { ui } from '@toque/contracts/ui';
import { faq } from '../../../content/faq';
import { homeText } from '../../../content/home';
import { products } from '../../../content/products';
import { contact } from '../../../content/contact';
import { brand } from '../../../content/site';
import { AppPromo } from '../components/app-promo';
import { Banner } from '../components/banner';
import { ExternalLink } from '../components/external-link';
import { FaqList } from '../components/faq-list';
import { HowItWorks } from '../components/how-it-works';
import { PageMeta } from '../components/page-meta';
import { PartnerMarquee } from '../components/partner-marquee';
import { ProductCard } from '../components/product-card';
import { Section } from '../components/section';
import { TestimonialsCarousel } from '../components/testimonials-carousel';
import { VideoCarousel } from '../components/video-carousel';

const headings = ui.site.headings;

/** PUB-01: banner, highlights, testimonials, videos, how it works, app, FAQ (#faq), partners. */
export function HomePage() {
  return (
    <>
      <PageMeta title={`${brand.name} | ${brand.slogan}`} description={brand.pitch} />
      <h1 className="sr-only">{`${brand.name}: ${brand.slogan}`}</h1>
      <Banner />

      <Section id="produtos" title={headings.highlights} intro={homeText.highlightsIntro}>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {products.map((product) => (
            <ProductCard key={product.key} product={product} buyLabel={ui.site.buy.now} moreLabel={homeText.more} />
          ))}
        </ul>
      </Section>

      <Section id="depoimentos" title={headings.testimonials} intro={homeText.testimonialsIntro} tone="bg-slate-50">
        <TestimonialsCarousel />
      </Section>

      <Section id="videos" title={headings.videos} intro={homeText.videosIntro}>
        <VideoCarousel />
      </Section>

      <Section id="como-funciona" title={headings.howItWorks} intro={homeText.howItWorksIntro} tone="bg-slate-50">
        <HowItWorks />
      </Section>

      <section id="app" aria-labelledby="app-titulo" className="scroll-mt-20 bg-brand-800">
        <div className="mx-auto max-w-6xl px-4 py-14 md:py-20">
          <h2 id="app-titulo" className="text-center text-3xl font-extrabold text-white md:text-4xl">
            {headings.app}
          </h2>
          <div className="mt-10">
            <AppPromo />
          </div>
        </div>
      </section>

      <Section id="faq" title={headings.faq} intro={homeText.faqIntro}>
        <FaqList items={faq} idPrefix="faq" />
        <p className="mt-8 text-center">
          <ExternalLink
            href={contact.whatsappHref}
            className="tap-target font-semibold text-brand-700 underline underline-offset-4"
          >
            {contact.whatsappLabel}
          </ExternalLink>
        </p>
      </Section>

      <Section id="parceiros" title={headings.partners} intro={homeText.partnersIntro} tone="bg-slate-50">
        <PartnerMarquee />
      </Section>
    </>
  );
}
