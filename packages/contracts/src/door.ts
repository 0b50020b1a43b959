import { z } from 'zod';
import { DAY_MS } from './constants';
import { dbId } from './condominium';
import type { FinderLang } from './finder-text';
import { localDayMonthClock, localHourMinute } from './time-format';

/**
 * CONDO-15 deliveries and CONDO-16 expected visitors (docs/decisions/0045): the door of a
 * condominium plate. The courier and the visitor read the finder's languages; residents and the
 * síndico read Portuguese.
 */

/** CONDO-15: the couriers a building in Brazil meets most; 'outra' asks for the name. */
export const deliveryCompanies = ['mercado-livre', 'correios', 'amazon', 'ifood', 'shopee', 'loggi', 'outra'] as const;
export type DeliveryCompany = (typeof deliveryCompanies)[number];

/** Brand names read the same in every language; 'outra' is translated on the finder's side. */
export const deliveryCompanyNames: Record<Exclude<DeliveryCompany, 'outra'>, string> = {
  'mercado-livre': 'Mercado Livre',
  correios: 'Correios',
  amazon: 'Amazon',
  ifood: 'iFood',
  shopee: 'Shopee',
  loggi: 'Loggi',
};

export const COMPANY_OTHER_MAX = 40;
/** CONDO-15: a courier's form's key for one notice (a retry after a lost answer is the same delivery). */
export const DELIVERY_REQUEST_KEY = /^[A-Za-z0-9_-]{16,64}$/;
export const VISITOR_NAME_MAX = 30;
/** CONDO-16: a pass is valid at most this long. */
const PASS_MAX_DAYS = 7;
export const PASS_MAX_MS = PASS_MAX_DAYS * DAY_MS;
/** A pass may start this much before the server's clock (the resident's phone may run a little behind). */
export const PASS_START_GRACE_MS = 5 * 60 * 1000;
/** The query parameter of the plate's page that carries a pass token. */
export const PASS_QUERY = 'passe';
/** Passes one resident may create per 15 minutes. */
export const PASSES_PER_WINDOW = 30;
/** The resident's list keeps passes that ended within this many days. */
export const PASS_LIST_DAYS = 7;

/** The residents' and the síndico's texts (pt-BR), and the server's answers. */
export const doorMsg = {
  companyOtherRequired: 'Informe o nome da empresa.',
  companyOtherTooLong: `O nome da empresa pode ter no máximo ${COMPANY_OTHER_MAX} caracteres.`,
  deliverySent: 'Entrega avisada. Os moradores foram notificados.',
  deliveryNotFound: 'Entrega não encontrada.',
  /** A form's key that no form makes (only a hand-made request sends it). */
  invalidRequestKey: 'Pedido inválido. Recarregue a página e tente de novo.',
  alreadyCollected: 'Esta entrega já foi marcada como retirada.',
  collectedOk: 'Entrega marcada como retirada.',
  notAPlate: 'Este Toque não é uma placa de condomínio.',
  plateNotYours: 'Só o síndico vê as entregas do condomínio.',
  visitorNameRequired: 'Informe o primeiro nome do visitante.',
  visitorNameTooLong: `O nome pode ter no máximo ${VISITOR_NAME_MAX} caracteres.`,
  passBackwards: 'O fim do passe deve ser depois do início.',
  passTooLong: `Um passe vale no máximo ${PASS_MAX_DAYS} dias.`,
  passInPast: 'O passe não pode começar no passado.',
  passNotFound: 'Passe não encontrado.',
  passCreated: 'Passe criado. Envie o link ao visitante.',
  passRevokedOk: 'Passe cancelado.',
  passAlreadyRevoked: 'Este passe já foi cancelado.',
  /** The pass of a call no longer fits: the call rings as any other. */
  passInvalid: 'Este passe não vale agora.',
  /** CONDO-15: the courier's photo after the notice — one upload, within minutes, with the notice's token. */
  photoRefused: 'Não foi possível anexar a foto a esta entrega.',
  photoSaved: 'Foto da entrega enviada.',
} as const;

/** CONDO-15: how long after the notice its photo may follow (the courier's phone uploads it right away). */
export const DELIVERY_PHOTO_WINDOW_MS = 10 * 60 * 1000;

/**
 * CONDO-15 / SEC-09: uploads one notice's token allows. Each costs a decode, refused or not; the
 * token is spent by the last one whatever its outcome, so a courier with a bad file may try again
 * twice and a stranger holding the token gets three decodes, not an unbounded number.
 */
export const DELIVERY_PHOTO_ATTEMPTS = 3;

/** 'Mercado Livre', or the name the courier typed. */
export function deliveryCompanyLabel(company: DeliveryCompany, other: string | null, otherWord = 'Outra'): string {
  if (company === 'outra') return other?.trim() || otherWord;
  return deliveryCompanyNames[company];
}

/** The residents' screens (pt-BR). */
export const doorUi = {
  /** The resident's unit page, and the link to it beside the unit on 'Meus produtos'. */
  myUnitTitle: 'Minha unidade',
  openMyUnit: 'Entregas e visitantes',
  /** CONDO-15: the live notice, the push and the history line. */
  deliveryNotice: (company: string, time: string) => `Entrega na portaria — ${company}, ${time}`,
  deliveriesTitle: 'Entregas na portaria',
  deliveriesEmpty: 'Nenhuma entrega nos últimos dias.',
  waiting: 'Aguardando retirada',
  markCollected: 'Marcar como retirada',
  collectedBy: (name: string, time: string) => `Retirada por ${name}, ${time}`,
  collectedSomeone: (time: string) => `Retirada, ${time}`,
  /** CONDO-15: the package's photo, for the unit's residents only. */
  showPhoto: 'Ver foto do pacote',
  photoLoading: 'Carregando a foto do pacote…',
  photoRetry: 'Tentar carregar a foto de novo',
  photoAlt: (company: string) => `Foto do pacote deixado por ${company}`,
  photoFailed: 'Não foi possível carregar a foto.',
  unitLabel: 'Unidade',
  companyLabel: 'Empresa',
  timeLabel: 'Horário',
  statusLabel: 'Situação',
  /** CONDO-15: the síndico's list of the day. */
  todayTitle: 'Entregas de hoje',
  todayEmpty: 'Nenhuma entrega hoje.',
  collected: 'Retirada',
  /** CONDO-16: the resident's passes. */
  passesTitle: 'Visitantes esperados',
  passesIntro: 'Crie um passe para quem você espera: pela placa, a pessoa chama sua unidade sem procurar na lista.',
  visitorName: 'Primeiro nome do visitante',
  passFrom: 'Válido a partir de',
  passUntil: 'Válido até',
  createPass: 'Criar passe',
  passLink: 'Link do passe',
  shareWhatsApp: 'Enviar pelo WhatsApp',
  copyLink: 'Copiar link',
  linkCopied: 'Link copiado.',
  shareText: (name: string, url: string) => `Olá, ${name}! Ao chegar, abra este link para chamar o apartamento: ${url}`,
  revokePass: 'Cancelar passe',
  passesEmpty: 'Nenhum passe ativo.',
  passWindow: (from: string, until: string) => `de ${from} até ${until}`,
  passState: { active: 'Ativo', upcoming: 'Ainda não começou', expired: 'Expirado', revoked: 'Cancelado' },
  /** CONDO-16: the ringing screen. */
  expectedVisitor: (name: string, until: string) => `Visitante esperado: ${name} (passe até ${until})`,
} as const;

/** The courier's and the visitor's texts, in the finder's three languages. */
export interface DoorFinderText {
  chooseKind: string;
  delivery: string;
  visit: string;
  deliveryTitle: string;
  companyLabel: string;
  companyRequired: string;
  otherCompany: string;
  otherCompanyLabel: string;
  sendDelivery: string;
  deliverySent: string;
  anotherDelivery: string;
  /** CONDO-15: the optional photo of the package. */
  photoLabel: string;
  photoChoose: string;
  photoChange: string;
  /** CONDO-15: the chosen photo shown as a picture before it is sent, never as a file name. */
  photoPreviewAlt: string;
  photoHint: string;
  photoSending: string;
  photoSent: string;
  photoFailed: string;
  expected: string;
  passHello: (name: string) => string;
  passExpired: string;
  passRevoked: string;
  passUpcoming: (from: string) => string;
  passUnknown: string;
  server: {
    companyOtherRequired: string;
    companyOtherTooLong: string;
    deliverySent: string;
  };
}

const pt: DoorFinderText = {
  chooseKind: 'O que você veio fazer?',
  delivery: 'Entrega',
  visit: 'Visita',
  deliveryTitle: 'Avisar uma entrega',
  companyLabel: 'Empresa',
  companyRequired: 'Escolha a empresa da entrega.',
  otherCompany: 'Outra',
  otherCompanyLabel: 'Nome da empresa',
  sendDelivery: 'Avisar os moradores',
  deliverySent: doorMsg.deliverySent,
  anotherDelivery: 'Avisar outra entrega',
  photoLabel: 'Foto do pacote (opcional)',
  photoChoose: 'Tirar ou escolher uma foto',
  photoChange: 'Trocar a foto',
  photoPreviewAlt: 'A foto escolhida do pacote',
  photoHint: 'Só os moradores da unidade veem a foto.',
  photoSending: 'Enviando a foto…',
  photoSent: 'Foto enviada aos moradores.',
  photoFailed: 'A entrega foi avisada, mas a foto não foi enviada.',
  expected: 'Você é esperado(a)',
  passHello: (name) => `Olá, ${name}! A unidade já está escolhida: é só chamar.`,
  passExpired: 'Este passe expirou. Você ainda pode escolher a unidade e chamar normalmente.',
  passRevoked: 'Este passe foi cancelado pelo morador. Você ainda pode escolher a unidade e chamar normalmente.',
  passUpcoming: (from) =>
    `Este passe vale a partir de ${from}. Até lá, você pode escolher a unidade e chamar normalmente.`,
  passUnknown: 'Este link de passe não é válido. Você ainda pode escolher a unidade e chamar normalmente.',
  server: {
    companyOtherRequired: doorMsg.companyOtherRequired,
    companyOtherTooLong: doorMsg.companyOtherTooLong,
    deliverySent: doorMsg.deliverySent,
  },
};

const en: DoorFinderText = {
  chooseKind: 'What brings you here?',
  delivery: 'Delivery',
  visit: 'Visit',
  deliveryTitle: 'Announce a delivery',
  companyLabel: 'Company',
  companyRequired: 'Choose the delivery company.',
  otherCompany: 'Other',
  otherCompanyLabel: 'Company name',
  sendDelivery: 'Notify the residents',
  deliverySent: 'Delivery announced. The residents were notified.',
  anotherDelivery: 'Announce another delivery',
  photoLabel: 'Photo of the package (optional)',
  photoChoose: 'Take or choose a photo',
  photoChange: 'Change the photo',
  photoPreviewAlt: 'The chosen photo of the package',
  photoHint: "Only the unit's residents see the photo.",
  photoSending: 'Sending the photo…',
  photoSent: 'Photo sent to the residents.',
  photoFailed: 'The delivery was announced, but the photo was not sent.',
  expected: 'You are expected',
  passHello: (name) => `Hello, ${name}! The unit is already chosen: just call.`,
  passExpired: 'This pass has expired. You can still choose the unit and call as usual.',
  passRevoked: 'This pass was cancelled by the resident. You can still choose the unit and call as usual.',
  passUpcoming: (from) => `This pass is valid from ${from}. Until then, you can choose the unit and call as usual.`,
  passUnknown: 'This pass link is not valid. You can still choose the unit and call as usual.',
  server: {
    companyOtherRequired: 'Enter the company name.',
    companyOtherTooLong: `The company name can have at most ${COMPANY_OTHER_MAX} characters.`,
    deliverySent: 'Delivery announced. The residents were notified.',
  },
};

const es: DoorFinderText = {
  chooseKind: '¿Qué viene a hacer?',
  delivery: 'Entrega',
  visit: 'Visita',
  deliveryTitle: 'Avisar de una entrega',
  companyLabel: 'Empresa',
  companyRequired: 'Elija la empresa de la entrega.',
  otherCompany: 'Otra',
  otherCompanyLabel: 'Nombre de la empresa',
  sendDelivery: 'Avisar a los residentes',
  deliverySent: 'Entrega avisada. Los residentes fueron notificados.',
  anotherDelivery: 'Avisar de otra entrega',
  photoLabel: 'Foto del paquete (opcional)',
  photoChoose: 'Tomar o elegir una foto',
  photoChange: 'Cambiar la foto',
  photoPreviewAlt: 'La foto elegida del paquete',
  photoHint: 'Solo los residentes de la unidad ven la foto.',
  photoSending: 'Enviando la foto…',
  photoSent: 'Foto enviada a los residentes.',
  photoFailed: 'La entrega fue avisada, pero la foto no se envió.',
  expected: 'Lo/la estamos esperando',
  passHello: (name) => `¡Hola, ${name}! La unidad ya está elegida: solo tiene que llamar.`,
  passExpired: 'Este pase venció. Aún puede elegir la unidad y llamar como siempre.',
  passRevoked: 'El residente canceló este pase. Aún puede elegir la unidad y llamar como siempre.',
  passUpcoming: (from) =>
    `Este pase vale a partir del ${from}. Hasta entonces, puede elegir la unidad y llamar como siempre.`,
  passUnknown: 'Este enlace de pase no es válido. Aún puede elegir la unidad y llamar como siempre.',
  server: {
    companyOtherRequired: 'Escriba el nombre de la empresa.',
    companyOtherTooLong: `El nombre de la empresa puede tener como máximo ${COMPANY_OTHER_MAX} caracteres.`,
    deliverySent: 'Entrega avisada. Los residentes fueron notificados.',
  },
};

export const doorFinderText: Record<FinderLang, DoorFinderText> = { 'pt-BR': pt, en, es };

/** A server answer (Portuguese) in the finder's language, when it is one of the door's own. */
export function doorFinderMessage(lang: FinderLang, message: string): string | undefined {
  const key = (Object.keys(pt.server) as (keyof DoorFinderText['server'])[]).find((k) => pt.server[k] === message);
  return key ? doorFinderText[lang].server[key] : undefined;
}

// ---- API ----

/** POST /api/public/tags/:code/deliveries — the courier's notice (no call rings). */
export const createDeliveryBody = z
  .object({
    unitId: dbId,
    company: z.enum(deliveryCompanies),
    companyOther: z.string().trim().max(COMPANY_OTHER_MAX, doorMsg.companyOtherTooLong).optional(),
    /**
     * The courier's form's own random key for this notice (16–64 URL-safe characters): sent again after
     * a lost answer, it is the same delivery — the residents are not told twice.
     */
    requestKey: z.string().regex(DELIVERY_REQUEST_KEY, doorMsg.invalidRequestKey).optional(),
  })
  .refine((b) => b.company !== 'outra' || !!b.companyOther, {
    message: doorMsg.companyOtherRequired,
    path: ['companyOther'],
  });
export type CreateDeliveryBody = z.infer<typeof createDeliveryBody>;
/**
 * Its answer: the message, and the one-time token that lets this courier attach the package's photo
 * (PUT /api/public/deliveries/:id/photo, the file as the body, `Authorization: Bearer <photoToken>`)
 * within DELIVERY_PHOTO_WINDOW_MS.
 */
export const createDeliveryResponse = z.object({ message: z.string(), id: z.number().int(), photoToken: z.string() });
export type CreateDeliveryResponse = z.infer<typeof createDeliveryResponse>;

/** One delivery as its unit's residents and the síndico see it. */
export const delivery = z.object({
  id: z.number().int(),
  unitId: z.number().int(),
  unitName: z.string(),
  block: z.string().nullable(),
  company: z.enum(deliveryCompanies),
  companyLabel: z.string(),
  createdAt: z.string(),
  collectedAt: z.string().nullable(),
  /** The first name of the resident who marked it 'retirada'. */
  collectedBy: z.string().nullable(),
  /** A photo of the package is there for the unit's residents. */
  hasPhoto: z.boolean(),
});
export type Delivery = z.infer<typeof delivery>;
export const deliveryList = z.array(delivery);
/** The síndico's list: the same without any word of a photo (CONDO-15: no photos of the units' packages). */
const plateDelivery = delivery.omit({ hasPhoto: true });
export type PlateDelivery = z.infer<typeof plateDelivery>;
export const plateDeliveryList = z.array(plateDelivery);

/** GET /api/door/plates/:code/deliveries/today — the síndico's list (no photo of any package). */
export const plateParams = z.object({ code: z.string().max(64) });
export const deliveryParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
export const unitParams = z.object({ unitId: z.coerce.number().int().positive().max(2_147_483_647) });

/** POST /api/door/units/:unitId/passes. */
export const createPassBody = z.object({
  visitorName: z.string().trim().min(1, doorMsg.visitorNameRequired).max(VISITOR_NAME_MAX, doorMsg.visitorNameTooLong),
  validFrom: z.iso.datetime({ offset: true }),
  validUntil: z.iso.datetime({ offset: true }),
  /** CONDO-18: the visitor may open the building's gate through the link, within the window. */
  canOpenGate: z.boolean().optional(),
});
export type CreatePassBody = z.infer<typeof createPassBody>;

const passStatus = z.enum(['active', 'upcoming', 'expired', 'revoked']);
export type PassStatus = z.infer<typeof passStatus>;

const visitorPass = z.object({
  id: z.number().int(),
  unitId: z.number().int(),
  visitorName: z.string(),
  validFrom: z.string(),
  validUntil: z.string(),
  status: passStatus,
  revokedAt: z.string().nullable(),
  /** CONDO-18: the resident allowed the visitor to open the gate. */
  canOpenGate: z.boolean(),
});
export type VisitorPass = z.infer<typeof visitorPass>;
export const passList = z.array(visitorPass);

/** The token is in this answer only (the server keeps its hash): the resident shares `url`. */
export const createPassResponse = visitorPass.extend({ token: z.string(), url: z.string(), message: z.string() });
export type CreatePassResponse = z.infer<typeof createPassResponse>;

/** POST /api/public/tags/:code/pass — the plate's page opened through a pass link. */
export const passLookupBody = z.object({ token: z.string().min(1).max(100) });
export const passLookupResponse = z.object({
  status: z.union([passStatus, z.literal('unknown')]),
  unitId: z.number().int().nullable(),
  visitorName: z.string().nullable(),
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
  /** CONDO-18: an active pass whose resident allowed it, on a plate whose gate it may open now. */
  canOpenGate: z.boolean(),
});
export type PassLookup = z.infer<typeof passLookupResponse>;

/** What rides on the call to the residents' ringing screen (CONDO-16). */
export interface ExpectedVisitor {
  name: string;
  validUntil: string;
}

/** Socket event payloads (to the unit's residents only). */
export type DeliveryEvent = Delivery & { text: string };

/** API paths relative to `/api`. */
export const doorApi = {
  deliver: (code: string) => `/public/tags/${encodeURIComponent(code)}/deliveries`,
  passLookup: (code: string) => `/public/tags/${encodeURIComponent(code)}/pass`,
  unitDeliveries: (unitId: number) => `/door/units/${unitId}/deliveries`,
  collect: (id: number) => `/door/deliveries/${id}/collect`,
  plateToday: (code: string) => `/door/plates/${encodeURIComponent(code)}/deliveries/today`,
  unitPasses: (unitId: number) => `/door/units/${unitId}/passes`,
  pass: (id: number) => `/door/passes/${id}`,
  /** CONDO-15: PUT, public — the courier's photo (the file itself; the notice's photoToken as the bearer). */
  deliveryPhotoUpload: (id: number) => `/public/deliveries/${id}/photo`,
  /** CONDO-15: GET — the package's photo, for a resident of its unit. */
  deliveryPhoto: (id: number) => `/door/deliveries/${id}/photo`,
} as const;

/** The link a resident shares: the plate's page with the pass (the token never reaches a server log as a path). */
export function passUrl(origin: string, plateCode: string, token: string): string {
  return `${origin}/t/${encodeURIComponent(plateCode)}?${PASS_QUERY}=${encodeURIComponent(token)}`;
}


/** '14:32' today, '29/11, 14:32' on another day — on the viewer's clock (the residents' screens). */
export function doorTime(iso: string, now: Date = new Date()): string {
  const at = new Date(iso);
  return at.toDateString() === now.toDateString() ? localHourMinute.format(at) : localDayMonthClock.format(at);
}

/** CONDO-16: the ringing screen's line, 'Visitante esperado: Ana (passe até 18:00)'. */
export function expectedVisitorLine(visitor: ExpectedVisitor, now: Date = new Date()): string {
  return doorUi.expectedVisitor(visitor.name, doorTime(visitor.validUntil, now));
}
