import { useEffect, useRef, useState } from 'react';
import { MARQUEE_SPEED } from '@toque/contracts/constants';
import { ui } from '@toque/contracts/ui';
import { partners } from '../../../content/home';
import { useReducedMotion } from '../hooks/use-reduced-motion';

const labels = ui.site.carousel;

function Logos({ copy }: { copy: boolean }) {
  return (
    <ul
      aria-hidden={copy || undefined}
      data-marquee-copy={copy}
      className="flex shrink-0 items-center gap-12 pr-12 motion-reduce:flex-wrap motion-reduce:justify-center motion-reduce:pr-0"
    >
      {partners.map((partner) => (
        <li key={partner.name}>
          <img
            src={partner.logo}
            alt={copy ? '' : partner.name}
            width={240}
            height={48}
            loading="lazy"
            className="h-12 w-auto"
          />
        </li>
      ))}
    </ul>
  );
}

/**
 * PUB-07: partner wordmarks scrolling at MARQUEE_SPEED px/s. The list is drawn twice and moved by
 * one list's width, so the loop has no seam. Users who prefer less motion get a still grid.
 */
export function PartnerMarquee() {
  const track = useRef<HTMLDivElement>(null);
  const animation = useRef<Animation | null>(null);
  const reducedMotion = useReducedMotion();
  const [paused, setPaused] = useState(false);
  const [hovered, setHovered] = useState(false);

  useEffect(() => {
    const element = track.current;
    const first = element?.firstElementChild as HTMLElement | null;
    if (!element || !first || reducedMotion || typeof element.animate !== 'function') return;
    const start = () => {
      const distance = first.offsetWidth;
      animation.current?.cancel();
      animation.current = element.animate(
        [{ transform: 'translateX(0)' }, { transform: `translateX(-${distance}px)` }],
        {
          duration: (distance / MARQUEE_SPEED) * 1000,
          iterations: Infinity,
        },
      );
    };
    start();
    const observer = new ResizeObserver(start);
    observer.observe(first);
    return () => {
      observer.disconnect();
      animation.current?.cancel();
      animation.current = null;
    };
  }, [reducedMotion]);

  useEffect(() => {
    if (paused || hovered) animation.current?.pause();
    else animation.current?.play();
  }, [paused, hovered, reducedMotion]);

  return (
    <div className="flex flex-col items-center gap-6">
      <div
        className="w-full overflow-hidden [mask-image:linear-gradient(90deg,transparent,#000_8%,#000_92%,transparent)] motion-reduce:[mask-image:none]"
        onMouseEnter={() => setHovered(true)}
        onMouseLeave={() => setHovered(false)}
      >
        <div ref={track} data-marquee className="flex w-max motion-reduce:w-full motion-reduce:justify-center">
          <Logos copy={false} />
          {reducedMotion ? null : <Logos copy />}
        </div>
      </div>
      {reducedMotion ? null : (
        <button
          type="button"
          onClick={() => setPaused((value) => !value)}
          className="min-h-11 rounded-full px-4 py-2 text-sm font-semibold text-slate-800 ring-1 ring-slate-300 hover:bg-slate-100"
        >
          {paused ? labels.marqueePlay : labels.marqueePause}
        </button>
      )}
    </div>
  );
}
