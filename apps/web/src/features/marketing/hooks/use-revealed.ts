import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useReducedMotion } from './use-reduced-motion';

const subscribeNever = () => () => {};

/** Share of an element that must be on screen before it fades in (PUB-16). */
const REVEAL_THRESHOLD = 0.3;

/**
 * True once the element has been at least 30 % visible; at once for users who prefer reduced
 * motion (PUB-16). Stays true: content does not vanish again when scrolled away.
 */
export function useRevealed<T extends Element>() {
  const ref = useRef<T>(null);
  const reducedMotion = useReducedMotion();
  const [seen, setSeen] = useState(false);

  // Without IntersectionObserver (old browsers, jsdom) there is nothing to wait for. The prerender
  // assumes it exists, so the HTML starts hidden like the hydrated page.
  const observable = useSyncExternalStore(
    subscribeNever,
    () => typeof IntersectionObserver !== 'undefined',
    () => true,
  );

  useEffect(() => {
    const element = ref.current;
    // `observable` is the prerender's assumption during hydration: check the real thing.
    if (seen || reducedMotion || !observable || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting && entry.intersectionRatio >= REVEAL_THRESHOLD)) {
          setSeen(true);
          observer.disconnect();
        }
      },
      { threshold: REVEAL_THRESHOLD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [seen, reducedMotion, observable]);

  return { ref, revealed: seen || reducedMotion || !observable };
}
