import { ui } from '@toque/contracts/ui';
import { appStores } from '../../../content/config';
import { ExternalLink } from './external-link';
import { siteLabels } from '../../../content/site-labels';

const badge =
  'inline-flex items-center gap-3 rounded-xl bg-slate-950 px-5 py-3 text-white ring-1 ring-white/30 transition-colors hover:bg-slate-800';

/** 'Disponível no Google Play': the lead-in as a small first line, the store's name below. */
function Split({ text, store }: { text: string; store: string }) {
  return (
    <>
      <span className="block text-xs">{text.replace(store, '').trim()} </span>
      <span className="block text-lg font-bold">{store}</span>
    </>
  );
}

/** PUB-08: download links of the companion app. */
export function StoreBadges({ className = '' }: { className?: string }) {
  return (
    <ul className={`flex flex-wrap gap-3 ${className}`}>
      <li>
        <ExternalLink href={appStores.googlePlay} className={badge}>
          <svg aria-hidden="true" viewBox="0 0 24 24" className="size-7">
            <path fill="#34d399" d="M3.6 2.3 13.8 12 3.6 21.7c-.4-.2-.6-.6-.6-1.1V3.4c0-.5.2-.9.6-1.1z" />
            <path fill="#fbbf24" d="m17.2 8.6-3.4 3.4 3.4 3.4 3.5-2c.9-.5.9-1.9 0-2.4z" />
            <path fill="#60a5fa" d="M3.6 2.3c.3-.2.8-.2 1.2 0l12.4 6.3-3.4 3.4z" />
            <path fill="#f87171" d="M13.8 12l3.4 3.4-12.4 6.3c-.4.2-.9.2-1.2 0z" />
          </svg>
          <span className="text-left leading-tight">
            <Split text={ui.site.stores.googlePlay} store={siteLabels.storeNames.googlePlay} />
          </span>
        </ExternalLink>
      </li>
      <li>
        <ExternalLink href={appStores.appStore} className={badge}>
          <svg aria-hidden="true" viewBox="0 0 24 24" className="size-7 fill-white">
            <path d="M16.4 12.6c0-2.4 2-3.6 2.1-3.7-1.1-1.7-2.9-1.9-3.5-1.9-1.5-.2-2.9.9-3.7.9-.8 0-1.9-.9-3.2-.8-1.6 0-3.2 1-4 2.4-1.7 3-.4 7.4 1.2 9.8.8 1.2 1.8 2.5 3 2.4 1.2 0 1.7-.8 3.1-.8 1.5 0 1.9.8 3.2.8 1.3 0 2.2-1.2 3-2.4.9-1.4 1.3-2.7 1.3-2.8 0 0-2.5-1-2.5-3.9zM14 5.4c.7-.8 1.1-1.9 1-3-1 0-2.1.6-2.8 1.4-.6.7-1.2 1.8-1 2.9 1 .1 2.1-.5 2.8-1.3z" />
          </svg>
          <span className="text-left leading-tight">
            <Split text={ui.site.stores.appStore} store={siteLabels.storeNames.appStore} />
          </span>
        </ExternalLink>
      </li>
    </ul>
  );
}
