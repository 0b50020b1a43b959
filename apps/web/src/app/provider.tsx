import { useEffect, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { ToastContainer } from 'react-toastify';
import { queryClient } from '../lib/query-client';
import { session } from '../lib/session';
import { tokenStorage } from '../lib/storage';
import { toastContainerProps } from '../lib/toast';

/** Loads the user of a stored token and follows logins and logouts made in other tabs. */
function SessionSync() {
  useEffect(() => {
    void session.ensureUser();
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === tokenStorage.key) session.syncFromStorage();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
  return null;
}

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionSync />
      {children}
      <ToastContainer {...toastContainerProps} />
    </QueryClientProvider>
  );
}
