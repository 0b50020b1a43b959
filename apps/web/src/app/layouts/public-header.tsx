import { useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { paths } from '@toque/contracts/routes';
import { brand } from '../../content/site';
import { navLabels, publicAccountLink, publicNav } from '../../content/navigation';
import { buttonClasses } from '../../components/ui/button';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-md px-3 py-2 text-sm font-medium ${isActive ? 'text-brand-700 underline underline-offset-4' : 'text-slate-800 hover:text-brand-700'}`;

export function PublicHeader() {
  const { pathname } = useLocation();
  // The mobile menu is open for one page: choosing another page closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;

  return (
    <header className="sticky top-0 z-20 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3">
        <Link
          to={paths.home}
          aria-label={navLabels.homeLink}
          className="text-2xl font-extrabold tracking-tight text-brand-700"
        >
          {brand.name}
        </Link>
        <button
          type="button"
          className={buttonClasses('ghost', 'sm', 'md:hidden')}
          aria-expanded={open}
          aria-controls={open ? 'menu-publico' : undefined}
          onClick={() => setOpenOn(open ? null : pathname)}
          onKeyDown={(event) => event.key === 'Escape' && setOpenOn(null)}
        >
          {open ? navLabels.closeMenu : navLabels.openMenu}
        </button>
        <nav aria-label={navLabels.mainMenu} className="hidden md:block">
          <ul className="flex items-center gap-1">
            {publicNav.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.end ?? false} className={linkClass}>
                  {item.label}
                </NavLink>
              </li>
            ))}
            <li>
              <Link to={publicAccountLink.to} className={buttonClasses('primary', 'sm', 'ml-2')}>
                {publicAccountLink.label}
              </Link>
            </li>
          </ul>
        </nav>
      </div>
      {open ? (
        <nav
          id="menu-publico"
          aria-label={navLabels.mainMenu}
          className="border-t border-slate-200 px-4 pb-4 md:hidden"
        >
          <ul className="flex flex-col gap-1 pt-2">
            {publicNav.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.end ?? false} className={linkClass}>
                  {item.label}
                </NavLink>
              </li>
            ))}
            <li>
              <Link to={publicAccountLink.to} className={buttonClasses('primary', 'sm', 'mt-2 w-full')}>
                {publicAccountLink.label}
              </Link>
            </li>
          </ul>
        </nav>
      ) : null}
    </header>
  );
}
