/** Only one menu item open at a time; toggling the open one closes it (NAV-03). */
export function toggleOpenItem(open: string | null, item: string): string | null {
  return open === item ? null : item;
}
