import { useSyncExternalStore } from 'react';
import { tokenStorage } from '../../../lib/storage';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('storage', onChange);
  return () => window.removeEventListener('storage', onChange);
}

/**
 * Whether a session token is stored (NAV-01: 'Login' or 'Área Logada'). Reads storage directly
 * instead of the session store, which would bring the API client into the public pages' bundle.
 * Prerendered HTML is the logged-out view; hydration then shows the real state.
 */
export function useHasToken(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => tokenStorage.read() !== null,
    () => false,
  );
}
