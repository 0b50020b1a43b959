import { CAROUSEL_MS } from '@toque/contracts/constants';
import { ui } from '@toque/contracts/ui';
import { testimonials, type Testimonial } from '../../../content/home';
import { visibleWindow } from '../carousel';
import { useAutoAdvance } from '../hooks/use-auto-advance';
import { CarouselButton } from './carousel-button';
import { siteLabels } from '../../../content/site-labels';

const labels = ui.site.carousel;
const VISIBLE = 3;

function Card({ testimonial, slot }: { testimonial: Testimonial; slot: number }) {
  return (
    <li
      data-testimonial={testimonial.userName}
      // One card on phones, three from md up (PUB-03).
      className={`flex-col rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 ${slot === 0 ? 'flex' : 'hidden md:flex'}`}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-8 fill-brand-100">
        <path d="M9 7H5a2 2 0 0 0-2 2v4a2 2 0 0 0 2 2h2v2a2 2 0 0 1-2 2h-.5v2H5a4 4 0 0 0 4-4zm12 0h-4a2 2 0 0 0-2 2v4a2 2 0 0 0 2 2h2v2a2 2 0 0 1-2 2h-.5v2h.5a4 4 0 0 0 4-4z" />
      </svg>
      <blockquote className="mt-3 flex-1 text-slate-800">
        <p>{testimonial.text}</p>
      </blockquote>
      <div className="mt-6 flex items-center gap-3">
        <img
          src={testimonial.profilePicture}
          alt=""
          width={48}
          height={48}
          loading="lazy"
          className="size-12 rounded-full"
        />
        <p className="text-sm">
          <span className="block font-bold text-slate-900">{testimonial.userName}</span>
          <span className="text-slate-700">
            {siteLabels.bought} {testimonial.boughtProduct}
          </span>
        </p>
      </div>
    </li>
  );
}

/** PUB-03: three cards, arrows, a step every CAROUSEL_MS, wrapping at both ends. */
export function TestimonialsCarousel() {
  const carousel = useAutoAdvance(testimonials.length, CAROUSEL_MS);
  const shown = visibleWindow(testimonials, carousel.index, VISIBLE);
  return (
    <div aria-roledescription={siteLabels.carousel} aria-label={ui.site.headings.testimonials} {...carousel.holdProps}>
      <ul className="grid gap-6 md:grid-cols-3" aria-live={carousel.running ? 'off' : 'polite'}>
        {shown.map((testimonial, slot) => (
          <Card key={testimonial.userName} testimonial={testimonial} slot={slot} />
        ))}
      </ul>
      <div className="mt-8 flex items-center justify-center gap-4">
        <CarouselButton direction="previous" label={labels.testimonialsPrevious} onClick={carousel.previous} />
        <p className="min-w-16 text-center text-sm font-medium text-slate-700" aria-hidden="true">
          {carousel.index + 1} / {testimonials.length}
        </p>
        <CarouselButton direction="next" label={labels.testimonialsNext} onClick={carousel.next} />
      </div>
    </div>
  );
}
