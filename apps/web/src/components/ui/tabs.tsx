import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

interface TabItem<T extends string> {
  id: T;
  label: string;
  /** Shown after the label, e.g. how many items the tab holds. */
  badge?: ReactNode;
}

interface TabsProps<T extends string> {
  /** Accessible name of the tab list. */
  label: string;
  tabs: ReadonlyArray<TabItem<T>>;
  selected: T;
  onSelect: (id: T) => void;
  /** The selected tab's panel. */
  children: ReactNode;
}

/**
 * WAI-ARIA tabs with automatic activation (NAV-05): one tab stop, arrow keys, Home and End move
 * between tabs and select them.
 */
export function Tabs<T extends string>({ label, tabs, selected, onSelect, children }: TabsProps<T>) {
  const baseId = useId();
  const refs = useRef(new Map<T, HTMLButtonElement>());
  const tabId = (id: T) => `${baseId}-tab-${id}`;
  const panelId = `${baseId}-panel`;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((tab) => tab.id === selected);
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: tabs.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = tabs[(target + tabs.length) % tabs.length];
    if (!next) return;
    onSelect(next.id);
    refs.current.get(next.id)?.focus();
  };

  return (
    <div>
      <div
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
        // Two rows of two on a phone, so no tab hides off screen; one row from 640 px.
        className="grid grid-cols-2 border-b border-slate-200 sm:flex sm:gap-1"
      >
        {tabs.map((tab) => {
          const active = tab.id === selected;
          return (
            <button
              key={tab.id}
              ref={(el) => {
                if (el) refs.current.set(tab.id, el);
                else refs.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={tabId(tab.id)}
              aria-selected={active}
              aria-controls={active ? panelId : undefined}
              tabIndex={active ? 0 : -1}
              onClick={() => onSelect(tab.id)}
              className={`-mb-px flex min-h-11 shrink-0 items-center justify-center gap-2 border-b-2 px-4 py-2.5 sm:justify-start text-sm font-semibold ${
                active ? 'border-brand-700 text-brand-800' : 'border-transparent text-slate-700 hover:text-slate-900'
              }`}
            >
              {tab.label}
              {tab.badge !== undefined ? (
                <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-800">{tab.badge}</span>
              ) : null}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(selected)} tabIndex={0} className="pt-4">
        {children}
      </div>
    </div>
  );
}
