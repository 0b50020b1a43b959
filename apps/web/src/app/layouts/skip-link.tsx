import { navLabels } from '../../content/navigation';

export const MAIN_ID = 'conteudo';

/** First stop of the keyboard: jump over the menu to the page. */
export function SkipLink() {
  return (
    <a
      href={`#${MAIN_ID}`}
      className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-semibold text-brand-700 focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
    >
      {navLabels.skipToContent}
    </a>
  );
}
