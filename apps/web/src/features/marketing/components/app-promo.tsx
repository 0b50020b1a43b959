import { homeText } from '../../../content/home';
import { StoreBadges } from './store-badges';
import { siteLabels } from '../../../content/site-labels';

/** PUB-08: why the owner installs the app, with the store links. */
export function AppPromo() {
  return (
    <div className="grid items-center gap-10 md:grid-cols-2">
      <img
        src="/images/app/celular.svg"
        alt={siteLabels.appImageAlt}
        width={360}
        height={520}
        loading="lazy"
        className="mx-auto h-auto w-64 md:w-80"
      />
      <div>
        <h3 className="text-2xl font-bold text-white">{homeText.appTitle}</h3>
        <p className="mt-3 text-lg text-brand-50">{homeText.appText}</p>
        <ul className="mt-6 flex flex-col gap-3 text-white">
          {homeText.appPoints.map((point) => (
            <li key={point} className="flex items-start gap-3">
              <svg
                aria-hidden="true"
                viewBox="0 0 24 24"
                className="mt-0.5 size-5 shrink-0 fill-none stroke-amber-300 stroke-[3]"
              >
                <path d="M5 12l5 5L20 7" />
              </svg>
              {point}
            </li>
          ))}
        </ul>
        <StoreBadges className="mt-8" />
      </div>
    </div>
  );
}
