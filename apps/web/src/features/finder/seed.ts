import { createContext, useContext, useEffect, useState } from 'react';
import { FINDER_DATA_ID, type FinderSeed } from '@toque/contracts/finder-page';

/**
 * PERF-05: the tag the server rendered /t/{code} with. The server's render gets it from this
 * context; the browser reads the page's JSON block, once: the page first shown (and hydrated)
 * starts from it, and removes it; a later visit of a finder page asks the API.
 */
export const FinderSeedContext = createContext<FinderSeed | null>(null);

function documentSeed(): FinderSeed | null {
  if (typeof document === 'undefined') return null;
  const text = document.getElementById(FINDER_DATA_ID)?.textContent;
  return text ? (JSON.parse(text) as FinderSeed) : null;
}

/** The seed of the page being shown, when it is the page of `code`. */
export function useFinderSeed(code: string): FinderSeed | null {
  const server = useContext(FinderSeedContext);
  const [seed] = useState(() => server ?? documentSeed());
  // Read once: the block goes once the page that was rendered with it is shown.
  useEffect(() => document.getElementById(FINDER_DATA_ID)?.remove(), []);
  return seed?.code === code ? seed : null;
}
