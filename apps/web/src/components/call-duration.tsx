import { useEffect, useState } from 'react';
import { formatDuration, isoDuration } from '../lib/call-duration';

/**
 * CALL-14: how long the call has lasted since `since` (epoch ms), refreshed every second. Not a
 * live region: a screen reader reads it when asked, it does not recite every second.
 */
export function CallDuration({ since, label, className = '' }: { since: number; label: string; className?: string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const ms = Math.max(0, now - since);
  return (
    <p className={className} data-call-duration>
      <span className="font-semibold">{label}: </span>
      <time dateTime={isoDuration(ms)} className="tabular-nums">
        {formatDuration(ms)}
      </time>
    </p>
  );
}
