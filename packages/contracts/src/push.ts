import { z } from 'zod';
import type { IncomingCall } from './calls';
import type { TagScan } from './scans';
import type { TestCall } from './ringing';
import type { DeliveryEvent } from './door';
import { callMsg } from './messages';

/** Bytes a base64url string (padding allowed) decodes to, or -1 when it is no base64url. */
function base64urlBytes(value: string): number {
  const m = /^([A-Za-z0-9_-]*)(={0,2})$/.exec(value);
  const body = m?.[1];
  if (body === undefined || body.length % 4 === 1) return -1;
  return Math.floor((body.length * 6) / 8);
}

/**
 * SEC-06: what RFC 8291 needs — the browser's P-256 public key as a 65-byte uncompressed point
 * (0x04 first, so its base64url starts with 'B') and a 16-byte auth secret.
 */
const pushKeys = z.object({
  p256dh: z
    .string()
    .max(100, callMsg.pushKeysInvalid)
    .refine((k) => k.startsWith('B') && base64urlBytes(k) === 65, callMsg.pushKeysInvalid),
  auth: z
    .string()
    .max(30, callMsg.pushKeysInvalid)
    .refine((k) => base64urlBytes(k) === 16, callMsg.pushKeysInvalid),
});

/** GET /api/push/vapid-public-key: what the service worker subscribes with (CALL-03). */
export const vapidPublicKeyResponse = z.object({ publicKey: z.string() });

/** POST /api/push/subscribe: a browser's PushSubscription.toJSON(). */
export const pushSubscribeBody = z.object({
  endpoint: z.string().url().max(2048),
  keys: pushKeys,
});
export type PushSubscribeBody = z.infer<typeof pushSubscribeBody>;

/** The JSON the service worker receives (encrypted, RFC 8291). */
export type PushPayload =
  | { type: 'incoming-call'; call: IncomingCall }
  | { type: 'tag-scanned'; scan: TagScan; text: string; url: string }
  /** CALL-16: a test ring (docs/decisions/0027): the worker shows `text`; a click opens the dashboard. */
  | { type: 'test-call'; test: TestCall; text: string }
  /** CONDO-15: a delivery at the door: the worker shows `text`; a click opens the unit's page at `url`. */
  | { type: 'delivery'; delivery: DeliveryEvent; text: string; url: string }
  /** FIND-06: a finder wrote in a conversation; a click opens it in the dashboard. */
  | { type: 'conversation-message'; conversationId: string; text: string; url: string };
