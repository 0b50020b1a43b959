import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False in prerendered HTML and while it hydrates, true once the app runs. A prerendered form is on
 * screen before its handlers: submitted then, the browser would send it as a GET, putting the
 * password in the address bar and the server's logs.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
