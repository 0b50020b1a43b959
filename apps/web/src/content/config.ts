/// <reference types="vite/client" />
/**
 * Company data that differs between deployments (PUB-09/14): read once from the Vite build
 * environment (`VITE_*`, e.g. in apps/web/.env.production), with defaults so a fresh clone builds.
 * Components never read import.meta.env themselves; they use the content module.
 */
// Browser tests import the content too, outside Vite: there import.meta.env does not exist.
const env: Partial<ImportMetaEnv> = import.meta.env ?? {};

function setting(value: string | undefined, fallback: string): string {
  const trimmed = value?.trim();
  return trimmed ? trimmed : fallback;
}

/** Digits only, as wa.me and tel: links want them. */
export function digitsOnly(value: string): string {
  return value.replace(/\D/g, '');
}

/** A tel: link; a Brazilian number without the country code (10–11 digits) gets +55. */
export function phoneHref(phone: string): string {
  const digits = digitsOnly(phone);
  return `tel:+${digits.length > 11 ? digits : `55${digits}`}`;
}

export const company = {
  legalName: setting(env.VITE_COMPANY_NAME, 'Toque Tecnologia Ltda.'),
  /** Shown in the footer and the legal texts only when configured. */
  cnpj: env.VITE_COMPANY_CNPJ?.trim() ?? '',
  email: setting(env.VITE_CONTACT_EMAIL, 'contato@toque.app.br'),
  phone: setting(env.VITE_CONTACT_PHONE, '(31) 3500-0000'),
  whatsapp: setting(env.VITE_WHATSAPP_NUMBER, '5531990000000'),
  address: setting(env.VITE_CONTACT_ADDRESS, 'Belo Horizonte, Minas Gerais'),
  /** E-mail of the person in charge of personal data (LGPD encarregado). */
  privacyEmail: setting(env.VITE_CONTACT_EMAIL, 'contato@toque.app.br'),
} as const;

export const storeConfig = {
  store: setting(env.VITE_STORE_URL, 'https://loja.toque.app.br/'),
  bracelet: setting(env.VITE_STORE_BRACELET_URL, 'https://loja.toque.app.br/produto/pulseira-toque'),
  collar: setting(env.VITE_STORE_COLLAR_URL, 'https://loja.toque.app.br/produto/coleira-toque'),
  object: setting(env.VITE_STORE_OBJECT_URL, 'https://loja.toque.app.br/produto/etiqueta-objeto-toque'),
  doorbell: setting(env.VITE_STORE_DOORBELL_URL, 'https://loja.toque.app.br/produto/campainha-toque'),
} as const;

export const appStores = {
  googlePlay: setting(env.VITE_GOOGLE_PLAY_URL, 'https://play.google.com/store/apps/details?id=br.app.toque'),
  appStore: setting(env.VITE_APP_STORE_URL, 'https://apps.apple.com/br/app/toque/id6444000000'),
} as const;

export const socialConfig = {
  instagram: setting(env.VITE_INSTAGRAM_URL, 'https://www.instagram.com/toque.app'),
  facebook: setting(env.VITE_FACEBOOK_URL, 'https://www.facebook.com/toque.app'),
  youtube: setting(env.VITE_YOUTUBE_URL, 'https://www.youtube.com/@toque.app'),
  tiktok: setting(env.VITE_TIKTOK_URL, 'https://www.tiktok.com/@toque.app'),
  linkedin: setting(env.VITE_LINKEDIN_URL, 'https://www.linkedin.com/company/toque-app'),
} as const;
