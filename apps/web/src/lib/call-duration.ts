const two = (n: number) => String(n).padStart(2, '0');

function parts(ms: number) {
  const total = Number.isFinite(ms) ? Math.max(0, Math.floor(ms / 1000)) : 0;
  return { h: Math.floor(total / 3600), m: Math.floor((total % 3600) / 60), s: total % 60 };
}

/** CALL-14: how long a call has lasted, as both call screens show it: mm:ss, and h:mm:ss from the first hour on. */
export function formatDuration(ms: number): string {
  const { h, m, s } = parts(ms);
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
}

/** The same length as an ISO 8601 duration, for `<time dateTime>` (PT1M5S). */
export function isoDuration(ms: number): string {
  const { h, m, s } = parts(ms);
  return `PT${h ? `${h}H` : ''}${m ? `${m}M` : ''}${s}S`;
}
