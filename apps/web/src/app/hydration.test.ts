import { describe, expect, it } from 'vitest';
import { shouldHydrate } from './hydration';

describe('shouldHydrate', () => {
  it('[PERF-03] hydrates the prerendered page that is being opened', () => {
    expect(shouldHydrate('/', '/', false)).toBe(true);
    expect(shouldHydrate('/pulseiras', '/pulseiras/', true)).toBe(true);
  });
  it('renders from scratch over the shell or another page', () => {
    expect(shouldHydrate(undefined, '/dashboard', true)).toBe(false);
    expect(shouldHydrate('/', '/dashboard', true)).toBe(false);
  });
  it('[AUTH-01] renders from scratch a guest page a logged-in visitor opens (it redirects)', () => {
    expect(shouldHydrate('/login', '/login', true)).toBe(false);
    expect(shouldHydrate('/login', '/login', false)).toBe(true);
  });
});
