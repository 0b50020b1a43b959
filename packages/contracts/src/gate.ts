import { z } from 'zod';
import { dbId } from './condominium';
import type { FinderLang } from './finder-text';

/**
 * CONDO-18 (docs/decisions/0053): the building's gate, opened from a plate's call. A plate is linked
 * to one gate controller — a relay speaking Shelly's Gen2 RPC over HTTP (`Switch.Set` with
 * `toggle_after`, SHA-256 digest authentication) or a signed webhook (HMAC-SHA256 over
 * `timestamp + "." + body`). The residents and the síndico read Portuguese; the visitor reads the
 * finder's languages.
 */

export const gateKinds = ['shelly', 'webhook'] as const;
export type GateKind = (typeof gateKinds)[number];

/** How long the gate stays open (the relay's `toggle_after`, the webhook's `seconds`). */
export const GATE_SECONDS_MIN = 1;
export const GATE_SECONDS_MAX = 30;
export const GATE_SECONDS_DEFAULT = 5;
/** The whole outbound exchange (a digest challenge and its answer included) ends within this. */
export const GATE_TIMEOUT_MS = 5000;
/** The controller's answer is read up to this many bytes; more is a failure. */
export const GATE_RESPONSE_MAX_BYTES = 16 * 1024;
/** A webhook whose timestamp is older (or further in the future) than this is refused by its receiver. */
export const GATE_WEBHOOK_MAX_AGE_S = 60;
/** The webhook's headers: the Unix time in seconds, and `sha256=<hex>` of HMAC-SHA256(secret, `${timestamp}.${body}`). */
export const GATE_TIMESTAMP_HEADER = 'x-toque-timestamp';
export const GATE_SIGNATURE_HEADER = 'x-toque-signature';
/** The opening's id (also in the body): a receiver refuses an id it has seen (a replay). */
export const GATE_ID_HEADER = 'x-toque-id';
const GATE_URL_MAX = 300;
/** A webhook's HMAC key is at least this long (a guessable key signs anyone's opening). */
export const GATE_SECRET_MIN = 16;
const GATE_SECRET_MAX = 200;
/** Openings one account may ask for per minute (the síndico's tests included). */
export const GATE_OPENS_PER_WINDOW = 10;
export const GATE_OPEN_WINDOW_MS = 60 * 1000;
/** The síndico's log shows the latest openings. */
export const GATE_LOG_LIMIT = 100;

/** The server's answers and the síndico's and residents' screens (pt-BR). */
export const gateMsg = {
  opened: (seconds: number) => `Portão aberto por ${seconds} segundos.`,
  /** The words of every failure, on the resident's and the visitor's screens and in the log. */
  failed: 'Não foi possível abrir o portão: o controlador não respondeu como esperado. Tente de novo ou use o interfone.',
  refused: 'O controlador do portão recusou a senha ou a assinatura. Avise o síndico.',
  unreachable: 'Não foi possível abrir o portão: o controlador não respondeu a tempo. Tente de novo ou use o interfone.',
  notAllowed: 'Você não pode abrir o portão desta chamada.',
  callNotConnected: 'O portão só abre durante uma chamada em andamento.',
  notConfigured: 'Esta placa não tem um portão ligado.',
  saved: 'Portão salvo.',
  onlySindico: 'Só o síndico configura o portão desta placa.',
  urlInvalid: 'Informe o endereço do controlador começando por http:// ou https://, sem usuário e senha.',
  urlTooLong: `O endereço pode ter no máximo ${GATE_URL_MAX} caracteres.`,
  webhookHttps: 'O webhook precisa de um endereço https://.',
  hostRefused:
    'Este endereço não é aceito: o servidor não chama endereços locais, internos ou reservados. Use o endereço público do controlador (ou peça ao operador que libere a rede do prédio).',
  secretRequired: 'Informe a senha do relé ou o segredo do webhook.',
  /** The stored secret no longer opens with the server's key (its JWT secret changed): typed again by the síndico. */
  secretLost: 'O portão não abriu: o síndico precisa informar de novo a senha ou o segredo do controlador.',
  secretTooShort: `O segredo do webhook precisa de pelo menos ${GATE_SECRET_MIN} caracteres.`,
  secretTooLong: `A senha ou o segredo pode ter no máximo ${GATE_SECRET_MAX} caracteres.`,
  secondsRange: `O portão fica aberto de ${GATE_SECONDS_MIN} a ${GATE_SECONDS_MAX} segundos.`,
  unitNotInBuilding: 'Uma das unidades excluídas não é deste condomínio.',
  passCannotOpen: 'Este passe não abre o portão agora.',
  tooMany: 'Muitas tentativas de abrir o portão. Aguarde um minuto.',
} as const;

/** The síndico's screen, the resident's call screen and the pass form (pt-BR). */
export const gateUi = {
  heading: 'Portão',
  intro:
    'Ligue a placa ao controlador do portão do prédio: durante uma chamada da placa, o morador da unidade chamada vê “Abrir o portão”.',
  enabled: 'Permitir abrir o portão pelas chamadas desta placa',
  kind: 'Tipo de controlador',
  kinds: { shelly: 'Relé Shelly (RPC Gen2, HTTP)', webhook: 'Webhook assinado (HTTPS)' },
  url: 'Endereço do controlador',
  urlHint: {
    shelly: 'O endereço do relé na rede do prédio, por exemplo http://portaria.exemplo.com.br:8080 (o servidor chama /rpc).',
    webhook: 'O endereço https:// que recebe o pedido assinado.',
  },
  switchId: 'Canal do relé',
  secret: { shelly: 'Senha do relé (usuário admin)', webhook: 'Segredo do webhook' },
  secretKept: 'Guardado. Deixe em branco para manter.',
  secretHint: 'O segredo nunca é mostrado de novo depois de salvo.',
  seconds: 'Segundos aberto',
  excluded: 'Unidades que não podem abrir o portão',
  noUnits: 'Nenhuma unidade cadastrada.',
  save: 'Salvar portão',
  saving: 'Salvando…',
  test: 'Testar',
  testing: 'Testando…',
  loading: 'Carregando o portão…',
  notSet: 'Nenhum portão ligado a esta placa.',
  logTitle: 'Aberturas do portão',
  logEmpty: 'Nenhuma abertura registrada.',
  logWho: 'Quem',
  logUnit: 'Unidade',
  logWhen: 'Quando',
  logResult: 'Resultado',
  logOk: 'Aberto',
  logFailed: 'Falhou',
  via: { call: 'Chamada', pass: 'Passe', test: 'Teste do síndico' },
  visitor: (name: string) => `Visitante ${name} (passe)`,
  /** The resident's call screen. */
  open: 'Abrir o portão',
  opening: 'Abrindo…',
  /** The pass form. */
  passCanOpen: 'Pode abrir o portão',
  passCanOpenHint: 'O visitante poderá abrir o portão pelo link, só dentro do horário do passe.',
  passOpensGate: 'Abre o portão',
} as const;

/** The visitor's texts (the finder's three languages). */
export interface GateFinderText {
  opened: string;
  failed: string;
  open: string;
  opening: string;
  passOpenHint: string;
}

const pt: GateFinderText = {
  opened: 'Portão aberto',
  failed: 'Não foi possível abrir o portão',
  open: 'Abrir o portão',
  opening: 'Abrindo…',
  passOpenHint: 'Seu passe abre o portão durante o horário combinado.',
};
const en: GateFinderText = {
  opened: 'Gate open',
  failed: 'The gate could not be opened',
  open: 'Open the gate',
  opening: 'Opening…',
  passOpenHint: 'Your pass opens the gate during the agreed time.',
};
const es: GateFinderText = {
  opened: 'Portón abierto',
  failed: 'No se pudo abrir el portón',
  open: 'Abrir el portón',
  opening: 'Abriendo…',
  passOpenHint: 'Su pase abre el portón durante el horario acordado.',
};
export const gateFinderText: Record<FinderLang, GateFinderText> = { 'pt-BR': pt, en, es };

// ---- API ----

const seconds = z
  .number({ error: gateMsg.secondsRange })
  .int({ error: gateMsg.secondsRange })
  .min(GATE_SECONDS_MIN, { error: gateMsg.secondsRange })
  .max(GATE_SECONDS_MAX, { error: gateMsg.secondsRange });

/** PUT /api/gate/plates/:code — the síndico's settings. An absent or empty `secret` keeps the stored one. */
export const gateSettingsBody = z.object({
  kind: z.enum(gateKinds),
  url: z.string().trim().min(1, gateMsg.urlInvalid).max(GATE_URL_MAX, gateMsg.urlTooLong),
  secret: z.string().max(GATE_SECRET_MAX, gateMsg.secretTooLong).optional(),
  switchId: z.number().int().min(0).max(15).default(0),
  seconds,
  enabled: z.boolean(),
  excludedUnitIds: z.array(dbId).max(5000).default([]),
});
export type GateSettingsBody = z.infer<typeof gateSettingsBody>;

const gateSettings = z.object({
  kind: z.enum(gateKinds),
  url: z.string(),
  switchId: z.number().int(),
  seconds: z.number().int(),
  enabled: z.boolean(),
  excludedUnitIds: z.array(z.number().int()),
  /** Whether a password or secret is stored; the secret itself never leaves the server. */
  secretSet: z.boolean(),
});
export type GateSettings = z.infer<typeof gateSettings>;
/** GET — null: no gate linked yet. */
export const gateSettingsResponse = z.object({ settings: gateSettings.nullable(), message: z.string().optional() });
export type GateSettingsResponse = z.infer<typeof gateSettingsResponse>;

/** Every opening (and the síndico's tests) as the síndico's log reads it. */
const gateOpening = z.object({
  id: z.number().int(),
  at: z.string(),
  via: z.enum(['call', 'pass', 'test']),
  /** The resident's full name, the visitor's first name, or the síndico's. */
  who: z.string(),
  unitName: z.string().nullable(),
  ok: z.boolean(),
  result: z.string(),
});
export type GateOpening = z.infer<typeof gateOpening>;
export const gateLog = z.array(gateOpening);

/** Whether this screen may offer "Abrir o portão" now. */
export const gateAvailability = z.object({ available: z.boolean(), seconds: z.number().int() });
export type GateAvailability = z.infer<typeof gateAvailability>;

/** The outcome of an attempt that reached the controller (a refusal before it is a 4xx). */
export const gateResult = z.object({ opened: z.boolean(), message: z.string() });
export type GateResult = z.infer<typeof gateResult>;

/** POST /api/public/tags/:code/gate — a visitor's pass opens the gate by itself. */
export const passGateBody = z.object({ token: z.string().min(1).max(100) });

export const gatePlateParams = z.object({ code: z.string().max(64) });
export const gateRoomParams = z.object({ roomId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) });

/** The socket event to the call's room: the finder's screen (and the resident's) learn the outcome. */
export interface GateEvent {
  roomId: string;
  opened: boolean;
  message: string;
}

/** API paths relative to `/api`. */
export const gateApi = {
  /** GET / PUT — the síndico's settings of the plate's gate. */
  settings: (code: string) => `/gate/plates/${encodeURIComponent(code)}`,
  /** POST — the síndico tries the gate (logged). */
  test: (code: string) => `/gate/plates/${encodeURIComponent(code)}/test`,
  /** GET — the building's log of openings. */
  log: (code: string) => `/gate/plates/${encodeURIComponent(code)}/log`,
  /** GET (may I?) / POST (open) — a resident in a connected call from the plate. */
  call: (roomId: string) => `/calls/${encodeURIComponent(roomId)}/gate`,
  /** POST, public — a pass that may open the gate (the token in the body). */
  pass: (code: string) => `/public/tags/${encodeURIComponent(code)}/gate`,
} as const;
