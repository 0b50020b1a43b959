const twoDecimals = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * Brazilian price format (PUB-02): 'R$ 54,90'. Built by hand around the number so the space after
 * R$ is a plain one (Intl puts a no-break space there, which breaks exact text matching); the
 * element that shows it keeps it on one line.
 */
export function formatPrice(value: number): string {
  return `R$ ${twoDecimals.format(value)}`;
}

/** Initials of a person's name for an avatar: first and last word. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  return `${first}${last}`.toUpperCase();
}
