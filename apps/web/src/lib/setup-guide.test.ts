import { afterEach, describe, expect, test, vi } from 'vitest';
import { setupGuideStorageKey } from '@toque/contracts/ringing';
import { setupGuide } from './setup-guide';

afterEach(() => window.localStorage.clear());

describe("onboarding's setup steps, remembered by the browser", () => {
  test('[ACC-05] a linked tag starts at the first step; the step reached is kept until the end', () => {
    const heard = vi.fn();
    const stop = setupGuide.subscribe(heard);
    setupGuide.start('abcd2345');
    expect(setupGuide.read()).toEqual({ code: 'ABCD2345', step: 0 });
    setupGuide.goTo(3);
    expect(setupGuide.read()).toEqual({ code: 'ABCD2345', step: 3 });
    // The same object while nothing changed (what useSyncExternalStore needs).
    expect(setupGuide.read()).toBe(setupGuide.read());
    setupGuide.end();
    expect(setupGuide.read()).toBeNull();
    expect(window.localStorage.getItem(setupGuideStorageKey)).toBeNull();
    expect(heard).toHaveBeenCalledTimes(3);
    stop();
  });

  test('[ACC-05] anything else stored under the key is no guide: bad JSON, a bad code, a bad step', () => {
    for (const raw of ['{', '"ABCD2345"', '{"code":"abc"}', '{"code":"ABCD2345;x"}']) {
      window.localStorage.setItem(setupGuideStorageKey, raw);
      expect(setupGuide.read(), raw).toBeNull();
    }
    window.localStorage.setItem(setupGuideStorageKey, '{"code":"ABCD2345","step":-2}');
    expect(setupGuide.read()).toEqual({ code: 'ABCD2345', step: 0 });
    // Moving on without a guide under way starts nothing.
    setupGuide.end();
    setupGuide.goTo(2);
    expect(setupGuide.read()).toBeNull();
  });
});
