import { useEffect, useState } from 'react';

/** The current time, refreshed every second (CALL-05 shows it beside the map). */
export function useClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}
