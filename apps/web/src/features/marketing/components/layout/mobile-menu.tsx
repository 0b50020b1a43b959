import { useEffect, useRef, type KeyboardEvent } from 'react';
import { Link, NavLink } from 'react-router';
import { paths } from '@toque/contracts/routes';
import { ui } from '@toque/contracts/ui';
import { publicNav } from '../../../../content/navigation';
import { buttonClasses } from '../../../../components/ui/button';
import { useHasToken } from '../../hooks/use-has-token';
import { ContactPanel } from './contact-panel';
import { brand } from '../../../../content/site';

interface MobileMenuProps {
  id: string;
  open: boolean;
  onClose: () => void;
  contactOpen: boolean;
  onToggleContact: () => void;
}

const contactId = 'menu-lateral-contato';

/**
 * Keeps Tab inside the open menu (NAV-05): a modal <dialog> makes the page inert, but Tab after
 * its last control would still leave for the browser's own interface.
 */
function trapTab(event: KeyboardEvent<HTMLDialogElement>) {
  if (event.key !== 'Tab') return;
  const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>('a[href], button:not([disabled])')].filter(
    (element) => element.offsetParent !== null,
  );
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-lg px-4 py-3 text-base font-semibold ${isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-900 hover:bg-slate-100'}`;

/**
 * The side (hamburger) menu (NAV-01). A modal <dialog>: the browser traps focus in it and closes it
 * on Escape (NAV-05). Contato toggles on tap (NAV-02); the account entry reads 'Login' or
 * 'Área Logada' by login state.
 */
export function MobileMenu({ id, open, onClose, contactOpen, onToggleContact }: MobileMenuProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const loggedIn = useHasToken();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  return (
    <dialog
      ref={dialog}
      id={id}
      aria-label={ui.site.nav.mainMenu}
      onClose={onClose}
      onKeyDown={trapTab}
      // A click on the backdrop lands on the dialog element itself.
      onClick={(event) => event.target === event.currentTarget && onClose()}
      className="fixed inset-y-0 left-auto right-0 m-0 h-dvh max-h-none w-80 max-w-[85vw] bg-white p-0 shadow-2xl backdrop:bg-slate-950/50"
    >
      <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
        <span className="text-xl font-extrabold text-brand-700">{brand.name}</span>
        <button
          type="button"
          onClick={onClose}
          className={buttonClasses('ghost', 'sm')}
          aria-label={ui.site.nav.closeMenu}
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6 fill-none stroke-current stroke-2">
            <path d="M6 6l12 12M18 6 6 18" />
          </svg>
        </button>
      </div>
      <nav aria-label={ui.site.nav.mainMenu} className="px-3 py-4">
        <ul className="flex flex-col gap-1">
          {publicNav.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} end={item.end ?? false} className={linkClass}>
                {item.label}
              </NavLink>
            </li>
          ))}
          <li>
            <button
              type="button"
              aria-expanded={contactOpen}
              aria-controls={contactId}
              onClick={onToggleContact}
              className="flex w-full items-center justify-between rounded-lg px-4 py-3 text-left text-base font-semibold text-slate-900 hover:bg-slate-100"
            >
              {ui.site.nav.contact}
              <svg
                aria-hidden="true"
                viewBox="0 0 24 24"
                className={`size-5 fill-none stroke-current stroke-2 ${contactOpen ? 'rotate-180' : ''}`}
              >
                <path d="M6 9l6 6 6-6" />
              </svg>
            </button>
            <div hidden={!contactOpen} className="px-4 pb-3 pt-1">
              <ContactPanel id={contactId} className="w-full" />
            </div>
          </li>
          <li className="mt-3">
            <Link to={paths.login} className={buttonClasses('primary', 'md', 'w-full')}>
              {loggedIn ? ui.site.nav.mobileLoggedIn : ui.site.nav.mobileLogin}
            </Link>
          </li>
        </ul>
      </nav>
    </dialog>
  );
}
