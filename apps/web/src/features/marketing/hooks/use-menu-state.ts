import { useCallback, useState } from 'react';
import { useLocation } from 'react-router';
import { toggleOpenItem } from '../menu';

/**
 * Which menu item is open (NAV-03: one at a time; toggling the open one closes it), remembered per
 * location entry so that every navigation closes the menu without an effect.
 */
export function useMenuState() {
  const { key } = useLocation();
  const [state, setState] = useState<{ key: string; item: string | null }>({ key, item: null });
  const openItem = state.key === key ? state.item : null;

  const open = useCallback((item: string) => setState({ key, item }), [key]);
  const toggle = useCallback(
    (item: string) =>
      setState((current) => ({ key, item: toggleOpenItem(current.key === key ? current.item : null, item) })),
    [key],
  );
  /** Closes `item` if it is the open one (a late close must not shut an item opened since). */
  const close = useCallback(
    (item: string) =>
      setState((current) => (current.key === key && current.item === item ? { key, item: null } : current)),
    [key],
  );
  return { openItem, open, toggle, close };
}

/** Whether the mobile drawer is open; like the items, it closes when the location changes. */
export function useDrawerState() {
  const { key } = useLocation();
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === key;
  return {
    open,
    setOpen: useCallback((value: boolean) => setOpenAt(value ? key : null), [key]),
  };
}
