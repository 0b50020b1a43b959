import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@toque/contracts/routes';
import { company } from '../../../content/config';
import { contact } from '../../../content/contact';
import { brand } from '../../../content/site';
import { LanguageSwitch, useFinderText } from '../i18n';

/** The page's main region (the skip link's target; the site's layouts use the same id). */
const MAIN_ID = 'conteudo';

/**
 * FIND-05: the finder's page has its own light header and footer, in the finder's language: the
 * brand, the language switch, and the few links a stranger may want (the site's marketing menu,
 * in Portuguese, is not theirs). The pages they lead to are Portuguese, and say so.
 */
export function FinderChrome({ children }: { children: ReactNode }) {
  const { t } = useFinderText();
  const link = 'inline-flex min-h-11 items-center underline-offset-4 hover:underline';
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <a
        href={`#${MAIN_ID}`}
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-semibold text-brand-700 focus:not-sr-only focus:fixed focus:top-4 focus:left-4"
      >
        {t.site.skipToContent}
      </a>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-lg items-center justify-between gap-3 px-4 py-2">
          <Link
            to={paths.home}
            aria-label={t.site.homeLink}
            className="flex min-h-11 items-center gap-2 text-xl font-extrabold tracking-tight text-brand-700"
          >
            <svg aria-hidden="true" viewBox="0 0 32 32" className="size-7">
              <rect width="32" height="32" rx="8" fill="currentColor" />
              <path
                fill="#fff"
                d="M7 7h7v7H7zm2 2v3h3V9zm9-2h7v7h-7zm2 2v3h3V9zM7 18h7v7H7zm2 2v3h3v-3zm9-2h3v3h-3zm4 4h3v3h-3zm-4 0h3v3h-3z"
              />
            </svg>
            {brand.name}
          </Link>
          <LanguageSwitch />
        </div>
      </header>
      <main id={MAIN_ID} tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <footer className="bg-slate-950 text-sm text-slate-300">
        <div className="mx-auto max-w-lg space-y-3 px-4 py-6">
          <p>
            <span className="font-bold text-white">{brand.name}</span> · {t.site.slogan}
          </p>
          <nav aria-label={t.site.footerLinks}>
            <ul className="flex flex-wrap gap-x-4">
              <li>
                <Link to={paths.manual} className={link}>
                  {t.site.manual}
                </Link>
              </li>
              <li>
                <Link to={paths.privacy} className={link}>
                  {t.site.privacy}
                </Link>
              </li>
              <li>
                <Link to={paths.terms} className={link}>
                  {t.site.terms}
                </Link>
              </li>
              <li>
                <a href={contact.emailHref} className={link}>
                  {t.site.contact}: {contact.email}
                </a>
              </li>
            </ul>
          </nav>
          <p>
            © {brand.name} · {company.legalName}
          </p>
        </div>
      </footer>
    </div>
  );
}
