import { useEffect, useState } from 'react';
import type { PassLookup } from '@toque/contracts/door';
import { lookupPass } from '../api/lookup-pass';
import { PASS_QUERY } from '../island';

export type PassLink = PassLookup & { token: string };

/**
 * CONDO-16: the plate's page opened through a resident's pass link (`/t/{code}?passe=TOKEN`). Read
 * after hydration, so the server's HTML and React's first render agree; the island starts the app
 * at once on such a page. A lookup that fails leaves the page as it is (the plate works as usual).
 */
export function usePassLink(code: string): PassLink | null {
  const [found, setFound] = useState<PassLink | null>(null);
  useEffect(() => {
    const token = new URLSearchParams(window.location.search).get(PASS_QUERY);
    if (!token) return;
    let alive = true;
    lookupPass(code, token).then(
      (result) => {
        if (alive) setFound({ ...result, token });
      },
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [code]);
  return found;
}
