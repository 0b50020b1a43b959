/** What a protected route hands to the login page: where the visitor was going (AUTH-02). */
export interface RedirectState {
  from?: { pathname: string; search?: string; hash?: string };
}

/** The path to return to after login, or null when the visitor came on their own. */
export function originOf(state: unknown): string | null {
  const from = (state as RedirectState | null)?.from;
  if (!from || typeof from.pathname !== 'string' || !from.pathname.startsWith('/')) return null;
  // '//host' would leave the site.
  if (from.pathname.startsWith('//')) return null;
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}
