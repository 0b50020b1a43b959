import { Outlet } from 'react-router';
import { SiteFooter } from '../../features/marketing/components/layout/site-footer';
import { SiteHeader } from '../../features/marketing/components/layout/site-header';
import { PageSuspense } from './page-suspense';
import { MAIN_ID, SkipLink } from './skip-link';

export function PublicLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <SiteHeader />
      <main id={MAIN_ID} tabIndex={-1} className="flex-1 focus:outline-none">
        <PageSuspense>
          <Outlet />
        </PageSuspense>
      </main>
      <SiteFooter />
    </div>
  );
}
