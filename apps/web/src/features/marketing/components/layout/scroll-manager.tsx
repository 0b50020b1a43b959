import { useEffect, useLayoutEffect, useRef } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router';
import { useReducedMotion } from '../../hooks/use-reduced-motion';

/** How long a hash target may take to appear (a lazily loaded page). */
const HASH_WAIT_MS = 3000;

function scrollToHash(hash: string, smooth: boolean): () => void {
  const id = decodeURIComponent(hash.slice(1));
  const started = performance.now();
  let frame = 0;
  const attempt = () => {
    const target = document.getElementById(id);
    if (target) target.scrollIntoView({ behavior: smooth ? 'smooth' : 'auto', block: 'start' });
    else if (performance.now() - started < HASH_WAIT_MS) frame = requestAnimationFrame(attempt);
  };
  attempt();
  return () => cancelAnimationFrame(frame);
}

/**
 * NAV-04: a new page starts at the top, a link with a hash glides to its element, and back/forward
 * return to where the reader was. (React Router's ScrollRestoration jumps to the hash instead.)
 */
export function ScrollManager() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const reducedMotion = useReducedMotion();
  const positions = useRef(new Map<string, number>());
  const first = useRef(true);

  useLayoutEffect(() => {
    window.history.scrollRestoration = 'manual';
    const saved = positions.current;
    const key = location.key;
    const remember = () => saved.set(key, window.scrollY);
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
  }, [location.key]);

  useEffect(() => {
    const initial = first.current;
    first.current = false;
    if (navigationType === NavigationType.Pop && !initial) {
      window.scrollTo(0, positions.current.get(location.key) ?? 0);
      return;
    }
    if (location.hash) return scrollToHash(location.hash, !reducedMotion && !initial);
    if (!initial) window.scrollTo(0, 0);
    // Only a change of page moves the view; the motion preference changing does not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key]);

  return null;
}
