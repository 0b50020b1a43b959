import { Outlet } from 'react-router';
import { PageSuspense } from './page-suspense';
import { PublicFooter } from './public-footer';
import { PublicHeader } from './public-header';
import { MAIN_ID, SkipLink } from './skip-link';

export function PublicLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <PublicHeader />
      <main id={MAIN_ID} tabIndex={-1} className="flex-1 focus:outline-none">
        <PageSuspense>
          <Outlet />
        </PageSuspense>
      </main>
      <PublicFooter />
    </div>
  );
}
