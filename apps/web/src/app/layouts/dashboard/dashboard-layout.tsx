import { useEffect, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { conversationsUi } from '@toque/contracts/conversations';
import { paths } from '@toque/contracts/routes';
import { buttonClasses } from '../../../components/ui/button';
import { navLabels } from '../../../content/navigation';
import { brand } from '../../../content/site';
import { useConversationUnread } from '../../../features/conversations/api/conversations';
import { Breadcrumbs } from '../../../features/dashboard/components/breadcrumbs';
import { PageSuspense } from '../page-suspense';
import { MAIN_ID, SkipLink } from '../skip-link';
import { AccountMenu } from './account-menu';
import { DashboardNav } from './dashboard-nav';

const MENU_ID = 'menu-area-logada';

/** DASH-02/03: the shell of every logged-in page: top bar with the account menu, side menu, page. */
export function DashboardLayout() {
  const { pathname } = useLocation();
  // The menu is open for one page: choosing another page closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === pathname;
  const setMenuOpen = (open: boolean) => setOpenOn(open ? pathname : null);
  // FIND-06 / ACC-06: on a phone the menu is closed, so its button carries the unread count too.
  const unread = useConversationUnread().data?.unread ?? 0;
  const menuLabel = menuOpen ? navLabels.closeMenu : unread > 0 ? conversationsUi.openMenuUnread(unread) : navLabels.openMenu;

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => event.key === 'Escape' && setOpenOn(null);
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  return (
    <div className="min-h-dvh bg-slate-50">
      <SkipLink />
      <header className="sticky top-0 z-20 border-b border-slate-200 bg-white">
        <div className="flex items-center justify-between gap-3 px-4 py-3">
          <div className="flex items-center gap-2">
            <button
              type="button"
              className={buttonClasses('ghost', 'sm', 'relative lg:hidden')}
              aria-expanded={menuOpen}
              aria-controls={MENU_ID}
              aria-label={menuLabel}
              onClick={() => setMenuOpen(!menuOpen)}
            >
              {/* A phone's header has no room for the words: the icon, named for screen readers. */}
              <svg aria-hidden="true" viewBox="0 0 24 24" className="size-7 fill-none stroke-current stroke-2">
                <path d={menuOpen ? 'M6 6l12 12M18 6L6 18' : 'M4 6h16M4 12h16M4 18h16'} />
              </svg>
              {!menuOpen && unread > 0 ? (
                <span
                  aria-hidden="true"
                  data-testid="menu-unread"
                  className="absolute -top-1 -right-1 min-w-5 rounded-full bg-red-700 px-1.5 text-center text-xs leading-5 font-semibold text-white"
                >
                  {unread > 99 ? '99+' : unread}
                </span>
              ) : null}
            </button>
            <Link
              to={paths.home}
              aria-label={navLabels.homeLink}
              className="tap-target text-2xl font-extrabold tracking-tight text-brand-700"
            >
              {brand.name}
            </Link>
          </div>
          <AccountMenu />
        </div>
      </header>
      <div className="lg:flex">
        <aside
          id={MENU_ID}
          className={`${menuOpen ? 'block' : 'hidden'} border-b border-slate-200 bg-white lg:block lg:min-h-[calc(100dvh-61px)] lg:w-64 lg:shrink-0 lg:border-r lg:border-b-0`}
        >
          <DashboardNav />
        </aside>
        <main id={MAIN_ID} tabIndex={-1} className="min-w-0 flex-1 px-4 py-6 focus:outline-none md:px-8">
          <Breadcrumbs />
          <PageSuspense>
            <Outlet />
          </PageSuspense>
        </main>
      </div>
    </div>
  );
}
