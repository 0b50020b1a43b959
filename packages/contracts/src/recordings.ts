/**
 * FIND-12 (docs/decisions/0056): a voice or video message the finder records after a call nobody
 * answered, sent into the conversation. The numbers the browser records with and the server checks
 * against, and the exact Portuguese texts both show.
 */

/** The longest recording: the browser stops here by itself. */
export const RECORDING_MAX_SECONDS = 30;
/** What the server lets pass over 30 s, read from the file (a recorder stops a few frames late). */
export const RECORDING_TOLERANCE_MS = 1_000;
/** The largest file the server reads (checked from the bytes sent, before any parsing). */
export const RECORDING_MAX_BYTES = 6_000_000;
/**
 * What MediaRecorder is asked for: 30 s × (800 + 48) kbit/s ≈ 3.2 MB, well under the 6 MB cap even
 * when an encoder overshoots its target by half.
 */
export const RECORDING_VIDEO_BITS_PER_SECOND = 800_000;
export const RECORDING_AUDIO_BITS_PER_SECOND = 48_000;
/**
 * Recordings a finder may send for one call, and per address (each is a parse and a few MB stored),
 * per the server's rate window (RATE_WINDOW_MS, 15 minutes: a caller token's whole life).
 */
export const RECORDING_LIMITS = { perCall: 3, perAddress: 10 } as const;

export type RecordingKind = 'video' | 'audio';

/** The header that names the conversation this browser holds for the tag (the recording joins it). */
export const RECORDING_CONVERSATION_HEADER = 'x-toque-conversation';

export const recordingMsg = {
  tooLarge: 'A gravação é grande demais (máximo de 6 MB). Grave de novo, mais curta.',
  tooLong: `A gravação passa de ${RECORDING_MAX_SECONDS} segundos. Grave de novo, mais curta.`,
  notMedia: 'Este arquivo não é uma gravação de áudio ou vídeo (WebM ou MP4).',
  empty: 'A gravação está vazia. Grave de novo.',
  tooMany: 'Muitas gravações em pouco tempo. Aguarde um pouco e tente de novo.',
  notFound: 'Gravação não encontrada.',
} as const;

/** The message's text in the thread, the list, the push, the e-mail and the export: never the media. */
export const recordingLabel = (kind: RecordingKind, durationMs: number) =>
  `${kind === 'video' ? 'Mensagem de vídeo' : 'Mensagem de voz'}, ${Math.max(1, Math.round(durationMs / 1000))} s`;

export const recordingsApi = {
  /** POST, the file itself as the body, `Authorization: Bearer <callerToken>`. */
  fromCall: (roomId: string) => `/calls/${encodeURIComponent(roomId)}/recording`,
  /** GET, a recipient's session: the recording's bytes. */
  media: (conversationId: string, messageId: number) => `/conversations/${conversationId}/messages/${messageId}/recording`,
} as const;

/** The owner's Conversas (Portuguese only, like the rest of the dashboard). */
export const recordingUi = {
  video: 'Mensagem de vídeo de quem encontrou',
  audio: 'Mensagem de voz de quem encontrou',
  loading: 'Carregando a gravação…',
  failed: 'Não foi possível carregar a gravação.',
} as const;

/** The finder's recorder after a missed call, in the finder page's three languages (FIND-03). */
export interface RecordingFinderText {
  open: string;
  intro: string;
  kind: string;
  video: string;
  audio: string;
  start: string;
  stop: string;
  /** The countdown while recording, e.g. "Gravando… faltam 0:27". */
  recording: (left: string) => string;
  review: string;
  redo: string;
  send: string;
  sending: string;
  cameraRefused: string;
  unsupported: string;
  failed: string;
  /** The server's refusals (recordingMsg), in this language. */
  server: Record<keyof typeof recordingMsg, string>;
}

export const recordingFinderText: Record<'pt-BR' | 'en' | 'es', RecordingFinderText> = {
  'pt-BR': {
    open: 'Gravar uma mensagem de voz ou vídeo',
    intro: `Até ${RECORDING_MAX_SECONDS} segundos. Você ouve antes de enviar e pode gravar de novo.`,
    kind: 'Gravar',
    video: 'Vídeo',
    audio: 'Só voz',
    start: 'Começar a gravar',
    stop: 'Parar',
    recording: (left) => `Gravando… faltam ${left}`,
    review: 'Veja como ficou antes de enviar.',
    redo: 'Gravar de novo',
    send: 'Enviar gravação',
    sending: 'Enviando…',
    cameraRefused: 'Não foi possível usar a câmera ou o microfone. Permita o acesso e tente de novo, ou escreva uma mensagem.',
    unsupported: 'Este navegador não grava áudio nem vídeo. Escreva uma mensagem.',
    failed: 'Não foi possível enviar a gravação. Tente de novo.',
    server: recordingMsg,
  },
  en: {
    open: 'Record a voice or video message',
    intro: `Up to ${RECORDING_MAX_SECONDS} seconds. You can play it back before sending and record again.`,
    kind: 'Record',
    video: 'Video',
    audio: 'Voice only',
    start: 'Start recording',
    stop: 'Stop',
    recording: (left) => `Recording… ${left} left`,
    review: 'Check it before sending.',
    redo: 'Record again',
    send: 'Send recording',
    sending: 'Sending…',
    cameraRefused: 'The camera or microphone could not be used. Allow access and try again, or write a message.',
    unsupported: 'This browser cannot record audio or video. Write a message instead.',
    failed: 'The recording could not be sent. Try again.',
    server: {
      tooLarge: 'The recording is too large (6 MB at most). Record a shorter one.',
      tooLong: `The recording is longer than ${RECORDING_MAX_SECONDS} seconds. Record a shorter one.`,
      notMedia: 'This file is not an audio or video recording (WebM or MP4).',
      empty: 'The recording is empty. Record again.',
      tooMany: 'Too many recordings in a short time. Wait a little and try again.',
      notFound: 'Recording not found.',
    },
  },
  es: {
    open: 'Grabar un mensaje de voz o video',
    intro: `Hasta ${RECORDING_MAX_SECONDS} segundos. Puedes escucharlo antes de enviarlo y grabar de nuevo.`,
    kind: 'Grabar',
    video: 'Video',
    audio: 'Solo voz',
    start: 'Empezar a grabar',
    stop: 'Detener',
    recording: (left) => `Grabando… quedan ${left}`,
    review: 'Revisa cómo quedó antes de enviarlo.',
    redo: 'Grabar de nuevo',
    send: 'Enviar grabación',
    sending: 'Enviando…',
    cameraRefused: 'No se pudo usar la cámara o el micrófono. Permite el acceso e inténtalo de nuevo, o escribe un mensaje.',
    unsupported: 'Este navegador no graba audio ni video. Escribe un mensaje.',
    failed: 'No se pudo enviar la grabación. Inténtalo de nuevo.',
    server: {
      tooLarge: 'La grabación es demasiado grande (máximo 6 MB). Graba una más corta.',
      tooLong: `La grabación pasa de ${RECORDING_MAX_SECONDS} segundos. Graba una más corta.`,
      notMedia: 'Este archivo no es una grabación de audio o video (WebM o MP4).',
      empty: 'La grabación está vacía. Graba de nuevo.',
      tooMany: 'Demasiadas grabaciones en poco tiempo. Espera un poco e inténtalo de nuevo.',
      notFound: 'Grabación no encontrada.',
    },
  },
};

/**
 * The container MediaRecorder is asked for, the first the browser supports: WebM (Chromium,
 * Firefox), else MP4 (Safari). `isTypeSupported` is the browser's; none means it cannot record.
 */
export function pickRecordingType(kind: RecordingKind, isTypeSupported: (type: string) => boolean): string | null {
  const candidates =
    kind === 'video'
      ? ['video/webm;codecs=vp8,opus', 'video/webm', 'video/mp4;codecs=avc1,mp4a.40.2', 'video/mp4']
      : ['audio/webm;codecs=opus', 'audio/webm', 'audio/mp4;codecs=mp4a.40.2', 'audio/mp4'];
  return candidates.find((type) => isTypeSupported(type)) ?? null;
}
