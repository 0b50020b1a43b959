import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), ' +
  'textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusablesIn(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => !el.closest('[inert]'));
}

interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: string;
  /** Where focus goes when the modal opens; the first focusable element otherwise. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** alertdialog for confirmations that interrupt the user. */
  role?: 'dialog' | 'alertdialog';
  children: ReactNode;
}

/**
 * A modal dialog (NAV-05): rendered over the page, everything behind it inert, Tab and Shift+Tab
 * cycle inside it, Escape or a click on the backdrop closes it, and focus returns to the element
 * that opened it.
 */
export function Modal({ open, onClose, title, initialFocusRef, role = 'dialog', children }: ModalProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    if (!open) return;
    const dialog = dialogRef.current;
    const portal = dialog?.closest<HTMLElement>('[data-modal-root]');
    if (!dialog || !portal) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;

    // Everything outside the modal leaves the tab order and the accessibility tree.
    const hidden = Array.from(document.body.children).filter(
      (el): el is HTMLElement => el instanceof HTMLElement && el !== portal && !el.inert,
    );
    for (const el of hidden) el.inert = true;
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';

    (initialFocusRef?.current ?? focusablesIn(dialog)[0] ?? dialog).focus();

    // On the document, not the dialog: Escape and Tab work even when focus has left the dialog
    // (a click on its text, a print frame that took it).
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusablesIn(dialog);
      const first = items[0];
      const last = items[items.length - 1];
      const active = document.activeElement;
      const inside = active instanceof Node && dialog.contains(active);
      if (!first || !last) {
        event.preventDefault();
        dialog.focus();
      } else if (event.shiftKey && (!inside || active === first || active === dialog)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (!inside || active === last)) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown, true);

    return () => {
      document.removeEventListener('keydown', onKeyDown, true);
      for (const el of hidden) el.inert = false;
      document.body.style.overflow = overflow;
      if (opener?.isConnected) opener.focus();
    };
    // initialFocusRef is read once, when the modal opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  if (!open) return null;

  return createPortal(
    <div data-modal-root="" className="fixed inset-0 z-50 overflow-y-auto">
      <div aria-hidden="true" className="fixed inset-0 bg-slate-900/60" onMouseDown={() => onCloseRef.current()} />
      <div className="pointer-events-none relative flex min-h-full items-center justify-center p-4">
        <div
          ref={dialogRef}
          role={role}
          aria-modal="true"
          aria-labelledby={titleId}
          tabIndex={-1}
          className="pointer-events-auto w-full max-w-md rounded-2xl bg-white p-6 shadow-xl focus:outline-none"
        >
          <h2 id={titleId} className="text-xl font-bold text-slate-900">
            {title}
          </h2>
          <div className="mt-4">{children}</div>
        </div>
      </div>
    </div>,
    document.body,
  );
}
