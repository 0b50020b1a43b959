import { z } from 'zod';
import type { IncomingCall } from './calls';

/** GET /api/push/vapid-public-key: what the service worker subscribes with (CALL-03). */
export const vapidPublicKeyResponse = z.object({ publicKey: z.string() });

/** POST /api/push/subscribe: a browser's PushSubscription.toJSON(). */
export const pushSubscribeBody = z.object({
  endpoint: z.string().url().max(2048),
  keys: z.object({ p256dh: z.string().min(1).max(256), auth: z.string().min(1).max(64) }),
});
export type PushSubscribeBody = z.infer<typeof pushSubscribeBody>;

/** The JSON the service worker receives (encrypted, RFC 8291). */
export interface PushPayload {
  type: 'incoming-call';
  call: IncomingCall;
}
