import { ui } from '@toque/contracts/ui';
import { paths } from '@toque/contracts/routes';
import { company, digitsOnly, phoneHref, socialConfig } from './config';

/** Contact data (PUB-14/15, NAV-02): shown in the Contato panel, the footer and the manual. */
export const contact = {
  title: ui.site.contact.title,
  hours: ui.site.contact.hours,
  hoursShort: '8:00 às 21:00',
  email: company.email,
  emailHref: `mailto:${company.email}`,
  phone: company.phone,
  phoneHref: phoneHref(company.phone),
  whatsappLabel: ui.site.contact.whatsapp,
  whatsappHref: `https://wa.me/${digitsOnly(company.whatsapp)}`,
  faqLabel: ui.site.contact.faq,
  faqPath: `${paths.home}#faq`,
  address: company.address,
  intro: 'Dúvidas sobre ativação, chamadas ou a sua assinatura? Nossa equipe responde pelo WhatsApp.',
} as const;

export type SocialNetwork = 'instagram' | 'facebook' | 'youtube' | 'tiktok' | 'linkedin';

export interface SocialLink {
  network: SocialNetwork;
  label: string;
  href: string;
}

export const socialLinks: readonly SocialLink[] = [
  { network: 'instagram', label: 'Instagram', href: socialConfig.instagram },
  { network: 'facebook', label: 'Facebook', href: socialConfig.facebook },
  { network: 'youtube', label: 'YouTube', href: socialConfig.youtube },
  { network: 'tiktok', label: 'TikTok', href: socialConfig.tiktok },
  { network: 'linkedin', label: 'LinkedIn', href: socialConfig.linkedin },
];
