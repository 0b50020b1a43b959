import { Outlet, ScrollRestoration } from 'react-router';

/** Every page: scroll to top on a new page, restore on back/forward (NAV-04). */
export function RootLayout() {
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
