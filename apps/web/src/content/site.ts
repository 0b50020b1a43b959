import { company } from './config';
import { contact } from './contact';

export const brand = {
  name: 'Toque',
  slogan: 'Quem encontra, chama você.',
  pitch:
    'Etiquetas inteligentes com QR Code para pessoas, pets, objetos e casas. Quem encontra escaneia o ' +
    'código com a câmera do celular e faz uma videochamada para você — sem app e sem ver o seu número.',
  legalName: company.legalName,
} as const;

/** Contact data (PUB-14/15, NAV-02) for the menus; the values live in contact.ts and config.ts. */
export const support = {
  title: contact.title,
  hours: contact.hours,
  whatsappUrl: contact.whatsappHref,
  whatsappLabel: contact.whatsappLabel,
  faqLabel: contact.faqLabel,
  faqPath: contact.faqPath,
} as const;
