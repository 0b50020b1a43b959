import { z } from 'zod';
import { DAY_MS } from './constants';
import { leaveMessageBody } from './calls';
import { latitude, longitude } from './geo';
import type { FinderLang } from './finder-text';

/**
 * FIND-06 (docs/decisions/0044): a conversation between a finder (no account, a private link) and
 * the people a call to the tag would ring. Server texts are Portuguese (`conversationMsg`); the
 * finder reads them in their language through `conversationFinderText`.
 */

/** The longest message either side can write. */
export const CONVERSATION_MESSAGE_MAX = 1000;
/** A conversation with no message for this long has ended: read-only, both sides are told. */
export const CONVERSATION_LIFETIME_DAYS = 30;
/** An ended conversation is deleted this long after its last message (retention). */
export const CONVERSATION_KEEP_DAYS = 180;
/** At most one e-mail per conversation in this window about the finder's new messages. */
export const CONVERSATION_MAIL_INTERVAL_MS = 15 * 60 * 1000;
/** Limits (SEC-05): messages per token and per address, conversations per tag and address. */
export const CONVERSATION_LIMITS = {
  messagesPerToken: { points: 20, windowMs: 10 * 60 * 1000 },
  messagesPerAddress: { points: 60, windowMs: 10 * 60 * 1000 },
  conversationsPerTagAddress: { points: 3, windowMs: DAY_MS },
} as const;

/** The finder's token: 128 random bits, base64url (22 characters). */
export const conversationToken = z.string().regex(/^[A-Za-z0-9_-]{22}$/);
/** Where the finder's token lives in the private link: the fragment, never sent to a server. */
export const CONVERSATION_FRAGMENT = 'conversa';
export const conversationLink = (origin: string, code: string, token: string) => `${origin}/t/${code}#${CONVERSATION_FRAGMENT}=${token}`;
/**
 * The browser keeps the finder's token per tag under this key (localStorage) — per unit on a
 * condominium plate, whose visitor may write to 101 and to 102 (two threads).
 */
export const conversationStorageKey = (code: string, unitId?: number) =>
  unitId === undefined ? `toque:conversa:${code}` : `toque:conversa:${code}:${unitId}`;

export const conversationMsg = {
  messageEmpty: 'Escreva uma mensagem.',
  messageTooLong: `A mensagem deve ter no máximo ${CONVERSATION_MESSAGE_MAX} caracteres.`,
  notFound: 'Conversa não encontrada.',
  invalidToken: 'Link da conversa inválido.',
  blocked: 'O dono bloqueou esta conversa. Não é possível enviar mensagens.',
  closed: 'Esta conversa foi encerrada.',
  ended: `Esta conversa terminou: ficou ${CONVERSATION_LIFETIME_DAYS} dias sem mensagens.`,
  notAllowed: 'Este toque não recebe mensagens.',
  /** CALL-17: the owner asked to write after a call that was never answered (and left no thread). */
  callNotAnswered: 'Só é possível escrever para quem chamou depois de uma chamada atendida.',
  mailSubject: 'Nova mensagem de quem encontrou seu Toque',
  pushText: 'Nova mensagem de quem encontrou seu Toque',
} as const;

const body = z.string().trim().min(1, conversationMsg.messageEmpty).max(CONVERSATION_MESSAGE_MAX, conversationMsg.messageTooLong);

/** POST /api/public/tags/:code/conversations — the finder's first message opens the conversation. */
export const startConversationBody = z.object({
  body,
  /** A plate: the unit written to (its residents answer). */
  unitId: z.number().int().positive().max(2_147_483_647).optional(),
  latitude: latitude.optional(),
  longitude: longitude.optional(),
});
export type StartConversationBody = z.infer<typeof startConversationBody>;

/** POST …/messages — a message, with an optional shared position (both sides). */
export const conversationMessageBody = z.object({ body, latitude: latitude.optional(), longitude: longitude.optional() });
export type ConversationMessageBody = z.infer<typeof conversationMessageBody>;

const conversationState = z.enum(['open', 'closed', 'blocked', 'ended']);
export type ConversationState = z.infer<typeof conversationState>;

/**
 * FIND-12: a message that is a voice or video recording (its body is the label, "Mensagem de vídeo,
 * 12 s"); the recipients fetch its bytes from `recordingsApi.media`. Null for a text message.
 */
const messageRecording = z.object({ kind: z.enum(['video', 'audio']), duration_ms: z.number().int() }).nullable();

/** A message as the finder sees it: the other side is named by first name only. */
export const finderMessage = z.object({
  id: z.number().int(),
  from: z.enum(['finder', 'owner']),
  /**
   * The answering person's first name; empty for the finder's own messages, for a plate's unit (its
   * residents answer as the unit) and when the owner switched the name off (SEC-10).
   */
  name: z.string(),
  body: z.string(),
  recording: messageRecording.optional(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  created_at: z.string(),
});
export type FinderMessage = z.infer<typeof finderMessage>;

/** GET /api/public/conversation — the finder's thread (`Authorization: Bearer <token>`). */
export const finderThread = z.object({
  tag_code: z.string(),
  /** A plate: the unit written to (one of the plate's public `units`); null for any other tag. */
  unit_id: z.number().int().nullable(),
  /** Empty on a plate and when the owner switched the name off (SEC-10). */
  owner_first_name: z.string(),
  state: conversationState,
  messages: z.array(finderMessage),
});
export type FinderThread = z.infer<typeof finderThread>;

export const startConversationResponse = z.object({ token: z.string(), thread: finderThread });
export type StartConversationResponse = z.infer<typeof startConversationResponse>;

/**
 * FIND-13: POST /api/calls/:roomId/message (CALL-07, `Authorization: Bearer <callerToken>`) — the
 * message after a call nobody answered opens the finder's conversation, or joins the one this browser
 * holds for the tag (`conversation`: its token; another tag's or an unknown one opens a new thread).
 */
export const callMessageBody = leaveMessageBody.extend({ conversation: conversationToken.optional() });
export type CallMessageBody = z.infer<typeof callMessageBody>;
/** The thread it went to and its token (the same one when joined), as starting a conversation answers. */
export const callMessageResponse = startConversationResponse.extend({ message: z.string() });
export type CallMessageResponse = z.infer<typeof callMessageResponse>;

/** A message as the owner and members see it. */
export const ownerMessage = z.object({
  id: z.number().int(),
  from: z.enum(['finder', 'owner']),
  /** The answering person's first name ('' for the finder). */
  name: z.string(),
  mine: z.boolean(),
  body: z.string(),
  recording: messageRecording.optional(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  created_at: z.string(),
});
export type OwnerMessage = z.infer<typeof ownerMessage>;

const conversationSummary = z.object({
  id: z.string(),
  tag_code: z.string(),
  tag_name: z.string(),
  product_id: z.number().int(),
  unit_name: z.string().nullable(),
  state: conversationState,
  unread: z.number().int(),
  last_message: z.string(),
  last_message_at: z.string(),
});

/** GET /api/conversations — newest first, with the unread total for the dashboard's badge. */
export const conversationList = z.object({ unread: z.number().int(), conversations: z.array(conversationSummary) });
export type ConversationList = z.infer<typeof conversationList>;

/** GET /api/conversations/unread — the badge alone. */
export const conversationUnread = z.object({ unread: z.number().int() });

/** GET /api/conversations/:id — one thread (reading it marks it read for this user). */
export const ownerThread = conversationSummary.extend({ messages: z.array(ownerMessage) });
export type OwnerThread = z.infer<typeof ownerThread>;

/**
 * CALL-17 (docs/decisions/0044, addendum): after an answered call, POST /api/calls/:roomId/conversation
 * (a recipient's session) opens — or finds — the call's thread with its finder: its id, for Conversas.
 */
export const callConversationResponse = z.object({ id: z.string() });
export type CallConversationResponse = z.infer<typeof callConversationResponse>;
/**
 * GET /api/calls/:roomId/conversation with `Authorization: Bearer <callerToken>`: the finder's key to
 * the thread the owner opened after the call; null until then (the finder's end screen asks again).
 */
export const callConversationKey = z.object({ token: conversationToken.nullable() });
export type CallConversationKey = z.infer<typeof callConversationKey>;

export const conversationsApi = {
  start: (code: string) => `/public/tags/${code}/conversations`,
  finderThread: '/public/conversation',
  finderMessages: '/public/conversation/messages',
  list: '/conversations',
  unread: '/conversations/unread',
  thread: (id: string) => `/conversations/${id}`,
  messages: (id: string) => `/conversations/${id}/messages`,
  close: (id: string) => `/conversations/${id}/close`,
  block: (id: string) => `/conversations/${id}/block`,
  /** CALL-17: the thread of an answered call — the owner opens it (POST), its finder gets the key (GET). */
  ofCall: (roomId: string) => `/calls/${encodeURIComponent(roomId)}/conversation`,
} as const;

/** Socket events (to the finder's conversation socket and to the recipients' sessions). */
export interface ConversationMessageEvent {
  conversationId: string;
  message: FinderMessage;
}
export interface ConversationStateEvent {
  conversationId: string;
  state: ConversationState;
}

/** The finder's side of the conversation, in the finder page's three languages (FIND-03). */
export interface ConversationFinderText {
  write: string;
  writeInstead: string;
  title: (firstName: string) => string;
  /** SEC-10: the signature of an answer when the owner switched the name off (the server sends no name). */
  ownerSignature: string;
  intro: string;
  label: string;
  placeholder: string;
  send: string;
  sending: string;
  shareLocation: string;
  locationShared: string;
  you: string;
  keepLink: string;
  keepLinkHelp: string;
  copy: string;
  copied: string;
  messageEmpty: string;
  messageTooLong: string;
  blocked: string;
  closed: string;
  ended: string;
  failed: string;
  tooMany: string;
  back: string;
  /** A plate (CALL-02): the entry once a unit is chosen, and what it says before. */
  writeToUnit: (unit: string) => string;
  pickUnitFirst: string;
  unitTitle: (unit: string) => string;
  unitIntro: string;
  unitPlaceholder: string;
  /** A unit's answer whose unit is not on the plate's list any more. */
  residents: string;
  /** CONDO-19: a plate's thread the residents blocked (a door has residents, not an owner). */
  unitBlocked: string;
}

export const conversationFinderText: Record<FinderLang, ConversationFinderText> = {
  'pt-BR': {
    write: 'Escrever',
    writeInstead: 'Escrever uma mensagem',
    title: (firstName) => (firstName ? `Conversa com ${firstName}` : 'Conversa com o dono'),
    ownerSignature: 'O dono',
    intro: 'O dono recebe sua mensagem e pode responder aqui. Ninguém vê seu telefone ou e-mail.',
    label: 'Sua mensagem',
    placeholder: 'Onde você encontrou, como entregar…',
    send: 'Enviar',
    sending: 'Enviando…',
    shareLocation: 'Enviar minha localização',
    locationShared: 'Localização compartilhada',
    you: 'Você',
    keepLink: 'Guarde este link',
    keepLinkHelp: 'Com ele você volta a esta conversa. Não compartilhe com ninguém.',
    copy: 'Copiar link',
    copied: 'Link copiado',
    messageEmpty: conversationMsg.messageEmpty,
    messageTooLong: conversationMsg.messageTooLong,
    blocked: conversationMsg.blocked,
    closed: conversationMsg.closed,
    ended: conversationMsg.ended,
    failed: 'Não foi possível enviar. Tente de novo.',
    tooMany: 'Muitas mensagens em pouco tempo. Aguarde um pouco e tente de novo.',
    back: 'Voltar',
    writeToUnit: (unit) => `Escrever para ${unit}`,
    pickUnitFirst: 'Para escrever em vez de chamar, escolha primeiro a unidade acima.',
    unitTitle: (unit) => `Conversa com ${unit}`,
    unitIntro: 'Os moradores da unidade recebem sua mensagem e podem responder aqui. Ninguém vê seu telefone ou e-mail.',
    unitPlaceholder: 'Quem você é e o que precisa…',
    residents: 'Moradores',
    unitBlocked: 'Os moradores bloquearam esta conversa. Não é possível enviar mensagens.',
  },
  en: {
    write: 'Write',
    writeInstead: 'Write a message',
    title: (firstName) => (firstName ? `Conversation with ${firstName}` : 'Conversation with the owner'),
    ownerSignature: 'The owner',
    intro: 'The owner gets your message and can answer here. Nobody sees your phone or e-mail.',
    label: 'Your message',
    placeholder: 'Where you found it, how to return it…',
    send: 'Send',
    sending: 'Sending…',
    shareLocation: 'Send my location',
    locationShared: 'Location shared',
    you: 'You',
    keepLink: 'Keep this link',
    keepLinkHelp: 'It brings you back to this conversation. Do not share it with anyone.',
    copy: 'Copy link',
    copied: 'Link copied',
    messageEmpty: 'Write a message.',
    messageTooLong: `The message can have at most ${CONVERSATION_MESSAGE_MAX} characters.`,
    blocked: 'The owner blocked this conversation. Messages can no longer be sent.',
    closed: 'This conversation was closed.',
    ended: `This conversation has ended: ${CONVERSATION_LIFETIME_DAYS} days without messages.`,
    failed: 'The message could not be sent. Try again.',
    tooMany: 'Too many messages in a short time. Wait a little and try again.',
    back: 'Back',
    writeToUnit: (unit) => `Write to ${unit}`,
    pickUnitFirst: 'To write instead of calling, first choose the unit above.',
    unitTitle: (unit) => `Conversation with ${unit}`,
    unitIntro: "The unit's residents get your message and can answer here. Nobody sees your phone or e-mail.",
    unitPlaceholder: 'Who you are and what you need…',
    residents: 'Residents',
    unitBlocked: 'The residents blocked this conversation. Messages can no longer be sent.',
  },
  es: {
    write: 'Escribir',
    writeInstead: 'Escribir un mensaje',
    title: (firstName) => (firstName ? `Conversación con ${firstName}` : 'Conversación con el dueño'),
    ownerSignature: 'El dueño',
    intro: 'El dueño recibe tu mensaje y puede responder aquí. Nadie ve tu teléfono ni tu correo.',
    label: 'Tu mensaje',
    placeholder: 'Dónde lo encontraste, cómo devolverlo…',
    send: 'Enviar',
    sending: 'Enviando…',
    shareLocation: 'Enviar mi ubicación',
    locationShared: 'Ubicación compartida',
    you: 'Tú',
    keepLink: 'Guarda este enlace',
    keepLinkHelp: 'Con él vuelves a esta conversación. No lo compartas con nadie.',
    copy: 'Copiar enlace',
    copied: 'Enlace copiado',
    messageEmpty: 'Escribe un mensaje.',
    messageTooLong: `El mensaje puede tener como máximo ${CONVERSATION_MESSAGE_MAX} caracteres.`,
    blocked: 'El dueño bloqueó esta conversación. Ya no se pueden enviar mensajes.',
    closed: 'Esta conversación fue cerrada.',
    ended: `Esta conversación terminó: ${CONVERSATION_LIFETIME_DAYS} días sin mensajes.`,
    failed: 'No se pudo enviar. Inténtalo de nuevo.',
    tooMany: 'Demasiados mensajes en poco tiempo. Espera un poco e inténtalo de nuevo.',
    back: 'Volver',
    writeToUnit: (unit) => `Escribir a ${unit}`,
    pickUnitFirst: 'Para escribir en lugar de llamar, elige primero la unidad arriba.',
    unitTitle: (unit) => `Conversación con ${unit}`,
    unitIntro: 'Los residentes de la unidad reciben tu mensaje y pueden responder aquí. Nadie ve tu teléfono ni tu correo.',
    unitPlaceholder: 'Quién eres y qué necesitas…',
    residents: 'Residentes',
    unitBlocked: 'Los residentes bloquearon esta conversación. Ya no se pueden enviar mensajes.',
  },
};

/** The owner's dashboard (Portuguese only, like the rest of it). */
export const conversationsUi = {
  nav: 'Conversas',
  title: 'Conversas',
  intro: 'Mensagens de quem encontrou seus Toques. Responda aqui: a pessoa vê só o seu primeiro nome.',
  empty: 'Nenhuma conversa ainda.',
  unread: (n: number) => (n === 1 ? '1 mensagem não lida' : `${n} mensagens não lidas`),
  /** ACC-06: the phone's closed menu button carries the unread count, so it is seen without opening the menu. */
  openMenuUnread: (n: number) => `Abrir menu, ${n === 1 ? '1 mensagem não lida' : `${n} mensagens não lidas`}`,
  finder: 'Quem encontrou',
  /** A plate's unit (CALL-02): who wrote, and what they see of the residents. */
  visitor: 'Visitante',
  unitNote: 'Um visitante escreveu na placa do condomínio para esta unidade. Ele vê só o nome da unidade, nunca o seu.',
  you: 'Você',
  label: 'Sua resposta',
  send: 'Responder',
  shareLocation: 'Enviar minha localização',
  sharedLocation: 'Localização compartilhada',
  close: 'Encerrar conversa',
  block: 'Bloquear',
  blockConfirm: 'Bloquear esta conversa? Quem encontrou não poderá mais escrever.',
  blockTitle: 'Bloquear conversa',
  cancel: 'Cancelar',
  open: 'Abrir conversa',
  failed: 'Não foi possível enviar. Tente de novo.',
  back: 'Voltar às conversas',
  states: { open: 'Aberta', closed: 'Encerrada', blocked: 'Bloqueada', ended: 'Terminada' } satisfies Record<ConversationState, string>,
  stateNotes: {
    closed: 'Você encerrou esta conversa.',
    blocked: 'Você bloqueou esta conversa: quem encontrou não pode mais escrever.',
    ended: conversationMsg.ended,
  },
} as const;
