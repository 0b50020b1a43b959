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
/** Recordings a finder may send for one call, and per address (each is a parse and a few MB stored). */
export const RECORDING_LIMITS = {
  perCall: { points: 3, windowMs: 15 * 60 * 1000 },
  perAddress: { points: 10, windowMs: 60 * 60 * 1000 },
} as const;

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
