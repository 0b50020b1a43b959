import { useEffect } from 'react';
import { TITLE_BLINK_MS } from '@toque/contracts/constants';

/** CALL-04: while ringing, the tab's title alternates with `text` every second; restored after. */
export function useTitleBlink(text: string, active: boolean) {
  useEffect(() => {
    if (!active) return;
    const original = document.title;
    let showing = false;
    const timer = setInterval(() => {
      showing = !showing;
      document.title = showing ? text : original;
    }, TITLE_BLINK_MS);
    return () => {
      clearInterval(timer);
      document.title = original;
    };
  }, [text, active]);
}
