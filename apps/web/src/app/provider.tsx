import type { ReactNode } from 'react';
import { ToastHost } from './toast-host';

/**
 * What every page needs, and nothing more: the public pages are prerendered and their first load
 * is budgeted (PERF-03). The API client, the session and the query cache come with
 * layouts/services-layout.tsx, which wraps every page that uses them.
 */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <ToastHost />
    </>
  );
}
