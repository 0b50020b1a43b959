import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

/**
 * Above react-toastify's container (z-index 9999): a ringing call is never covered by a toast
 * (CALL-16, ACC-06). Tailwind's arbitrary value keeps it next to the reason.
 */
const LAYER = 'z-[10000]';

interface RingingLayerProps {
  title: ReactNode;
  /** Escape: what the card's dismiss does (the test call); a real call is answered or declined by its buttons. */
  onEscape?: () => void;
  children: ReactNode;
}

/**
 * CALL-16: a ringing card above everything on the page, toasts included — portalled to the end of
 * the body, over a backdrop, with the rest of the page inert while it rings (nothing behind it can
 * be tabbed to or clicked). Focus goes to the element marked `data-autofocus` and comes back after.
 */
export function RingingLayer({ title, onEscape, children }: RingingLayerProps) {
  const titleId = useId();
  const layer = useRef<HTMLDivElement>(null);
  const escape = useRef(onEscape);
  useEffect(() => {
    escape.current = onEscape;
  });

  useEffect(() => {
    const root = layer.current;
    if (!root) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const hidden = Array.from(document.body.children).filter(
      (el): el is HTMLElement => el instanceof HTMLElement && el !== root && !el.inert,
    );
    for (const el of hidden) el.inert = true;
    (root.querySelector<HTMLElement>('[data-autofocus]') ?? root.querySelector<HTMLElement>('button'))?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && escape.current) {
        event.stopPropagation();
        escape.current();
      }
    };
    document.addEventListener('keydown', onKeyDown, true);
    return () => {
      document.removeEventListener('keydown', onKeyDown, true);
      for (const el of hidden) el.inert = false;
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return createPortal(
    <div
      ref={layer}
      data-ringing-layer=""
      className={`fixed inset-0 ${LAYER} flex items-center justify-center overflow-y-auto bg-slate-900/70 p-4`}
    >
      <section
        role="alertdialog"
        data-incoming-call=""
        aria-modal="true"
        aria-labelledby={titleId}
        className="w-full max-w-md space-y-6 overflow-hidden rounded-2xl bg-white p-6 text-center shadow-2xl sm:p-8"
      >
        {/* The ringing is shown by a pulsing mark beside the words, not by fading the words themselves. */}
        <span aria-hidden="true" className="relative mx-auto flex size-16 items-center justify-center">
          <span className="absolute inline-flex size-full animate-ping rounded-full bg-green-500/40 motion-reduce:animate-none" />
          <span className="relative inline-flex size-12 rounded-full bg-green-600" />
        </span>
        <h1 id={titleId} className="text-3xl font-bold text-slate-900">
          {title}
        </h1>
        {children}
      </section>
    </div>,
    document.body,
  );
}
