import { paths } from '@toque/contracts/routes';
import { storeConfig } from './config';

export type ProductKey = 'bracelet' | 'collar' | 'object' | 'doorbell';

/** One tag as cards, menus and buy buttons present it (PUB-02, PUB-09). */
export interface ProductContent {
  key: ProductKey;
  path: string;
  /** Menu and card title (plural, as in the menu). */
  name: string;
  /** Name used in 'Adquira seu {product}'. */
  productName: string;
  /** Monthly list price in reais (PUB-02). */
  price: number;
  /** What the price is for. */
  priceUnit: string;
  storeUrl: string;
  image: string;
  imageAlt: string;
  /** One line for cards. */
  summary: string;
}

export const perMonthLabel = 'por mês';

const bracelet: ProductContent = {
  key: 'bracelet',
  path: paths.bracelets,
  name: 'Pulseiras',
  productName: 'Toque Pulseira',
  price: 54.9,
  priceUnit: 'por pulseira',
  storeUrl: storeConfig.bracelet,
  image: '/images/tags/pulseira.svg',
  imageAlt: 'Pulseira Toque roxa com a plaquinha do QR Code',
  summary: 'Para crianças, idosos e quem precisa de cuidado: quem encontra fala com a família na hora.',
};

const collar: ProductContent = {
  key: 'collar',
  path: paths.collars,
  name: 'Coleiras',
  productName: 'Toque Coleira',
  price: 29.9,
  priceUnit: 'por plaquinha',
  storeUrl: storeConfig.collar,
  image: '/images/tags/coleira.svg',
  imageAlt: 'Plaquinha Toque em forma de osso presa a uma coleira',
  summary: 'A plaquinha da coleira do seu pet vira uma chamada de vídeo para você.',
};

const object: ProductContent = {
  key: 'object',
  path: paths.objects,
  name: 'Objetos',
  productName: 'Toque Objeto',
  price: 11.9,
  priceUnit: 'por etiqueta',
  storeUrl: storeConfig.object,
  image: '/images/tags/objeto.svg',
  imageAlt: 'Etiqueta Toque com QR Code presa a um chaveiro',
  summary: 'Chaves, mochilas, malas e carteiras perdidas voltam mais fácil para o dono.',
};

const doorbell: ProductContent = {
  key: 'doorbell',
  path: paths.doorbells,
  name: 'Campainhas',
  productName: 'Toque Campainha',
  price: 19.9,
  priceUnit: 'por residência ou apartamento',
  storeUrl: storeConfig.doorbell,
  image: '/images/tags/campainha.svg',
  imageAlt: 'Placa de campainha Toque com QR Code ao lado de um portão',
  summary: 'Uma campainha por QR Code para casas e condomínios: atenda a visita de onde estiver.',
};

/** The four tags, in menu order. */
export const products: readonly ProductContent[] = [bracelet, collar, object, doorbell];

export const productsByKey: Record<ProductKey, ProductContent> = { bracelet, collar, object, doorbell };
