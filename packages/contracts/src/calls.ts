import { z } from 'zod';
import { callMsg } from './messages';
import { tagCode, tagPhoto } from './products';
import { visitorAccuracy } from './geofence';
import { latitude, longitude } from './geo';
import { publicMedicalCard } from './medical-card';
import type { ExpectedVisitor } from './door';
import { api } from './routes';

/**
 * The call (CALL-01…13): the finder's public view of a tag, creating a call, and every Socket.IO
 * event, typed once for the server, the finder's page and the owner's /call page.
 */

const publicTagState = z.enum(['active', 'inactive', 'disabled', 'unclaimed', 'suspended']);
export type PublicTagState = z.infer<typeof publicTagState>;

/** GET /api/public/tags/:code — never the owner's phone, e-mail, CPF or full name (CALL-02). */
export const publicTag = z.object({
  code: z.string(),
  state: publicTagState,
  product_id: z.number().int(),
  type: z.string(),
  name: z.string(),
  owner_first_name: z.string(),
  /** Only when the owner chose to show it (TAG-07). */
  important_info: z.string().optional(),
  /** Condominium plates (product 5): the units the finder chooses from. */
  units: z.array(
    z.object({
      unit_id: z.number().int(),
      name: z.string(),
      /** CONDO-13: the block or tower the unit belongs to ('Bloco B', 'Torre 2'); null = none. Units come ordered by block (none first), then by name in natural order. */
      block: z.string().nullable(),
      /**
       * CONDO-10: someone lives there to answer. CONDO-19: the server sends only these (always true);
       * that others exist is `units_unlisted`, said in one line, never counted or named.
       */
      reachable: z.boolean(),
      /** FIND-05: a unit the síndico has not named yet; `name` is then the Portuguese placeholder, the finder's page says it in the finder's language. */
      temporary: z.boolean().optional(),
    }),
  ),
  /** CONDO-19: the plate has units nobody answers yet (not sent); the page says so in one neutral line. */
  units_unlisted: z.literal(true).optional(),
  /** CONDO-17: a plate that calls only with the visitor's position at its door (absent: no position needed). */
  position_required: z.boolean().optional(),
  /** FIND-02: only while the owner has the tag in lost mode; the finder's page shows it first. */
  lost: z
    .object({
      message: z.string(),
      reward: z.string().nullable(),
      /** TAG-11: the reward as an amount in centavos, formatted in the finder's language. */
      reward_cents: z.number().int().nullable().optional(),
      /** FIND-09: the city where it was lost, only when the owner switched it on. */
      city: z.string().optional(),
    })
    .optional(),
  /** FIND-07: the tag is in quiet hours until this instant (ISO) — its owner's wall time beside it ("07:00"). */
  quiet_until: z.string().optional(),
  quiet_until_time: z.string().optional(),
  /** FIND-09: the owner's photo (WebP, its URL changes with it), only when the owner shows it. */
  photo: tagPhoto.optional(),
  /** FIND-11: a wristband whose owner marked the person as needing care: the emergency numbers come first. */
  needs_care: z.literal(true).optional(),
  /** FIND-11: a wristband's medical card — only the fields switched on and not blank; absent when none is. */
  medical: publicMedicalCard.optional(),
});
export type PublicTag = z.infer<typeof publicTag>;


export const createCallBody = z.object({
  code: tagCode,
  /** A PostgreSQL integer id: beyond it is a 400, never a database error. */
  unitId: z.number().int().positive().max(2_147_483_647).optional(),
  latitude: latitude.optional(),
  longitude: longitude.optional(),
  /** CONDO-16: the pass token of the link the plate's page was opened with. */
  pass: z.string().min(1).max(100).optional(),
  /** CONDO-17: the fix's accuracy (metres, the browser's `coords.accuracy`), for a plate that rings only at its door. */
  accuracy: visitorAccuracy.optional(),
});
export type CreateCallBody = z.infer<typeof createCallBody>;

const iceServer = z.object({
  urls: z.union([z.string(), z.array(z.string())]),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export type IceServer = z.infer<typeof iceServer>;

/**
 * SEC-07: `relay` when the server has TURN — both peers then use only the TURN relay, so neither
 * learns the other's network address; `all` (direct, STUN) otherwise.
 */
const iceTransportPolicy = z.enum(['all', 'relay']);

/** What a peer connection is built with (CALL-10, SEC-07). */
const iceConfig = z.object({ iceServers: z.array(iceServer), iceTransportPolicy });
export type IceConfig = z.infer<typeof iceConfig>;

export const createCallResponse = z.object({
  roomId: z.string(),
  /** Authenticates the finder's socket for this one call (short-lived). */
  callerToken: z.string(),
  ...iceConfig.shape,
  /** After this long unanswered the call ends as missed (CALL-07). */
  ringTimeoutMs: z.number().int(),
});
export type CreateCallResponse = z.infer<typeof createCallResponse>;

/** POST /api/calls/:roomId/message — the finder's text after a missed or declined call. */
export const leaveMessageBody = z.object({
  message: z.string().trim().min(1, 'Escreva uma mensagem.').max(500, 'A mensagem deve ter no máximo 500 caracteres.'),
  latitude: latitude.optional(),
  longitude: longitude.optional(),
});

/**
 * CALL-15: how a finder can be called back — a Brazilian phone with its area code (10 or 11 digits,
 * optionally +55; a mobile's 11th digit is its leading 9) or an e-mail address.
 */
export function isCallbackContact(value: string): boolean {
  const text = value.trim();
  if (text.includes('@')) return z.email().safeParse(text).success;
  if (!/^[+\d\s().-]+$/.test(text)) return false;
  const digits = text.replace(/\D/g, '').replace(/^0(?=[1-9]{2})/, '');
  return /^(?:55)?[1-9]{2}(?:9\d{8}|[2-8]\d{7})$/.test(digits);
}

export const callbackContact = z
  .string()
  .trim()
  .min(1, callMsg.callbackInvalid)
  .max(120, callMsg.callbackInvalid)
  .refine(isCallbackContact, callMsg.callbackInvalid);

/** POST /api/calls/:roomId/callback — the finder's phone or e-mail, after nobody answered (CALL-15). */
export const callbackBody = z.object({ contact: callbackContact });

/** POST /api/calls/:roomId/location — the finder's position, when it arrives after the call started (CALL-15). */
export const callLocationBody = z.object({ latitude, longitude });
export type CallLocationBody = z.infer<typeof callLocationBody>;

/** POST /api/public/tags/:code/message — a message for the owner of a switched-off tag (CALL-15), with an optional way back. */
export const tagMessageBody = leaveMessageBody.extend({
  contact: callbackContact.optional(),
  /** CONDO-17: a plate that rings only at its door takes a message for one unit's residents instead. */
  unitId: z.number().int().positive().max(2_147_483_647).optional(),
});
export type TagMessageBody = z.infer<typeof tagMessageBody>;

export const iceServersResponse = iceConfig;

const callStatus = z.enum(['ringing', 'answered', 'declined', 'missed', 'ended']);
export type CallStatus = z.infer<typeof callStatus>;

/** GET /api/calls/history (CALL-11). */
const callHistoryItem = z.object({
  roomId: z.string(),
  tag_code: z.string(),
  tag_name: z.string(),
  product_id: z.number().int(),
  unit_name: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  status: callStatus,
  started_at: z.string(),
  answered_at: z.string().nullable(),
  message: z.string().nullable(),
  /** CALL-15: the phone or e-mail the finder left to be called back (the recipients' history only). */
  callback_contact: z.string().nullable(),
  /** CALL-15: `message` — no call rang: a message left on a switched-off tag. */
  kind: z.enum(['call', 'message']),
  /** FIND-13: the conversation the message after this call went to (null: none, or a message of before). */
  conversation_id: z.string().nullable(),
});
export const callHistory = z.array(callHistoryItem);

/** GET /api/calls/:roomId/status — for a recipient only: is the call still ringing, and whose tag is it? (/call checks before it rings). */
export const callStatusResponse = z.object({
  status: callStatus,
  /** What the owner's call screen names: the tag (its name, else its type) and the unit of a plate. */
  tagName: z.string(),
  productId: z.number().int(),
  unitName: z.string().nullable(),
  /** CONDO-16: the visitor rang through a resident's pass: 'Visitante esperado: Ana (passe até 18:00)'. */
  expectedVisitor: z.object({ name: z.string(), validUntil: z.string() }).optional(),
});
export type CallStatusResponse = z.infer<typeof callStatusResponse>;
export type CallHistoryItem = z.infer<typeof callHistoryItem>;

/** GET /api/geocode/reverse?lat&lng (CALL-09). */
export const reverseGeocodeQuery = z.object({
  lat: z.coerce.number().pipe(latitude),
  lng: z.coerce.number().pipe(longitude),
});
export const reverseGeocodeResponse = z.object({ locality: z.string().nullable(), address: z.string().nullable() });

/** {roomId, latitude, longitude}: what /call reads from session storage (CALL-04). */
export const callData = z.object({
  roomId: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export type CallData = z.infer<typeof callData>;

export interface IncomingCall extends CallData {
  tagCode: string;
  tagName: string;
  productId: number;
  unitName: string | null;
  /** CONDO-16: the visitor rang through a resident's pass, valid at the call. */
  expectedVisitor?: ExpectedVisitor;
}

export type SessionDescription = { type: 'offer' | 'answer'; sdp: string };
export type Candidate = {
  candidate: string;
  sdpMid?: string | null;
  sdpMLineIndex?: number | null;
  usernameFragment?: string | null;
};

/** Relayed messages carry `from` (the sender's socket id) and optionally `to` (CALL-05's offer/answer/candidate, to, from). */
export interface Relay<T> {
  roomId: string;
  to?: string;
  from?: string;
  payload: T;
}

/** CALL-14: the owner's camera state, as the owner announces it to the finder. */
export interface OwnerCamera {
  roomId: string;
  on: boolean;
}

/**
 * A join's answer. A finder's join of a call nobody will answer any more also says why (`unanswered`):
 * the owner declined, or the ringing time passed, before the finder's socket was in the room to hear
 * `call-unanswered` (the finder page's island makes the call before the app's socket joins, PERF-06),
 * so the page still offers the next step (CALL-07) instead of "Esta chamada já terminou".
 */
export type JoinAck =
  | { ok: true; role: 'caller' | 'recipient' }
  | { ok: false; message: string; unanswered?: 'declined' | 'missed' };

/** Where a finder was, on OpenStreetMap's own site (directions, a map in an e-mail or a list). */
export function osmLink(latitude: number, longitude: number, zoom = 17): string {
  return `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=${zoom}/${latitude}/${longitude}`;
}

export const RING_TIMEOUT_MS = 60_000;
export const SOCKET_PATH = '/socket.io';
/**
 * REL-04 / REL-07: how the web app's sockets come back after their connection dropped (a replica
 * killed, nginx closing it): the first try 0.1–1.9 s after (Socket.IO's default 0.5–1.5 s, spread
 * wider so that the owners of a dead replica do not all knock at once), then doubling, at most 5 s
 * apart. The bench's owners use the same (bench/lib/fleet-owners.mjs reads this literal).
 */
export const SOCKET_RECONNECTION = { reconnectionDelay: 1000, reconnectionDelayMax: 5000, randomizationFactor: 0.9 } as const;

/** API paths of the call and of Web Push, relative to the `/api` base (the web app's side). */
export const callsApi = {
  publicTag: (code: string) => `/public/tags/${encodeURIComponent(code)}`,
  /** FIND-09: the photo, named by its content hash (a new URL when it changes). */
  publicPhoto: (code: string, hash: string) => `/public/tags/${encodeURIComponent(code)}/photo/${encodeURIComponent(hash)}.webp`,
  create: api.createCall,
  message: (roomId: string) => `/calls/${encodeURIComponent(roomId)}/message`,
  callback: (roomId: string) => `/calls/${encodeURIComponent(roomId)}/callback`,
  location: (roomId: string) => `/calls/${encodeURIComponent(roomId)}/location`,
  tagMessage: (code: string) => `/public/tags/${encodeURIComponent(code)}/message`,
  iceServers: (roomId: string) => `/calls/${encodeURIComponent(roomId)}/ice-servers`,
  status: (roomId: string) => `/calls/${encodeURIComponent(roomId)}/status`,
  history: '/calls/history',
  reverseGeocode: (lat: number, lng: number) => `/geocode/reverse?lat=${lat}&lng=${lng}`,
  vapidPublicKey: '/push/vapid-public-key',
  pushSubscribe: '/push/subscribe',
} as const;
