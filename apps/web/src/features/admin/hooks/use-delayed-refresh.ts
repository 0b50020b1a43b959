import { useCallback, useEffect, useRef } from 'react';
import { LIST_REFRESH_MS } from '@toque/contracts/constants';

/**
 * ADM-03: the list reloads 3 s after a change, not at once — a few toggles in a row cost one
 * reload, and the switch the admin just flipped does not jump under the pointer. Another change
 * meanwhile starts the wait again; leaving the page cancels it.
 */
export function useDelayedRefresh(refresh: () => void, delayMs: number = LIST_REFRESH_MS): () => void {
  const timer = useRef<number | null>(null);
  const latest = useRef(refresh);
  useEffect(() => {
    latest.current = refresh;
  });
  useEffect(
    () => () => {
      if (timer.current !== null) window.clearTimeout(timer.current);
    },
    [],
  );
  return useCallback(() => {
    if (timer.current !== null) window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      timer.current = null;
      latest.current();
    }, delayMs);
  }, [delayMs]);
}
