import { useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient, queryClient } from '../../lib/query-client';
import { session } from '../../lib/session';
import { tokenStorage } from '../../lib/storage';
import { enableToasts } from '../toast-host';
import { PageSuspense } from './page-suspense';

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

/**
 * Every page that talks to the API (account, dashboard, onboarding, call, finder) sits under this
 * lazily loaded layout: the query cache, the session and the toasts come with it, not with the
 * public pages (PERF-03).
 */
export function ServicesLayout() {
  useEffect(enableToasts, []);
  // A server render (the prerender, the finder's page per request: PERF-05) gets a cache of its own,
  // so nothing one render saw is kept for the next.
  const [client] = useState(() => (typeof window === 'undefined' ? createQueryClient() : queryClient));
  return (
    <QueryClientProvider client={client}>
      <SessionSync />
      <PageSuspense>
        <Outlet />
      </PageSuspense>
    </QueryClientProvider>
  );
}
