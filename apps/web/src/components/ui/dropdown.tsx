import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';

interface DropdownProps {
  /** Accessible name of the trigger button. */
  label: string;
  /** Visible content of the trigger (an avatar, an icon…). */
  trigger: ReactNode;
  triggerClassName?: string;
  panelClassName?: string;
  /** The panel; `close` hides it (after a choice). */
  children: (close: () => void) => ReactNode;
}

/**
 * A disclosure dropdown (NAV-05): the button toggles the panel, Escape closes it and gives focus
 * back to the button, a click or focus outside closes it. The panel follows the button in the DOM,
 * so Tab reaches its links and buttons in order.
 */
export function Dropdown({ label, trigger, triggerClassName = '', panelClassName = '', children }: DropdownProps) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const close = useCallback(() => setOpen(false), []);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  return (
    <div
      ref={rootRef}
      className="relative"
      onBlur={(event) => {
        const next = event.relatedTarget;
        if (next instanceof Node && !event.currentTarget.contains(next)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-label={label}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((value) => !value)}
        className={triggerClassName}
      >
        {trigger}
      </button>
      {open ? (
        <div
          id={panelId}
          className={`absolute right-0 z-30 mt-2 min-w-56 rounded-xl border border-slate-200 bg-white p-2 shadow-lg ${panelClassName}`}
        >
          {children(close)}
        </div>
      ) : null}
    </div>
  );
}
