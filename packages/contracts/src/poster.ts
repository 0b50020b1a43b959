/**
 * FIND-10 (docs/decisions/0054): a lost tag's poster (an A4 PDF the owner prints) and the link the
 * owner shares, with its Open Graph preview. The words the server writes on the poster and the
 * dashboard shows are here, used by both and by the tests.
 */

/** The poster's download, relative to the `/api` base: only the tag's owner, only in lost mode. */
export const posterApi = {
  poster: (code: string) => `/products/${encodeURIComponent(code)}/poster`,
  /** The page's preview image (Open Graph): 1200 × 630 JPEG of the photo, named by the photo's hash. */
  preview: (code: string, hash: string) => `/public/tags/${encodeURIComponent(code)}/preview/${encodeURIComponent(hash)}.jpg`,
} as const;

export const posterFilename = (code: string) => `toque-cartaz-${code}.pdf`;

/** The preview image's size: what WhatsApp, Facebook and the others show large. */
export const PREVIEW_WIDTH = 1200;
export const PREVIEW_HEIGHT = 630;

/** What the poster says (Portuguese: the poster is for the owner's neighbourhood). */
export const posterText = {
  /** Its headline, above the name. */
  heading: 'PROCURA-SE',
  /** The QR code's caption (the issue's own words). */
  scan: 'Escaneie para chamar o dono — sem ver o número',
  importantInfo: 'O que saber',
  reward: (reward: string) => `Recompensa: ${reward}`,
  /** The date lost mode went on and the city the owner typed (either may be missing). */
  lostOn: (date: string | null, city: string | null) =>
    date && city ? `Perdido em ${date}, em ${city}` : `Perdido em ${date ?? city ?? ''}`,
  /** Under the QR code: the address for those who type it. */
  orOpen: (url: string) => `Ou abra ${url}`,
  footer: 'Toque — etiquetas inteligentes com QR Code. O dono é chamado pela página, sem telefone no cartaz.',
  /** The PDF's title (its properties). */
  title: (name: string) => `Cartaz — ${name}`,
  /** When the tag has no name yet. */
  unnamed: 'Sem nome',
} as const;

/** The server's answers about the poster. */
export const posterMsg = {
  notLost: 'O cartaz existe só no modo perdido: ative o modo perdido e salve antes de baixar.',
  plateHasNoPoster: 'Uma placa de condomínio não tem cartaz.',
  tooMany: 'Muitos cartazes gerados. Aguarde alguns minutos e tente de novo.',
} as const;

/** The dashboard's lost-mode box: the poster and the share button. */
export const posterUi = {
  heading: 'Cartaz e compartilhamento',
  intro: 'Imprima o cartaz e espalhe o link: quem encontrar chama você pela página, sem ver o seu número.',
  download: 'Baixar o cartaz (PDF)',
  downloading: 'Gerando o cartaz…',
  downloadFailurePrefix: 'Falha ao baixar o cartaz: ',
  share: 'Compartilhar o link',
  whatsapp: 'Enviar pelo WhatsApp',
  copy: 'Copiar o link',
  copied: 'Link copiado.',
  /** Before the poster can be made, lost mode must be saved. */
  saveFirst: 'Salve o modo perdido para baixar o cartaz e compartilhar o link.',
  /** The text the share sheet and WhatsApp carry before the link. */
  shareText: (name: string) => (name ? `Perdido: ${name}. Se encontrar, chame o dono pela página:` : 'Perdido. Se encontrar, chame o dono pela página:'),
} as const;

/** The page's Open Graph title and description (lost tags only). */
export const posterOg = {
  title: (name: string) => (name ? `Procura-se: ${name}` : 'Procura-se'),
  siteName: 'Toque',
} as const;
