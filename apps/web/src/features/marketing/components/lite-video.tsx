import { useState } from 'react';
import { ui } from '@toque/contracts/ui';
import type { Video } from '../../../content/home';

/**
 * A light video thumbnail (PUB-06): drawn locally, so the page loads nothing from YouTube. The
 * privacy-enhanced player (youtube-nocookie.com, allowed by the server's CSP) loads on click.
 */
export function LiteVideo({ video }: { video: Video }) {
  const [playing, setPlaying] = useState(false);
  if (playing) {
    return (
      <iframe
        src={`https://www.youtube-nocookie.com/embed/${encodeURIComponent(video.youtubeId)}?autoplay=1&rel=0`}
        title={video.title}
        allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
        allowFullScreen
        // The click moved focus to a button that no longer exists: give it to the player.
        ref={(frame) => frame?.focus()}
        className="aspect-video w-full rounded-2xl bg-black"
      />
    );
  }
  return (
    <button
      type="button"
      onClick={() => setPlaying(true)}
      aria-label={`${ui.site.carousel.playVideo}: ${video.title}`}
      className="group relative block aspect-video w-full overflow-hidden rounded-2xl bg-linear-to-br from-brand-800 to-brand-600 text-left"
    >
      <img
        src={video.image}
        alt=""
        width={320}
        height={240}
        loading="lazy"
        className="absolute right-2 top-2 h-3/4 w-auto opacity-90"
      />
      <span className="absolute inset-0 flex items-center justify-center">
        <span className="flex size-16 items-center justify-center rounded-full bg-white/95 shadow-lg transition-transform group-hover:scale-110">
          <svg aria-hidden="true" viewBox="0 0 24 24" className="ml-1 size-7 fill-brand-700">
            <path d="M8 5v14l11-7z" />
          </svg>
        </span>
      </span>
      <span className="absolute inset-x-0 bottom-0 bg-linear-to-t from-black/80 to-transparent p-4 pt-10">
        <span className="block font-bold text-white">{video.title}</span>
        <span className="text-sm text-white">{video.duration}</span>
      </span>
    </button>
  );
}
