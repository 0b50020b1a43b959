import { useEffect, useRef, type KeyboardEvent, type MouseEvent, type PointerEvent } from 'react';
import { CONTACT_CLOSE_MS } from '@toque/contracts/constants';
import { ui } from '@toque/contracts/ui';
import { ContactPanel } from './contact-panel';

interface ContactMenuItemProps {
  open: boolean;
  onOpen: () => void;
  onClose: () => void;
  onToggle: () => void;
}

const panelId = 'contato-painel';

/**
 * The header's Contato item (NAV-02): a mouse opens it by hovering and it closes CONTACT_CLOSE_MS
 * after the pointer leaves; a tap or the keyboard toggles it (NAV-03); Escape closes it and gives
 * focus back to the button (NAV-05).
 */
export function ContactMenuItem({ open, onOpen, onClose, onToggle }: ContactMenuItemProps) {
  const item = useRef<HTMLLIElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const closeTimer = useRef<number | undefined>(undefined);
  const pointer = useRef<string>('');

  const cancelClose = () => window.clearTimeout(closeTimer.current);
  useEffect(() => cancelClose, []);

  // A press anywhere else closes the panel (while it is on screen: phones use the side menu).
  useEffect(() => {
    if (!open || item.current?.offsetParent === null) return;
    const onPointerDown = (event: globalThis.PointerEvent) => {
      if (!item.current?.contains(event.target as Node)) onClose();
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, onClose]);

  function onPointerEnter(event: PointerEvent) {
    if (event.pointerType !== 'mouse') return;
    cancelClose();
    onOpen();
  }

  function onPointerLeave(event: PointerEvent) {
    if (event.pointerType !== 'mouse') return;
    cancelClose();
    closeTimer.current = window.setTimeout(onClose, CONTACT_CLOSE_MS);
  }

  function onClick(event: MouseEvent) {
    // Hover already opened it: a mouse click must not shut the panel the user is reaching for.
    const mouseClick = event.detail > 0 && pointer.current === 'mouse';
    if (mouseClick) onOpen();
    else onToggle();
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape' && open) {
      onClose();
      button.current?.focus();
    }
  }

  return (
    <li
      ref={item}
      className="relative"
      onPointerEnter={onPointerEnter}
      onPointerLeave={onPointerLeave}
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (open && !event.currentTarget.contains(event.relatedTarget)) onClose();
      }}
    >
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onPointerDown={(event) => (pointer.current = event.pointerType)}
        onClick={onClick}
        className="flex items-center gap-1 rounded-md px-3 py-2 text-sm font-medium text-slate-800 hover:text-brand-700"
      >
        {ui.site.nav.contact}
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className={`size-4 fill-none stroke-current stroke-2 transition-transform ${open ? 'rotate-180' : ''}`}
        >
          <path d="M6 9l6 6 6-6" />
        </svg>
      </button>
      {/* The padding bridges the gap under the button, so the pointer can reach the panel. */}
      <div hidden={!open} className="absolute right-0 top-full z-30 pt-2">
        <div className="rounded-2xl bg-white p-5 shadow-xl ring-1 ring-slate-200">
          <ContactPanel id={panelId} />
        </div>
      </div>
    </li>
  );
}
