import { useEffect, useState } from 'react';
import { useFinderText } from '../i18n';

const secondsUntil = (deadline: number) => Math.max(0, Math.ceil((deadline - Date.now()) / 1000));

/**
 * CALL-15: the seconds the call still rings, to the server's own deadline (its ring timeout, from
 * its answer to the call). A timer, not a live region: a screen reader is not told every second.
 */
export function Countdown({ deadline }: { deadline: number }) {
  const { t } = useFinderText();
  const [left, setLeft] = useState(() => secondsUntil(deadline));
  useEffect(() => {
    const tick = () => setLeft(secondsUntil(deadline));
    tick();
    const timer = setInterval(tick, 250);
    return () => clearInterval(timer);
  }, [deadline]);
  return (
    <p
      role="timer"
      aria-live="off"
      className="text-sm font-medium text-slate-700 tabular-nums"
      data-seconds-left={left}
    >
      {t.timeLeft(left)}
    </p>
  );
}
