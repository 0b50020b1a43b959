import { useRef } from 'react';
import { ui } from '@toque/contracts/ui';
import { videos } from '../../../content/home';
import { CarouselButton } from './carousel-button';
import { LiteVideo } from './lite-video';
import { siteLabels } from '../../../content/site-labels';

const labels = ui.site.carousel;

/** PUB-06: six videos in a row that scrolls (and swipes) a page at a time. */
export function VideoCarousel() {
  const track = useRef<HTMLUListElement>(null);

  function scroll(direction: 1 | -1) {
    const list = track.current;
    if (!list) return;
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    const atEnd = list.scrollLeft + list.clientWidth >= list.scrollWidth - 4;
    const atStart = list.scrollLeft <= 4;
    // Past the last page the row starts over, like the other carousels.
    const left =
      direction === 1 && atEnd
        ? 0
        : direction === -1 && atStart
          ? list.scrollWidth
          : list.scrollLeft + direction * list.clientWidth;
    list.scrollTo({ left, behavior: reduce ? 'auto' : 'smooth' });
  }

  return (
    <div aria-roledescription={siteLabels.carousel} aria-label={ui.site.headings.videos}>
      <ul
        ref={track}
        className="-mx-4 flex snap-x snap-mandatory gap-4 overflow-x-auto scroll-px-4 px-4 pb-2 [scrollbar-width:thin]"
      >
        {videos.map((video) => (
          <li
            key={video.youtubeId}
            className="w-[85%] shrink-0 snap-start sm:w-[calc(50%-0.5rem)] lg:w-[calc((100%-2rem)/3)]"
          >
            <LiteVideo video={video} />
          </li>
        ))}
      </ul>
      <div className="mt-6 flex justify-center gap-4">
        <CarouselButton direction="previous" label={labels.videosPrevious} onClick={() => scroll(-1)} />
        <CarouselButton direction="next" label={labels.videosNext} onClick={() => scroll(1)} />
      </div>
    </div>
  );
}
