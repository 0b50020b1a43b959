import { useCallback, useEffect, useState, type FocusEvent } from 'react';
import { wrapIndex } from '../carousel';
import { useReducedMotion } from './use-reduced-motion';

export interface AutoAdvance {
  index: number;
  next: () => void;
  previous: () => void;
  goTo: (index: number) => void;
  /** Spread on the carousel: pointer over it or focus inside it holds it still (WCAG 2.2.2). */
  holdProps: {
    onMouseEnter: () => void;
    onMouseLeave: () => void;
    onFocus: () => void;
    onBlur: (event: FocusEvent<HTMLElement>) => void;
  };
  paused: boolean;
  setPaused: (paused: boolean) => void;
  /** Auto-advance is running (not held, not paused, motion allowed). */
  running: boolean;
}

/**
 * Index of a wrapping carousel that advances by one every `intervalMs` (PUB-01, PUB-03). Each
 * change restarts the wait, so a click on an arrow gives the new item its full time.
 */
export function useAutoAdvance(count: number, intervalMs: number): AutoAdvance {
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [paused, setPaused] = useState(false);
  const reducedMotion = useReducedMotion();
  const running = !hovered && !focused && !paused && !reducedMotion && count > 1;

  useEffect(() => {
    if (!running) return;
    const timer = window.setTimeout(() => setIndex((current) => wrapIndex(current + 1, count)), intervalMs);
    return () => window.clearTimeout(timer);
  }, [running, index, count, intervalMs]);

  const next = useCallback(() => setIndex((current) => wrapIndex(current + 1, count)), [count]);
  const previous = useCallback(() => setIndex((current) => wrapIndex(current - 1, count)), [count]);
  const goTo = useCallback((target: number) => setIndex(wrapIndex(target, count)), [count]);

  const holdProps = {
    onMouseEnter: () => setHovered(true),
    onMouseLeave: () => setHovered(false),
    onFocus: () => setFocused(true),
    onBlur: (event: FocusEvent<HTMLElement>) => {
      if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
    },
  };

  return { index, next, previous, goTo, holdProps, paused, setPaused, running };
}
