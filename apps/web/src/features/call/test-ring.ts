import type { TestCall } from '@toque/contracts/ringing';

/*
 * CALL-16: the test call ringing in this tab, as a tiny store: the card shows it, and the shell
 * keeps other dialogs (the onboarding steps) out of the way while it rings.
 */
let current: TestCall | null = null;
const listeners = new Set<() => void>();

export const testRing = {
  current: (): TestCall | null => current,
  start(test: TestCall): void {
    current = test;
    listeners.forEach((listener) => listener());
  },
  stop(): void {
    if (!current) return;
    current = null;
    listeners.forEach((listener) => listener());
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
