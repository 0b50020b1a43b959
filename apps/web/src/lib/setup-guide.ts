import { TAG_CODE_PATTERN } from '@toque/contracts/constants';
import { setupGuideStorageKey } from '@toque/contracts/ringing';

/**
 * ACC-05: the tag whose setup steps are under way, and the step reached, in localStorage — written
 * when onboarding (or a logged-in claim) links a tag, cleared when the steps are done or skipped, so
 * a reload resumes where the owner was. Same-tab subscribers are told of every change.
 */
export interface SetupGuideState {
  code: string;
  step: number;
}

const listeners = new Set<() => void>();
let cached: { raw: string | null; value: SetupGuideState | null } = { raw: null, value: null };

function readRaw(): string | null {
  try {
    return window.localStorage.getItem(setupGuideStorageKey);
  } catch {
    return null;
  }
}

function parse(raw: string | null): SetupGuideState | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<SetupGuideState>;
    // Codes are stored as minted: upper case.
    if (typeof value.code !== 'string' || !TAG_CODE_PATTERN.test(value.code) || value.code !== value.code.toUpperCase()) return null;
    const step = typeof value.step === 'number' && Number.isInteger(value.step) && value.step >= 0 ? value.step : 0;
    return { code: value.code, step };
  } catch {
    return null;
  }
}

function write(value: SetupGuideState | null): void {
  try {
    if (value) window.localStorage.setItem(setupGuideStorageKey, JSON.stringify(value));
    else window.localStorage.removeItem(setupGuideStorageKey);
  } catch {
    // Storage refused: the steps simply are not offered.
  }
  listeners.forEach((listener) => listener());
}

export const setupGuide = {
  /** The same object while the stored text is unchanged (useSyncExternalStore needs that). */
  read(): SetupGuideState | null {
    const raw = readRaw();
    if (raw !== cached.raw) cached = { raw, value: parse(raw) };
    return cached.value;
  },
  start(code: string): void {
    write({ code: code.toUpperCase(), step: 0 });
  },
  goTo(step: number): void {
    const now = setupGuide.read();
    if (now) write({ ...now, step });
  },
  end(): void {
    write(null);
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
