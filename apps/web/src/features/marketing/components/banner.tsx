import { Link } from 'react-router';
import { BANNER_MS } from '@toque/contracts/constants';
import { ui } from '@toque/contracts/ui';
import { bannerSlides, type BannerSlide } from '../../../content/home';
import { buttonClasses } from '../../../components/ui/button';
import { useAutoAdvance } from '../hooks/use-auto-advance';
import { BuyButton } from './buy-button';
import { CarouselButton } from './carousel-button';
import { siteLabels } from '../../../content/site-labels';

const labels = ui.site.carousel;

function Slide({ slide, position, active }: { slide: BannerSlide; position: number; active: boolean }) {
  return (
    <div
      role="group"
      aria-roledescription={siteLabels.slide}
      aria-label={siteLabels.slidePosition(position + 1, bannerSlides.length, slide.eyebrow)}
      aria-hidden={!active}
      inert={!active}
      data-active={active}
      className={`col-start-1 row-start-1 bg-linear-to-br ${slide.tone} transition-[opacity,visibility] duration-700 ${active ? 'visible opacity-100' : 'invisible opacity-0'}`}
    >
      <div className="mx-auto grid max-w-6xl items-center gap-6 px-4 pb-24 pt-10 md:grid-cols-[1.2fr_1fr] md:pb-28 md:pt-16">
        <div className="text-white">
          <p className="text-sm font-bold uppercase tracking-widest text-amber-300">{slide.eyebrow}</p>
          <h2 className="mt-3 text-3xl font-extrabold leading-tight md:text-5xl">{slide.title}</h2>
          <p className="mt-4 max-w-xl text-lg text-white">{slide.text}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <BuyButton href={slide.storeUrl} label={ui.site.buy.now} variant="secondary" />
            <Link
              to={slide.moreLink.to}
              className={buttonClasses('ghost', 'lg', 'text-white ring-1 ring-white/70 hover:bg-white/10')}
            >
              {slide.moreLink.label}
            </Link>
          </div>
        </div>
        <img
          src={slide.image}
          alt={slide.imageAlt}
          width={480}
          height={360}
          fetchPriority={position === 0 ? 'high' : 'low'}
          className="mx-auto h-auto w-full max-w-[16rem] rounded-[2rem] bg-white/95 p-4 shadow-xl md:max-w-md md:p-6"
        />
      </div>
    </div>
  );
}

/** PUB-01: five slides, a new one every BANNER_MS; arrows, dots and a pause button. */
export function Banner() {
  const carousel = useAutoAdvance(bannerSlides.length, BANNER_MS);
  return (
    <section
      aria-roledescription={siteLabels.carousel}
      aria-label={ui.site.headings.banner}
      className="relative"
      {...carousel.holdProps}
    >
      <div className="grid" aria-live={carousel.running ? 'off' : 'polite'}>
        {bannerSlides.map((slide, position) => (
          <Slide key={slide.id} slide={slide} position={position} active={position === carousel.index} />
        ))}
      </div>
      <div className="absolute inset-x-0 bottom-5 mx-auto flex max-w-6xl items-center justify-center gap-1 px-2 sm:gap-3 sm:px-4 md:justify-start">
        <CarouselButton direction="previous" label={labels.bannerPrevious} onClick={carousel.previous} />
        <ul className="flex items-center">
          {bannerSlides.map((slide, position) => (
            <li key={slide.id}>
              <button
                type="button"
                onClick={() => carousel.goTo(position)}
                aria-label={`${labels.bannerSlide} ${position + 1}`}
                aria-current={position === carousel.index ? 'true' : undefined}
                className="flex size-11 items-center justify-center rounded-full"
              >
                <span
                  aria-hidden="true"
                  className={`block h-2.5 rounded-full transition-all ${position === carousel.index ? 'w-6 bg-white' : 'w-2.5 bg-white/60'}`}
                />
              </button>
            </li>
          ))}
        </ul>
        <CarouselButton direction="next" label={labels.bannerNext} onClick={carousel.next} />
        <button
          type="button"
          onClick={() => carousel.setPaused(!carousel.paused)}
          aria-label={carousel.paused ? labels.bannerPlay : labels.bannerPause}
          className="inline-flex size-11 items-center justify-center rounded-full text-white ring-1 ring-white/70 hover:bg-white/10"
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5 fill-current">
            <path d={carousel.paused ? 'M8 5v14l11-7z' : 'M7 5h4v14H7zm6 0h4v14h-4z'} />
          </svg>
        </button>
      </div>
    </section>
  );
}
