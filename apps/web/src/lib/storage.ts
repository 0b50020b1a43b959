import { storageKeys } from '@toque/contracts/constants';

/**
 * localStorage can throw (privacy modes, quota, disabled storage): the app then behaves as
 * logged out instead of crashing.
 */
function safely<T>(action: () => T, fallback: T): T {
  try {
    return action();
  } catch {
    return fallback;
  }
}

/** The session token under `authToken` (AUTH-05). */
export const tokenStorage = {
  read(): string | null {
    return safely(() => window.localStorage.getItem(storageKeys.authToken), null) || null;
  },
  write(token: string): void {
    safely(() => window.localStorage.setItem(storageKeys.authToken, token), undefined);
  },
  clear(): void {
    safely(() => window.localStorage.removeItem(storageKeys.authToken), undefined);
  },
  key: storageKeys.authToken,
};

export type TokenStorage = typeof tokenStorage;
