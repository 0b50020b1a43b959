import { useCallback } from 'react';
import { Link, NavLink } from 'react-router';
import { paths } from '@toque/contracts/routes';
import { ui } from '@toque/contracts/ui';
import { navLabels, publicNav } from '../../../../content/navigation';
import { buttonClasses } from '../../../../components/ui/button';
import { useDrawerState, useMenuState } from '../../hooks/use-menu-state';
import { useHasToken } from '../../hooks/use-has-token';
import { ContactMenuItem } from './contact-menu-item';
import { MobileMenu } from './mobile-menu';
import { brand } from '../../../../content/site';

/** The desktop Contato item and the side menu's one are separate items: each screen size has one. */
const CONTACT = 'contato';
const SIDE_CONTACT = 'contato-lateral';
const drawerId = 'menu-lateral';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-md px-3 py-2 text-sm font-medium ${isActive ? 'text-brand-700 underline underline-offset-4' : 'text-slate-800 hover:text-brand-700'}`;

function Logo() {
  return (
    <Link
      to={paths.home}
      aria-label={navLabels.homeLink}
      className="flex min-h-11 items-center gap-2 text-2xl font-extrabold tracking-tight text-brand-700"
    >
      <svg aria-hidden="true" viewBox="0 0 32 32" className="size-8">
        <rect width="32" height="32" rx="8" fill="currentColor" />
        <path
          fill="#fff"
          d="M7 7h7v7H7zm2 2v3h3V9zm9-2h7v7h-7zm2 2v3h3V9zM7 18h7v7H7zm2 2v3h3v-3zm9-2h3v3h-3zm4 4h3v3h-3zm-4 0h3v3h-3z"
        />
      </svg>
      {brand.name}
    </Link>
  );
}

/** Public header (NAV-01…03): inline menu from lg up, side menu below it. */
export function SiteHeader() {
  const menu = useMenuState();
  const drawer = useDrawerState();
  const { open, close, toggle } = menu;
  const openContact = useCallback(() => open(CONTACT), [open]);
  const closeContact = useCallback(() => close(CONTACT), [close]);
  const toggleContact = useCallback(() => toggle(CONTACT), [toggle]);
  const toggleSideContact = useCallback(() => toggle(SIDE_CONTACT), [toggle]);
  const loggedIn = useHasToken();

  return (
    <header className="sticky top-0 z-20 border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3">
        <Logo />
        <nav aria-label={ui.site.nav.mainMenu} className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {publicNav.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.end ?? false} className={linkClass}>
                  {item.label}
                </NavLink>
              </li>
            ))}
            <ContactMenuItem
              open={menu.openItem === CONTACT}
              onOpen={openContact}
              onClose={closeContact}
              onToggle={toggleContact}
            />
            {/* Logged in, 'Minha área' beside the menu is the way in: below 1280 px there is no room for both. */}
            <li className={loggedIn ? 'hidden xl:block' : undefined}>
              <Link to={paths.login} className={buttonClasses(loggedIn ? 'secondary' : 'primary', 'sm', 'ml-2')}>
                {ui.site.nav.account}
              </Link>
            </li>
          </ul>
        </nav>
        <div className="flex items-center gap-2">
          {/* CALL-17: logged in, the way back to the account area is in the header itself, not only in the menu. */}
          {loggedIn ? (
            <Link to={paths.dashboard} className={buttonClasses('primary', 'sm', 'min-h-11')}>
              {ui.site.nav.myArea}
            </Link>
          ) : null}
          <button
            type="button"
            className={buttonClasses('ghost', 'sm', 'lg:hidden')}
            aria-label={ui.site.nav.openMenu}
            aria-expanded={drawer.open}
            aria-controls={drawerId}
            aria-haspopup="dialog"
            onClick={() => drawer.setOpen(true)}
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="size-7 fill-none stroke-current stroke-2">
              <path d="M4 6h16M4 12h16M4 18h16" />
            </svg>
          </button>
        </div>
      </div>
      <MobileMenu
        id={drawerId}
        open={drawer.open}
        onClose={() => drawer.setOpen(false)}
        contactOpen={menu.openItem === SIDE_CONTACT}
        onToggleContact={toggleSideContact}
      />
    </header>
  );
}
