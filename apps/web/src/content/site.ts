import { paths } from '@toque/contracts/routes';
import { storeLinks } from './store';

export const brand = {
  name: 'Toque',
  slogan: 'Quem encontra, chama você.',
  pitch:
    'Etiquetas inteligentes com QR Code para pessoas, pets, objetos e casas. Quem encontra escaneia o ' +
    'código com a câmera do celular e faz uma videochamada para você — sem app e sem ver o seu número.',
  legalName: 'Toque Tecnologia Ltda.',
} as const;

/** Contact data (PUB-14/15): configuration, not values to hard-code in components. */
export const support = {
  title: 'Suporte Toque',
  hours: 'Atendimento das 8:00 às 21:00',
  whatsappUrl: 'https://wa.me/5531900000000',
  whatsappLabel: 'Falar no WhatsApp',
  faqLabel: 'Perguntas frequentes',
  faqPath: `${paths.home}#faq`,
} as const;

export interface ProductSummary {
  name: string;
  path: string;
  /** Monthly list price (PUB-02), Brazilian format. */
  price: string;
  description: string;
  storeUrl: string;
}

export const productSummaries: readonly ProductSummary[] = [
  {
    name: 'Pulseiras',
    path: paths.bracelets,
    price: 'R$ 54,90',
    description: 'Para crianças, idosos e quem precisa de cuidado: quem encontra fala com a família na hora.',
    storeUrl: storeLinks.bracelet,
  },
  {
    name: 'Coleiras',
    path: paths.collars,
    price: 'R$ 29,90',
    description: 'A plaquinha da coleira do seu pet vira uma chamada de vídeo para você.',
    storeUrl: storeLinks.collar,
  },
  {
    name: 'Objetos',
    path: paths.objects,
    price: 'R$ 11,90',
    description: 'Chaves, mochilas e malas perdidas voltam mais fácil para o dono.',
    storeUrl: storeLinks.object,
  },
  {
    name: 'Campainhas',
    path: paths.doorbells,
    price: 'R$ 19,90',
    description: 'Uma campainha por QR Code para casas e condomínios: atenda a visita de onde estiver.',
    storeUrl: storeLinks.doorbell,
  },
];

export const perMonth = '/mês';
