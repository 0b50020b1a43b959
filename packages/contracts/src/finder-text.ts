import { callUi } from './call-ui';
import { CONDOMINIUM_PRODUCT_ID, productLabel, UNKNOWN_PRODUCT } from './constants';
import { geofenceMsg } from './geofence';
import { apiMsg, callMsg, tooManyAttemptsMessage } from './messages';
import { ui } from './ui';

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
  /** FIND-05: a unit the síndico has not named yet (the API's placeholder). */
  temporaryUnit: callMsg.temporaryUnit,
  /** FIND-05: the page's own header and footer (the site's words, web/src/content; finder-site.test.ts pins them). */
  /** PERF-06: the page without its JavaScript (noscript), or with the app's code failing to load after a tap. */
  noScript:
    'Para ligar ou deixar uma mensagem para o dono, este navegador precisa de JavaScript. Ative o JavaScript ou abra esta página no navegador do celular (Chrome ou Safari).',
  scriptFailed:
    'Não foi possível carregar a chamada. Verifique a internet e recarregue a página para ligar ou deixar uma mensagem para o dono.',
  reload: 'Recarregar a página',
  /** CONDO-17: a plate that rings only at its door; said before the tap, and the message form after a refusal. */
  positionNeeded: 'Esta placa só chama quem está na portaria: ao tocar em chamar, vamos pedir a sua localização.',
  geofenceMessage: 'Deixe uma mensagem para a unidade escolhida; ela chega sem tocar a campainha.',
  site: {
    homeLink: 'Toque, página inicial',
    skipToContent: 'Pular para o conteúdo',
    slogan: 'Quem encontra, chama você.',
    footerLinks: ui.site.footer.links,
    manual: ui.site.headings.manual,
    privacy: ui.site.headings.privacy,
    terms: ui.site.headings.terms,
    contact: ui.site.footer.contact,
  },
  /** Server answers (`{ message }`, Portuguese) the finder can meet, by their callMsg/apiMsg key. */
  server: {
    tagNotFound: callMsg.tagNotFound,
    unclaimed: callMsg.unclaimed,
    inactive: callMsg.inactive,
    disabled: callMsg.disabled,
    suspended: callMsg.suspended,
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
    databaseUnavailable: apiMsg.databaseUnavailable,
    internal: apiMsg.internal,
    network: apiMsg.network,
    messageEmpty,
    messageTooLong,
    callbackInvalid: callMsg.callbackInvalid,
    callbackAlreadyLeft: callMsg.callbackAlreadyLeft,
    tagMessageNotAllowed: callMsg.tagMessageNotAllowed,
    geofencePositionRequired: geofenceMsg.positionRequired,
    geofenceTooFar: geofenceMsg.tooFar,
    geofenceInaccurate: geofenceMsg.inaccurate,
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
type FinderServerKey = keyof FinderText['server'];

const minutes = (retryAfterS: number | undefined) =>
  retryAfterS === undefined || !Number.isFinite(retryAfterS) ? undefined : Math.max(1, Math.ceil(retryAfterS / 60));

// FIND-05: the type as it reads inside the sentence `reached` ("This Toque is a pet tag."), article included.
const enTypes: Record<number, string> = {
  1: 'a wristband',
  2: 'a doorbell',
  3: 'a pet tag',
  4: 'an object tag',
  5: "a building's intercom plate",
};
const esTypes: Record<number, string> = {
  1: 'una pulsera',
  2: 'un timbre',
  3: 'una placa para mascotas',
  4: 'una etiqueta para objetos',
  5: 'una placa de portería',
};
const seconds = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

const en: FinderText = {
  heading: 'You found a Toque',
  loading: 'Loading the Toque...',
  reached: (type) => `This Toque is ${type}.`,
  ownerIs: (firstName) => `${firstName} will answer.`,
  tagName: 'Name',
  importantInfo: 'Important information',
  explain:
    "Tap the button to video call the owner. We'll ask to use your camera, microphone and location. Neither the owner's number nor yours is shown.",
  call: 'Call the owner',
  chooseUnit: 'Choose the unit you want to call',
  chooseBlock: 'Choose the block',
  noBlock: 'No block',
  unitsNotListed: "Can't find the unit? Not every unit takes calls through Toque.",
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
  noWebRtc:
    "This browser can't make video calls. Open the link in Chrome, Safari or Firefox on your phone, or leave a message for the owner.",
  cameraRefused:
    'Without access to the camera and microphone the video call cannot be made. Leave a message for the owner.',
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
    "Tap the button to call the owner by voice. We'll ask to use your microphone and location. Neither the owner's number nor yours is shown.",
  voiceOnlyActive: 'Voice-only call: your camera is off.',
  mute: 'Turn microphone off',
  unmute: 'Turn microphone on',
  switchCamera: 'Switch camera',
  switchFailed: 'The camera could not be switched.',
  ownerVoiceOnly: 'The owner is on voice only',
  duration: 'Duration',
  language: 'Language',
  lostHeading: 'This Toque is lost',
  reward: (reward) => `Reward: ${reward}`,
  photoAlt: (name) => (name ? `Photo of ${name}` : 'Photo from the owner'),
  lostCity: (city) => `Lost in ${city}`,
  shareLocation: 'Share my location',
  sharingLocation: 'Sending your location...',
  locationShared: 'Location sent! The owner will know where the Toque was found.',
  locationRefused: 'Your location could not be read. Allow access to your location and try again.',
  timeLeft: (n) => `Ringing for ${seconds(n, 'more second', 'more seconds')}`,
  nextSteps: 'What would you like to do now?',
  callbackHeading: 'Would you rather the owner got in touch with you?',
  callbackLabel: 'Your phone number (with area code) or email',
  callbackHelp: "Only the owner sees it. It's deleted along with your location.",
  sendCallback: 'Send my contact',
  callbackSent: 'Contact sent! The owner can call or write to you.',
  offMessage: 'You can still leave the owner a message. It goes with your location.',
  contactOptional: 'Your phone number or email (optional), so the owner can reply',
  plateHeading: (building) =>
    building
      ? `You're at the entrance of ${building} — choose the unit`
      : "You're at the building's entrance — choose the unit",
  callUnit: 'Call the unit',
  explainUnit:
    "Choose the unit and tap the button to video call the people who live there. We'll ask to use your camera, microphone and location. No phone numbers are shown.",
  explainUnitVoice:
    "Choose the unit and tap the button to call the people who live there by voice. We'll ask to use your microphone and location. No phone numbers are shown.",
  ringingUnit: (unit) => `Calling unit ${unit}... Please wait.`,
  connectedUnit: (unit) => `You're on a call with unit ${unit}.`,
  unitDeclined: "The unit can't answer right now.",
  leaveMessageUnit: 'Leave a short message for the residents of the unit.',
  homeHeading: (firstName) => (firstName ? `You're at ${firstName}'s door` : "You're at the door of a home"),
  callHome: 'Ring the doorbell',
  explainHome:
    "Tap the button to talk on video with whoever lives here. We'll ask to use your camera, microphone and location. No phone numbers are shown.",
  explainHomeVoice:
    "Tap the button to talk by voice with whoever lives here. We'll ask to use your microphone and location. No phone numbers are shown.",
  ringingHome: (firstName) => `Calling ${firstName || 'the household'}... Please wait.`,
  connectedHome: "You're talking with whoever lives here.",
  homeDeclined: 'Nobody can come to the door right now.',
  leaveMessageHome: 'Leave a short message for whoever lives here.',
  quiet: (until) => `The owner asked not to be called until ${until}. You can leave a message.`,
  tryingAnother: 'Trying someone else...',
  emergencySamu: 'Emergency? Call 192 (SAMU ambulance)',
  emergencyBombeiros: 'Call 193 (Fire and rescue)',
  emergencyLabel: 'Emergency numbers',
  needsCare: 'The person wearing this wristband needs care. If they are unwell, call before anything else.',
  medical: {
    heading: 'Medical card',
    conditions: 'Health conditions',
    allergies: 'Allergies',
    medication: 'Current medication',
    bloodType: 'Blood type',
    healthPlan: 'Health insurance',
    paramedicNote: 'Note for paramedics',
  },
  retrying: "We can't reach the server right now. Trying again...",
  productType: (productId) => enTypes[productId] ?? 'of an unknown type',
  temporaryUnit: 'Unit not named yet',
  noScript:
    "To call or leave a message for the owner, this browser needs JavaScript. Turn JavaScript on or open this page in your phone's browser (Chrome or Safari).",
  scriptFailed:
    'The call could not be loaded. Check your connection and reload the page to call or leave a message for the owner.',
  reload: 'Reload the page',
  positionNeeded: 'This plate only calls people at the building\'s entrance: when you tap call, we will ask for your location.',
  geofenceMessage: 'Leave a message for the chosen unit; it arrives without ringing.',
  site: {
    homeLink: 'Toque, home page',
    skipToContent: 'Skip to content',
    slogan: 'Whoever finds it calls you.',
    footerLinks: 'Footer links',
    manual: 'User guide (in Portuguese)',
    privacy: 'Privacy policy (in Portuguese)',
    terms: 'Terms of use (in Portuguese)',
    contact: 'Contact',
  },
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
    suspended: 'This Toque cannot receive calls right now. You can leave the owner a message.',
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
    databaseUnavailable: 'The service is temporarily unavailable. Try again in a few seconds.',
    internal: 'Internal error. Try again later.',
    network: 'Could not reach the server. Check your connection.',
    messageEmpty: 'Write a message.',
    messageTooLong: 'The message can be at most 500 characters long.',
    callbackInvalid: 'Enter a phone number with its area code or a valid email.',
    callbackAlreadyLeft: 'You have already left a contact on this call.',
    tagMessageNotAllowed: 'This Toque does not take messages.',
    geofencePositionRequired:
      'This plate only calls people at the building\'s entrance: allow access to your location to call. You can still leave a message.',
    geofenceTooFar:
      'You are far from this building\'s entrance: this plate only calls people at the door. You can still leave a message.',
    geofenceInaccurate:
      'Your location is too imprecise to confirm you are at the entrance. Try again near the plate, outdoors, or leave a message.',
  },
};

const es: FinderText = {
  heading: 'Encontraste un Toque',
  loading: 'Cargando el Toque...',
  reached: (type) => `Este Toque es ${type}.`,
  ownerIs: (firstName) => `Va a atender ${firstName}.`,
  tagName: 'Nombre',
  importantInfo: 'Información importante',
  explain:
    'Toca el botón para hacer una videollamada con el dueño. Te vamos a pedir acceso a la cámara, al micrófono y a tu ubicación. No se muestra ni el número del dueño ni el tuyo.',
  call: 'Llamar al dueño',
  chooseUnit: 'Elige la unidad a la que quieres llamar',
  chooseBlock: 'Elige el bloque',
  noBlock: 'Sin bloque',
  unitsNotListed: '¿No encuentras la unidad? No todas reciben llamadas por Toque.',
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
  noWebRtc:
    'Este navegador no puede hacer videollamadas. Abre el enlace en Chrome, Safari o Firefox del celular, o deja un mensaje para el dueño.',
  cameraRefused:
    'Sin acceso a la cámara y al micrófono no se puede hacer la videollamada. Deja un mensaje para el dueño.',
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
    'Toca el botón para hacer una llamada de voz con el dueño. Te vamos a pedir acceso al micrófono y a tu ubicación. No se muestra ni el número del dueño ni el tuyo.',
  voiceOnlyActive: 'Llamada solo con voz: tu cámara está apagada.',
  mute: 'Apagar micrófono',
  unmute: 'Encender micrófono',
  switchCamera: 'Cambiar cámara',
  switchFailed: 'No se pudo cambiar la cámara.',
  ownerVoiceOnly: 'El dueño está solo con voz',
  duration: 'Duración',
  language: 'Idioma',
  lostHeading: 'Este Toque está perdido',
  reward: (reward) => `Recompensa: ${reward}`,
  photoAlt: (name) => (name ? `Foto de ${name}` : 'Foto enviada por el dueño'),
  lostCity: (city) => `Perdido en ${city}`,
  shareLocation: 'Compartir mi ubicación',
  sharingLocation: 'Enviando tu ubicación...',
  locationShared: '¡Ubicación enviada! El dueño sabrá dónde se encontró el Toque.',
  locationRefused: 'No se pudo obtener tu ubicación. Permite el acceso a la ubicación e inténtalo de nuevo.',
  timeLeft: (n) => `Sonará ${seconds(n, 'segundo', 'segundos')} más`,
  nextSteps: '¿Qué quieres hacer ahora?',
  callbackHeading: '¿Prefieres que el dueño se comunique contigo?',
  callbackLabel: 'Tu teléfono (con código de área) o correo electrónico',
  callbackHelp: 'Solo lo ve el dueño. Se borra junto con tu ubicación.',
  sendCallback: 'Enviar mi contacto',
  callbackSent: '¡Contacto enviado! El dueño puede llamarte o escribirte.',
  offMessage: 'Aun así, puedes dejarle un mensaje al dueño. Se envía junto con tu ubicación.',
  contactOptional: 'Tu teléfono o correo electrónico (opcional), para que el dueño te responda',
  plateHeading: (building) =>
    building
      ? `Estás en la portería de ${building}: elige la unidad`
      : 'Estás en la portería del edificio: elige la unidad',
  callUnit: 'Llamar a la unidad',
  explainUnit:
    'Elige la unidad y toca el botón para hacer una videollamada con quienes viven allí. Te vamos a pedir acceso a la cámara, al micrófono y a tu ubicación. No se muestra ningún número de teléfono.',
  explainUnitVoice:
    'Elige la unidad y toca el botón para hacer una llamada de voz con quienes viven allí. Te vamos a pedir acceso al micrófono y a tu ubicación. No se muestra ningún número de teléfono.',
  ringingUnit: (unit) => `Llamando a la unidad ${unit}... Espera, por favor.`,
  connectedUnit: (unit) => `Estás en una llamada con la unidad ${unit}.`,
  unitDeclined: 'La unidad no puede atender ahora.',
  leaveMessageUnit: 'Deja un mensaje corto para quienes viven en la unidad.',
  homeHeading: (firstName) =>
    firstName ? `Estás en la puerta de la casa de ${firstName}` : 'Estás en la puerta de una casa',
  callHome: 'Tocar el timbre',
  explainHome:
    'Toca el botón para hablar por video con quien vive aquí. Te vamos a pedir acceso a la cámara, al micrófono y a tu ubicación. No se muestra ningún número de teléfono.',
  explainHomeVoice:
    'Toca el botón para hablar por voz con quien vive aquí. Te vamos a pedir acceso al micrófono y a tu ubicación. No se muestra ningún número de teléfono.',
  ringingHome: (firstName) => `Llamando a ${firstName || 'quien vive aquí'}... Espera, por favor.`,
  connectedHome: 'Estás hablando con quien vive aquí.',
  homeDeclined: 'Nadie puede atender la puerta ahora.',
  leaveMessageHome: 'Deja un mensaje corto para quien vive aquí.',
  quiet: (until) => `El dueño pidió no recibir llamadas hasta las ${until}. Puedes dejar un mensaje.`,
  tryingAnother: 'Intentando con otra persona...',
  emergencySamu: '¿Emergencia? Llama al 192 (SAMU, ambulancia)',
  emergencyBombeiros: 'Llama al 193 (Bomberos)',
  emergencyLabel: 'Teléfonos de emergencia',
  needsCare: 'Quien usa esta pulsera necesita cuidados. Si la persona no está bien, llama antes que nada.',
  medical: {
    heading: 'Datos médicos',
    conditions: 'Condiciones de salud',
    allergies: 'Alergias',
    medication: 'Medicamentos que toma',
    bloodType: 'Grupo sanguíneo',
    healthPlan: 'Seguro médico',
    paramedicNote: 'Nota para el equipo de emergencia',
  },
  retrying: 'No logramos comunicarnos con el servidor ahora. Intentando de nuevo...',
  productType: (productId) => esTypes[productId] ?? 'de un tipo desconocido',
  temporaryUnit: 'Unidad sin nombre todavía',
  noScript:
    'Para llamar o dejar un mensaje al dueño, este navegador necesita JavaScript. Activa JavaScript o abre esta página en el navegador del celular (Chrome o Safari).',
  scriptFailed:
    'No se pudo cargar la llamada. Revisa tu conexión y recarga la página para llamar o dejar un mensaje al dueño.',
  reload: 'Recargar la página',
  positionNeeded: 'Esta placa solo llama a quien está en la portería: al tocar llamar, te vamos a pedir tu ubicación.',
  geofenceMessage: 'Deja un mensaje para la unidad elegida; llega sin tocar el timbre.',
  site: {
    homeLink: 'Toque, página de inicio',
    skipToContent: 'Saltar al contenido',
    slogan: 'Quien lo encuentra te llama.',
    footerLinks: 'Enlaces del pie de página',
    manual: 'Manual de uso (en portugués)',
    privacy: 'Política de privacidad (en portugués)',
    terms: 'Términos de uso (en portugués)',
    contact: 'Contacto',
  },
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
    suspended: 'Este Toque no puede recibir llamadas ahora. Puedes dejarle un mensaje al dueño.',
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
    databaseUnavailable: 'El servicio no está disponible por el momento. Inténtalo de nuevo en unos segundos.',
    internal: 'Error interno. Inténtalo de nuevo más tarde.',
    network: 'No se pudo conectar con el servidor. Revisa tu conexión.',
    messageEmpty: 'Escribe un mensaje.',
    messageTooLong: 'El mensaje debe tener como máximo 500 caracteres.',
    callbackInvalid: 'Escribe un teléfono con código de área o un correo electrónico válido.',
    callbackAlreadyLeft: 'Ya dejaste un contacto en esta llamada.',
    tagMessageNotAllowed: 'Este Toque no recibe mensajes.',
    geofencePositionRequired:
      'Esta placa solo llama a quien está en la portería del edificio: permite el acceso a tu ubicación para llamar. Igual puedes dejar un mensaje.',
    geofenceTooFar:
      'Estás lejos de la portería de este edificio: esta placa solo llama a quien está en la puerta. Igual puedes dejar un mensaje.',
    geofenceInaccurate:
      'Tu ubicación es demasiado imprecisa para confirmar que estás en la portería. Inténtalo de nuevo cerca de la placa, al aire libre, o deja un mensaje.',
  },
};

export const finderText: Record<FinderLang, FinderText> = { 'pt-BR': pt, en, es };

/**
 * CONDO-19: what a door (a building's plate, a home's doorbell) says in its own words: the people who
 * live there, not the owner of something lost. Every text a visitor can meet at a door that names the
 * owner has its door version here; `finderTextAt` puts them over the finder's texts.
 */
type DoorKey =
  | 'ownerVoiceOnly'
  | 'remoteView'
  | 'ended'
  | 'leaveMessage'
  | 'inAppBrowser'
  | 'noWebRtc'
  | 'cameraRefused'
  | 'messageSent'
  | 'photoAlt'
  | 'locationShared'
  | 'callbackHeading'
  | 'callbackHelp'
  | 'callbackSent'
  | 'offMessage'
  | 'contactOptional'
  | 'quiet'
  | 'noScript'
  | 'scriptFailed';
export type DoorWords = Pick<FinderText, DoorKey> & { server: Pick<FinderText['server'], 'unclaimed' | 'suspended'> };

export const doorWords: Record<FinderLang, DoorWords> = {
  'pt-BR': {
    ownerVoiceOnly: 'O morador está só com voz',
    remoteView: 'Câmera do morador',
    ended: 'Chamada encerrada. Até a próxima!',
    leaveMessage: 'Deixe uma mensagem curta para os moradores.',
    inAppBrowser:
      'Este navegador não libera a câmera. Abra o link no navegador do celular (Chrome ou Safari) para fazer a videochamada, ou deixe uma mensagem para os moradores.',
    noWebRtc:
      'Este navegador não faz videochamadas. Abra o link no Chrome, no Safari ou no Firefox do celular, ou deixe uma mensagem para os moradores.',
    cameraRefused:
      'Sem acesso à câmera e ao microfone não dá para fazer a videochamada. Deixe uma mensagem para os moradores.',
    messageSent: 'Mensagem enviada! Os moradores vão ver a sua mensagem.',
    photoAlt: (name) => (name ? `Foto de ${name}` : 'Foto da entrada'),
    locationShared: 'Localização enviada!',
    callbackHeading: 'Prefere que o morador entre em contato com você?',
    callbackHelp: 'Só os moradores veem. É apagado junto com a sua localização.',
    callbackSent: 'Contato enviado! O morador pode ligar ou escrever para você.',
    offMessage: 'Mesmo assim, você pode deixar uma mensagem para os moradores.',
    contactOptional: 'Seu telefone com DDD ou e-mail (opcional), para o morador responder',
    quiet: (until) => `Os moradores pediram para não receber chamadas até ${until}.`,
    noScript:
      'Para chamar ou deixar uma mensagem para os moradores, este navegador precisa de JavaScript. Ative o JavaScript ou abra esta página no navegador do celular (Chrome ou Safari).',
    scriptFailed:
      'Não foi possível carregar a chamada. Verifique a internet e recarregue a página para chamar ou deixar uma mensagem para os moradores.',
    server: {
      unclaimed: 'Este Toque ainda não foi ativado.',
      suspended: 'Este Toque não pode receber chamadas agora. Você pode deixar uma mensagem para os moradores.',
    },
  },
  en: {
    ownerVoiceOnly: 'The resident is on voice only',
    remoteView: "Resident's camera",
    ended: 'Call ended. See you next time!',
    leaveMessage: 'Leave a short message for the residents.',
    inAppBrowser:
      "This browser does not allow the camera. Open the link in your phone's browser (Chrome or Safari) to make the video call, or leave the residents a message.",
    noWebRtc:
      "This browser can't make video calls. Open the link in Chrome, Safari or Firefox on your phone, or leave the residents a message.",
    cameraRefused: 'Without access to the camera and microphone the video call cannot be made. Leave the residents a message.',
    messageSent: 'Message sent! The residents will see your message.',
    photoAlt: (name) => (name ? `Photo of ${name}` : 'Photo of the entrance'),
    locationShared: 'Location sent!',
    callbackHeading: 'Would you rather the resident got in touch with you?',
    callbackHelp: "Only the residents see it. It's deleted along with your location.",
    callbackSent: 'Contact sent! The resident can call or write to you.',
    offMessage: 'You can still leave the residents a message.',
    contactOptional: 'Your phone number or email (optional), so the resident can reply',
    quiet: (until) => `The residents asked not to be called until ${until}.`,
    noScript:
      "To call or leave a message for the residents, this browser needs JavaScript. Turn JavaScript on or open this page in your phone's browser (Chrome or Safari).",
    scriptFailed:
      'The call could not be loaded. Check your connection and reload the page to call or leave a message for the residents.',
    server: {
      unclaimed: 'This Toque has not been activated yet.',
      suspended: 'This Toque cannot receive calls right now. You can leave the residents a message.',
    },
  },
  es: {
    ownerVoiceOnly: 'El residente está solo con voz',
    remoteView: 'Cámara del residente',
    ended: 'Llamada finalizada. ¡Hasta la próxima!',
    leaveMessage: 'Deja un mensaje corto para los residentes.',
    inAppBrowser:
      'Este navegador no permite usar la cámara. Abre el enlace en el navegador del celular (Chrome o Safari) para hacer la videollamada, o deja un mensaje para los residentes.',
    noWebRtc:
      'Este navegador no puede hacer videollamadas. Abre el enlace en Chrome, Safari o Firefox del celular, o deja un mensaje para los residentes.',
    cameraRefused:
      'Sin acceso a la cámara y al micrófono no se puede hacer la videollamada. Deja un mensaje para los residentes.',
    messageSent: '¡Mensaje enviado! Los residentes verán tu mensaje.',
    photoAlt: (name) => (name ? `Foto de ${name}` : 'Foto de la entrada'),
    locationShared: '¡Ubicación enviada!',
    callbackHeading: '¿Prefieres que el residente se comunique contigo?',
    callbackHelp: 'Solo lo ven los residentes. Se borra junto con tu ubicación.',
    callbackSent: '¡Contacto enviado! El residente puede llamarte o escribirte.',
    offMessage: 'Aun así, puedes dejarles un mensaje a los residentes.',
    contactOptional: 'Tu teléfono o correo electrónico (opcional), para que el residente te responda',
    quiet: (until) => `Los residentes pidieron no recibir llamadas hasta las ${until}.`,
    noScript:
      'Para llamar o dejar un mensaje a los residentes, este navegador necesita JavaScript. Activa JavaScript o abre esta página en el navegador del celular (Chrome o Safari).',
    scriptFailed:
      'No se pudo cargar la llamada. Revisa tu conexión y recarga la página para llamar o dejar un mensaje a los residentes.',
    server: {
      unclaimed: 'Este Toque todavía no fue activado.',
      suspended: 'Este Toque no puede recibir llamadas ahora. Puedes dejar un mensaje a los residentes.',
    },
  },
};

/** The finder's texts at a place (FIND-05): a door's in its own words (CONDO-19), anything else's as they are. */
export function finderTextAt(lang: FinderLang, place: FinderPlace): FinderText {
  const t = finderText[lang];
  if (place === 'thing') return t;
  const door = doorWords[lang];
  return { ...t, ...door, server: { ...t.server, ...door.server } };
}

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

function isFinderLang(value: unknown): value is FinderLang {
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

const serverKeys = new Map<string, FinderServerKey>([
  ...(Object.entries(pt.server) as [FinderServerKey, string][]).map(([key, text]) => [text, key] as const),
  // CONDO-19: what the server says at a door (a plate, a doorbell) reads in the finder's language too.
  ...(Object.entries(doorWords['pt-BR'].server) as [FinderServerKey, string][]).map(([key, text]) => [text, key] as const),
]);

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

/** FIND-05: what a tag is to the finder: a building's plate, a home's doorbell, or something someone lost. */
export type FinderPlace = 'building' | 'home' | 'thing';

const DOORBELL = 2;

export function finderPlace(tag: { product_id: number; units?: readonly unknown[] }): FinderPlace {
  if (tag.product_id === CONDOMINIUM_PRODUCT_ID || (tag.units?.length ?? 0) > 0) return 'building';
  return tag.product_id === DOORBELL ? 'home' : 'thing';
}

/** The words of the call that depend on the place (FIND-05): a plate calls a unit, a doorbell a home, any other tag its owner. */
export interface PlaceWords {
  call: string;
  explain: string;
  explainVoice: string;
  /** Who is being rung: the unit's name for a plate, the owner's first name otherwise. */
  ringing: (who: string) => string;
  connected: (who: string) => string;
  declined: string;
  leaveMessage: string;
}

export function placeWords(t: FinderText, place: FinderPlace): PlaceWords {
  switch (place) {
    case 'building':
      return {
        call: t.callUnit,
        explain: t.explainUnit,
        explainVoice: t.explainUnitVoice,
        ringing: t.ringingUnit,
        connected: t.connectedUnit,
        declined: t.unitDeclined,
        leaveMessage: t.leaveMessageUnit,
      };
    case 'home':
      return {
        call: t.callHome,
        explain: t.explainHome,
        explainVoice: t.explainHomeVoice,
        ringing: t.ringingHome,
        connected: () => t.connectedHome,
        declined: t.homeDeclined,
        leaveMessage: t.leaveMessageHome,
      };
    case 'thing':
      return {
        call: t.call,
        explain: t.explain,
        explainVoice: t.explainVoice,
        ringing: t.ringing,
        connected: () => t.connected,
        declined: t.declined,
        leaveMessage: t.leaveMessage,
      };
  }
}

/** A unit's name as the finder reads it (FIND-05): one not named yet is said in the finder's language. */
export function finderUnitName(t: FinderText, unit: { name: string; temporary?: boolean | undefined }): string {
  return unit.temporary ? t.temporaryUnit : unit.name;
}
