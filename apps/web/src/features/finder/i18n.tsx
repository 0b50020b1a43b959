import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import {
  FINDER_LANG_COOKIE,
  finderLangFromCookie,
  finderLangNames,
  finderLangs,
  finderText,
  finderTextAt,
  pickFinderLang,
  type FinderLang,
  type FinderPlace,
  type FinderText,
} from '@toque/contracts/finder-text';
import { useHydrated } from '../../lib/use-hydrated';
import { AWAITS_SCRIPT } from './island';

interface FinderLanguage {
  lang: FinderLang;
  t: FinderText;
  setLang: (lang: FinderLang) => void;
}

const FinderLangContext = createContext<FinderLanguage>({
  lang: 'pt-BR',
  t: finderText['pt-BR'],
  setLang: () => undefined,
});

/** The finder's texts in the language of the page (FIND-03). */
export function useFinderText(): FinderLanguage {
  return useContext(FinderLangContext);
}

/** A finder page the server did not render (reached inside the app): the switch's choice, else the browser's. */
function browserLang(): FinderLang {
  if (typeof document === 'undefined') return 'pt-BR';
  return finderLangFromCookie(document.cookie) ?? pickFinderLang(navigator.languages);
}

/**
 * FIND-03: the finder's language. The server chose it (cookie, else Accept-Language) and rendered
 * the page in it: hydration starts from the same (`initial`, the seed's). The switch keeps the
 * choice for the visit in a session cookie, which the server's next render reads.
 */
export function FinderLangProvider({ initial, children }: { initial: FinderLang | undefined; children: ReactNode }) {
  const [lang, setLangState] = useState<FinderLang>(() => initial ?? browserLang());
  const setLang = useCallback((next: FinderLang) => {
    document.cookie = `${FINDER_LANG_COOKIE}=${encodeURIComponent(next)}; path=/; SameSite=Lax`;
    setLangState(next);
  }, []);
  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);
  // The rest of the app (the owner's side) is Portuguese.
  useEffect(
    () => () => {
      document.documentElement.lang = 'pt-BR';
    },
    [],
  );
  const value = useMemo(() => ({ lang, t: finderText[lang], setLang }), [lang, setLang]);
  return <FinderLangContext.Provider value={value}>{children}</FinderLangContext.Provider>;
}

/**
 * CONDO-19: below it, every text is the place's own — at a door (a plate, a doorbell) the people who
 * live there, not the owner of something lost — whichever component shows it.
 */
export function FinderPlaceText({ place, children }: { place: FinderPlace; children: ReactNode }) {
  const outer = useFinderText();
  const value = useMemo(() => ({ ...outer, t: finderTextAt(outer.lang, place) }), [outer, place]);
  return <FinderLangContext.Provider value={value}>{children}</FinderLangContext.Provider>;
}

/**
 * The visible switch (FIND-03): each language named in itself; the current one pressed. Disabled
 * in the server's HTML until a script runs: the finder page's island enables it and hands the tap on
 * to the app (PERF-06).
 */
export function LanguageSwitch() {
  const { lang, t, setLang } = useFinderText();
  const hydrated = useHydrated();
  return (
    <div role="group" aria-label={t.language} className="flex justify-end gap-1 text-sm">
      {finderLangs.map((option) => (
        <button
          key={option}
          type="button"
          lang={option}
          aria-pressed={option === lang}
          disabled={!hydrated}
          {...{ [AWAITS_SCRIPT]: hydrated ? undefined : '' }}
          onClick={() => setLang(option)}
          className="min-h-11 rounded-md px-3 py-1 font-medium text-slate-700 underline-offset-2 hover:underline aria-pressed:bg-brand-50 aria-pressed:text-brand-800 aria-pressed:underline"
        >
          {finderLangNames[option]}
        </button>
      ))}
    </div>
  );
}
