import { createContext, useContext, useEffect, useState } from 'react';
import { FINDER_DATA_ID, type FinderSeed } from '@toque/contracts/finder-page';

/**
 * PERF-05: the tag the server rendered /t/{code} with. The server's render gets it from this
 * context; the browser reads the page's JSON block, once: the page first shown (and hydrated)
 * starts from it, a later visit of a finder page asks the API.
 */
export const FinderSeedContext = createContext<FinderSeed | null>(null);

let fromDocument: FinderSeed | null | undefined;
let consumed = false;

function documentSeed(): FinderSeed | null {
  if (fromDocument === undefined) {
    const text = document.getElementById(FINDER_DATA_ID)?.textContent;
    fromDocument = text ? (JSON.parse(text) as FinderSeed) : null;
  }
  return fromDocument;
}

/** The seed of the page being shown, when it is the page of `code`. */
export function useFinderSeed(code: string): FinderSeed | null {
  const server = useContext(FinderSeedContext);
  const [seed] = useState(() => server ?? (consumed || typeof document === 'undefined' ? null : documentSeed()));
  useEffect(() => {
    consumed = true;
  }, []);
  return seed?.code === code ? seed : null;
}
