/** Index arithmetic of the carousels: they wrap at both ends (PUB-03). */
export function wrapIndex(index: number, count: number): number {
  if (count <= 0) return 0;
  return ((index % count) + count) % count;
}

/** The `size` items visible from `start`, wrapping past the end. */
export function visibleWindow<T>(items: readonly T[], start: number, size: number): T[] {
  const shown = Math.min(size, items.length);
  return Array.from({ length: shown }, (_, offset) => items[wrapIndex(start + offset, items.length)]!);
}
