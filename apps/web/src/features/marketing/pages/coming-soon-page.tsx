import { Link } from 'react-router';
import { paths } from '@toque/contracts/routes';
import { ui } from '@toque/contracts/ui';
import { comingSoon } from '../../../content/campaign';
import { brand } from '../../../content/site';
import { PageMeta } from '../components/page-meta';
import { SocialLinks } from '../components/social-links';

/** PUB-12: 'Falta só um toque.', social links, privacy and terms (the header nav is the layout's). */
export function ComingSoonPage() {
  return (
    <section className="bg-linear-to-br from-brand-800 to-brand-600 text-white">
      <PageMeta title={`${comingSoon.title} | ${brand.name}`} description={comingSoon.text} />
      <div className="mx-auto flex min-h-[70vh] max-w-3xl flex-col items-center justify-center gap-6 px-4 py-16 text-center">
        <img src="/images/tags/familia.svg" alt="" width={480} height={360} className="h-40 w-auto" />
        <h1 className="text-4xl font-extrabold md:text-6xl">{comingSoon.title}</h1>
        <p className="max-w-xl text-lg text-white">{comingSoon.text}</p>
        <SocialLinks tone="light" className="justify-center" />
        <ul className="flex flex-wrap justify-center gap-6 text-sm">
          <li>
            <Link to={paths.privacy} className="tap-target underline underline-offset-4">
              {ui.site.headings.privacy}
            </Link>
          </li>
          <li>
            <Link to={paths.terms} className="tap-target underline underline-offset-4">
              {ui.site.headings.terms}
            </Link>
          </li>
        </ul>
      </div>
    </section>
  );
}
