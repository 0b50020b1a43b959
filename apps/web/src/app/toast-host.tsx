import { lazy, Suspense, useSyncExternalStore } from 'react';

/*
 * Toasts are raised only by the account, dashboard and call code, so react-toastify stays out of
 * the public pages' first load (PERF-03). The container mounts, for the rest of the visit, the
 * first time a page of that code is shown; a toast raised before it mounts waits in
 * react-toastify's queue.
 */
const Toasts = lazy(async () => {
  const [{ ToastContainer }, { toastContainerProps }] = await Promise.all([
    import('react-toastify'),
    import('../lib/toast'),
  ]);
  return { default: () => <ToastContainer {...toastContainerProps} /> };
});

let wanted = false;
const listeners = new Set<() => void>();

/** Called by the layouts of the code that raises toasts. */
export function enableToasts(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function ToastHost() {
  const show = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  return show ? (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  ) : null;
}
