import type { ReactNode } from 'react';
import { paths } from '@toque/contracts/routes';
import { ui } from '@toque/contracts/ui';
import { company } from '../../../../content/config';
import { contact } from '../../../../content/contact';
import { productNav } from '../../../../content/navigation';
import { brand } from '../../../../content/site';
import { ExternalLink } from '../external-link';
import { SocialLinks } from '../social-links';
import { siteLabels } from '../../../../content/site-labels';

const link = 'tap-target text-slate-300 underline-offset-4 hover:text-white hover:underline';

function Column({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h2 className="text-sm font-bold uppercase tracking-widest text-white">{title}</h2>
      <ul className="mt-3 flex flex-col text-sm">{children}</ul>
    </div>
  );
}

/** PUB-14: company, contact data, WhatsApp and social links; every page link opens in a new tab. */
export function SiteFooter() {
  return (
    <footer className="bg-slate-950 text-slate-300">
      <nav
        aria-label={ui.site.footer.links}
        className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4"
      >
        <div>
          <p className="text-2xl font-extrabold text-white">{brand.name}</p>
          <p className="mt-2 text-sm">{brand.slogan}</p>
          <SocialLinks tone="light" className="mt-4 -ml-3" />
        </div>
        <Column title={siteLabels.footerProducts}>
          {productNav.map((item) => (
            <li key={item.to}>
              <ExternalLink href={item.to} className={link}>
                {item.label}
              </ExternalLink>
            </li>
          ))}
        </Column>
        <Column title={siteLabels.footerInstitutional}>
          <li>
            <ExternalLink href={paths.manual} className={link}>
              {ui.site.headings.manual}
            </ExternalLink>
          </li>
          <li>
            <ExternalLink href={contact.faqPath} className={link}>
              {contact.faqLabel}
            </ExternalLink>
          </li>
          <li>
            <ExternalLink href={paths.privacy} className={link}>
              {ui.site.headings.privacy}
            </ExternalLink>
          </li>
          <li>
            <ExternalLink href={paths.terms} className={link}>
              {ui.site.headings.terms}
            </ExternalLink>
          </li>
        </Column>
        <Column title={ui.site.footer.contact}>
          <li>
            <a href={contact.emailHref} className={link}>
              {contact.email}
            </a>
          </li>
          <li>
            <a href={contact.phoneHref} className={link}>
              {contact.phone}
            </a>
          </li>
          <li>
            <ExternalLink href={contact.whatsappHref} className={link}>
              {contact.whatsappLabel}
            </ExternalLink>
          </li>
          <li>{contact.hours}</li>
        </Column>
      </nav>
      <div className="border-t border-slate-800">
        <p className="mx-auto max-w-6xl px-4 py-6 text-sm">
          © {brand.name} · {company.legalName}
          {company.cnpj ? ` · CNPJ ${company.cnpj}` : ''} · {contact.address}
        </p>
      </div>
    </footer>
  );
}
