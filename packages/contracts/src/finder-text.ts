import { callUi } from './call-ui';
import { productLabel, UNKNOWN_PRODUCT } from './constants';
import { apiMsg, callMsg, tooManyAttemptsMessage } from './messages';

/**
 * FIND-03: the finder's side — the page /t/{code}, its call states, its messages and the server's
 * answers it shows — in Portuguese, English and Spanish (docs/decisions/0022). The Portuguese texts
 * are the catalogue's own constants (callUi.finder, callMsg), unchanged; English and Spanish are
 * typed to the same keys, so a missing text does not compile. The owner's side stays Portuguese.
 */
export const finderLangs = ['pt-BR', 'en', 'es'] as const;
export type FinderLang = (typeof finderLangs)[number];

/** Each language named in itself, for the switch. */
export const finderLangNames: Record<FinderLang, string> = { 'pt-BR': 'Português', en: 'English', es: 'Español' };

/** FIND-03: the language chosen with the switch, kept for the visit (a session cookie the server render reads). */
export const FINDER_LANG_COOKIE = 'toque_finder_lang';

/** The message form's own checks (calls.ts `leaveMessageBody`); finder-text.test.ts pins them to the schema. */
const messageEmpty = 'Escreva uma mensagem.';
const messageTooLong = 'A mensagem deve ter no máximo 500 caracteres.';

const pt = {
  ...callUi.finder,
  /** The tag's type as the finder reads it (the API sends the Portuguese label). */
  productType: (productId: number): string => productLabel(productId),
  tooManyAttempts: tooManyAttemptsMessage,
  /** Server answers (`{ message }`, Portuguese) the finder can meet, by their callMsg/apiMsg key. */
  server: {
    tagNotFound: callMsg.tagNotFound,
    unclaimed: callMsg.unclaimed,
    inactive: callMsg.inactive,
    disabled: callMsg.disabled,
    unitRequired: callMsg.unitRequired,
    unitEmpty: callMsg.unitEmpty,
    callNotFound: callMsg.callNotFound,
    callOver: callMsg.callOver,
    callAnswered: callMsg.callAnswered,
    invalidCallerToken: callMsg.invalidCallerToken,
    messageAlreadyLeft: callMsg.messageAlreadyLeft,
    tooManyRinging: callMsg.tooManyRinging,
    badSocketPayload: callMsg.badSocketPayload,
    validation: apiMsg.validation,
    tooManyRequests: apiMsg.tooManyRequests,
    busy: apiMsg.busy,
    internal: apiMsg.internal,
    network: apiMsg.network,
    messageEmpty,
    messageTooLong,
  },
};

type Widen<T> = {
  readonly [K in keyof T]: T[K] extends string
    ? string
    : T[K] extends (...args: infer A) => string
      ? (...args: A) => string
      : Widen<T[K]>;
};

/** Every text of the finder's side, one language. */
export type FinderText = Widen<typeof pt>;
export type FinderServerKey = keyof FinderText['server'];

const minutes = (retryAfterS: number | undefined) =>
  retryAfterS === undefined || !Number.isFinite(retryAfterS) ? undefined : Math.max(1, Math.ceil(retryAfterS / 60));

const enTypes: Record<number, string> = { 1: 'Bracelet', 2: 'Doorbell', 3: 'Pet', 4: 'Object', 5: 'Condominium' };
const esTypes: Record<number, string> = { 1: 'Pulsera', 2: 'Timbre', 3: 'Mascota', 4: 'Objeto', 5: 'Condominio' };

const en: FinderText = {
  heading: 'You found a Toque',
  loading: 'Loading the Toque...',
  reached: (type) => `This is a Toque of the type ${type}.`,
  ownerIs: (firstName) => `Who will answer: ${firstName}`,
  tagName: 'Toque name',
  importantInfo: 'Important information',
  explain:
    "Tap the button to make a video call to the owner. We will ask for access to your camera, microphone and location. The owner's number is not shown, nor yours.",
  call: 'Call the owner',
  chooseUnit: 'Choose the unit you want to call',
  unitNobody: 'Nobody registered to answer',
  preparing: 'Preparing the call...',
  ringing: (firstName) => `Calling ${firstName || 'the owner'}... Please wait.`,
  connected: 'You are on a call with the owner.',
  hangUp: 'End call',
  ended: 'Call ended. Thank you for helping!',
  unanswered: 'Nobody answered right now.',
  declined: 'The owner cannot answer right now.',
  leaveMessage: 'Leave a short message for the owner. It goes with your location.',
  inAppBrowser:
    "This browser does not allow the camera. Open the link in your phone's browser (Chrome or Safari) to make the video call, or leave a message for the owner.",
  cameraRefused: 'Without access to the camera and microphone the video call cannot be made. Leave a message for the owner.',
  messageLabel: 'Your message',
  sendMessage: 'Send message',
  messageSent: 'Message sent! The owner will see your message and your location.',
  selfView: 'Your camera',
  remoteView: "Owner's camera",
  inactive: 'This Toque is inactive and cannot receive calls.',
  callFailed: 'The call could not be made. Try again.',
  tryAgain: 'Try again',
  callMode: 'How do you want to call?',
  video: 'Video',
  voiceOnly: 'Voice only',
  explainVoice:
    "Tap the button to make a voice call to the owner. We will ask for access to your microphone and location. The owner's number is not shown, nor yours.",
  voiceOnlyActive: 'Voice-only call: your camera is off.',
  mute: 'Turn microphone off',
  unmute: 'Turn microphone on',
  switchCamera: 'Switch camera',
  switchFailed: 'The camera could not be switched.',
  language: 'Language',
  lostHeading: 'This Toque is lost',
  reward: (reward) => `Reward: ${reward}`,
  shareLocation: 'Share my location',
  sharingLocation: 'Sending your location...',
  locationShared: 'Location sent! The owner will know where the Toque was found.',
  locationRefused: 'Your location could not be read. Allow access to your location and try again.',
  productType: (productId) => enTypes[productId] ?? 'Unknown',
  tooManyAttempts: (retryAfterS) => {
    const m = minutes(retryAfterS);
    return m === undefined
      ? 'Too many attempts. Wait a little and try again.'
      : `Too many attempts. Try again in ${m} ${m === 1 ? 'minute' : 'minutes'}.`;
  },
  server: {
    tagNotFound: 'Toque not found.',
    unclaimed: 'This Toque has not been activated by its owner yet.',
    inactive: 'This Toque is inactive and cannot receive calls.',
    disabled: 'This Toque was deleted and cannot receive calls.',
    unitRequired: 'Choose the unit you want to call.',
    unitEmpty: 'This unit has no registered residents yet.',
    callNotFound: 'Call not found.',
    callOver: 'This call has already ended.',
    callAnswered: 'This call has already been answered.',
    invalidCallerToken: 'Invalid or expired call.',
    messageAlreadyLeft: 'You have already left a message on this call.',
    tooManyRinging: 'This Toque is receiving too many calls right now. Try again in a moment.',
    badSocketPayload: 'Invalid message.',
    validation: 'Invalid data.',
    tooManyRequests: 'Too many attempts. Wait a little and try again.',
    busy: 'The server is busy right now. Try again in a few seconds.',
    internal: 'Internal error. Try again later.',
    network: 'Could not reach the server. Check your connection.',
    messageEmpty: 'Write a message.',
    messageTooLong: 'The message must have at most 500 characters.',
  },
};

const es: FinderText = {
  heading: 'Encontraste un Toque',
  loading: 'Cargando el Toque...',
  reached: (type) => `Este es un Toque del tipo ${type}.`,
  ownerIs: (firstName) => `Quién va a atender: ${firstName}`,
  tagName: 'Nombre del Toque',
  importantInfo: 'Información importante',
  explain:
    'Toca el botón para hacer una videollamada con el dueño. Vamos a pedir acceso a la cámara, al micrófono y a tu ubicación. No se muestra el número del dueño, ni el tuyo.',
  call: 'Llamar al dueño',
  chooseUnit: 'Elige la unidad a la que quieres llamar',
  unitNobody: 'Nadie registrado para atender',
  preparing: 'Preparando la llamada...',
  ringing: (firstName) => `Llamando a ${firstName || 'el dueño'}... Espera, por favor.`,
  connected: 'Estás en una llamada con el dueño.',
  hangUp: 'Finalizar llamada',
  ended: 'Llamada finalizada. ¡Gracias por ayudar!',
  unanswered: 'Nadie atendió ahora.',
  declined: 'El dueño no puede atender ahora.',
  leaveMessage: 'Deja un mensaje corto para el dueño. Se envía junto con tu ubicación.',
  inAppBrowser:
    'Este navegador no permite usar la cámara. Abre el enlace en el navegador del celular (Chrome o Safari) para hacer la videollamada, o deja un mensaje para el dueño.',
  cameraRefused: 'Sin acceso a la cámara y al micrófono no se puede hacer la videollamada. Deja un mensaje para el dueño.',
  messageLabel: 'Tu mensaje',
  sendMessage: 'Enviar mensaje',
  messageSent: '¡Mensaje enviado! El dueño verá tu mensaje y tu ubicación.',
  selfView: 'Tu cámara',
  remoteView: 'Cámara del dueño',
  inactive: 'Este Toque está inactivo y no puede recibir llamadas.',
  callFailed: 'No se pudo hacer la llamada. Inténtalo de nuevo.',
  tryAgain: 'Intentar de nuevo',
  callMode: '¿Cómo quieres llamar?',
  video: 'Video',
  voiceOnly: 'Solo voz',
  explainVoice:
    'Toca el botón para hacer una llamada de voz con el dueño. Vamos a pedir acceso al micrófono y a tu ubicación. No se muestra el número del dueño, ni el tuyo.',
  voiceOnlyActive: 'Llamada solo con voz: tu cámara está apagada.',
  mute: 'Apagar micrófono',
  unmute: 'Encender micrófono',
  switchCamera: 'Cambiar cámara',
  switchFailed: 'No se pudo cambiar la cámara.',
  language: 'Idioma',
  lostHeading: 'Este Toque está perdido',
  reward: (reward) => `Recompensa: ${reward}`,
  shareLocation: 'Compartir mi ubicación',
  sharingLocation: 'Enviando tu ubicación...',
  locationShared: '¡Ubicación enviada! El dueño sabrá dónde se encontró el Toque.',
  locationRefused: 'No se pudo obtener tu ubicación. Permite el acceso a la ubicación e inténtalo de nuevo.',
  productType: (productId) => esTypes[productId] ?? 'Desconocido',
  tooManyAttempts: (retryAfterS) => {
    const m = minutes(retryAfterS);
    return m === undefined
      ? 'Demasiados intentos. Espera un poco e inténtalo de nuevo.'
      : `Demasiados intentos. Inténtalo de nuevo en ${m} ${m === 1 ? 'minuto' : 'minutos'}.`;
  },
  server: {
    tagNotFound: 'Toque no encontrado.',
    unclaimed: 'El dueño todavía no ha activado este Toque.',
    inactive: 'Este Toque está inactivo y no puede recibir llamadas.',
    disabled: 'Este Toque fue eliminado y no puede recibir llamadas.',
    unitRequired: 'Elige la unidad a la que quieres llamar.',
    unitEmpty: 'Esta unidad todavía no tiene residentes registrados.',
    callNotFound: 'Llamada no encontrada.',
    callOver: 'Esta llamada ya terminó.',
    callAnswered: 'Esta llamada ya fue atendida.',
    invalidCallerToken: 'Llamada no válida o vencida.',
    messageAlreadyLeft: 'Ya dejaste un mensaje en esta llamada.',
    tooManyRinging: 'Este Toque está recibiendo demasiadas llamadas ahora. Inténtalo de nuevo en unos instantes.',
    badSocketPayload: 'Mensaje no válido.',
    validation: 'Datos no válidos.',
    tooManyRequests: 'Demasiados intentos. Espera un poco e inténtalo de nuevo.',
    busy: 'El servidor está ocupado en este momento. Inténtalo de nuevo en unos segundos.',
    internal: 'Error interno. Inténtalo de nuevo más tarde.',
    network: 'No se pudo conectar con el servidor. Revisa tu conexión.',
    messageEmpty: 'Escribe un mensaje.',
    messageTooLong: 'El mensaje debe tener como máximo 500 caracteres.',
  },
};

export const finderText: Record<FinderLang, FinderText> = { 'pt-BR': pt, en, es };

const primary: Record<string, FinderLang> = { pt: 'pt-BR', en: 'en', es: 'es' };

/**
 * FIND-03: the finder's language from the browser's — an `Accept-Language` header or
 * `navigator.languages` — by quality, the first of pt/en/es (any region); Portuguese otherwise.
 */
export function pickFinderLang(accepted: string | readonly string[] | null | undefined): FinderLang {
  const entries = (typeof accepted === 'string' ? accepted.split(',') : [...(accepted ?? [])])
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { lang: primary[tag.trim().toLowerCase().split('-')[0] ?? ''], q: q === undefined ? 1 : Number(q), index };
    })
    .filter((e) => e.lang !== undefined && e.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return entries[0]?.lang ?? 'pt-BR';
}

export function isFinderLang(value: unknown): value is FinderLang {
  return typeof value === 'string' && (finderLangs as readonly string[]).includes(value);
}

/** The switch's choice in a `Cookie` header (or `document.cookie`), when there is a valid one. */
export function finderLangFromCookie(cookie: string | null | undefined): FinderLang | undefined {
  for (const part of (cookie ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === FINDER_LANG_COOKIE) {
      const lang = decodeURIComponent(value ?? '');
      return isFinderLang(lang) ? lang : undefined;
    }
  }
  return undefined;
}

const serverKeys = new Map<string, FinderServerKey>(
  (Object.entries(pt.server) as [FinderServerKey, string][]).map(([key, text]) => [text, key]),
);

/**
 * A Portuguese message the finder would read (the API's `{ message }`, the form's own check) in
 * the finder's language: the API stays Portuguese (FIND-03), the page translates what it knows.
 * A 429 says how long to wait; an unknown message is shown as it came.
 */
export function finderMessage(
  t: FinderText,
  message: string,
  error?: { status?: number; retryAfterS?: number | undefined },
): string {
  if (error?.status === 429 && !serverKeys.has(message)) return t.tooManyAttempts(error.retryAfterS);
  const key = serverKeys.get(message);
  return key ? t.server[key] : message;
}

/** The tag's type from its product (the API's `type` is the Portuguese label; an unknown product keeps it). */
export function finderType(t: FinderText, tag: { product_id: number; type: string }): string {
  return productLabel(tag.product_id) === UNKNOWN_PRODUCT ? tag.type : t.productType(tag.product_id);
}
