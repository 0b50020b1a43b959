import fp from 'fastify-plugin';
import webpush from 'web-push';
import type { PushPayload, PushSubscribeBody } from '@toque/contracts/push';
import { callMsg } from '@toque/contracts/messages';
import { BadRequest } from '../errors';
import { pushEndpointRefusal, validPushKey } from '../lib/push-endpoint';
import type { Config } from '../config';
import { pushSubscriptionsRepository as subscriptions } from '../db/repositories/push-subscriptions';
import { settingsRepository } from '../db/repositories/settings';

interface Push {
  /** The VAPID public key the browser subscribes with (applicationServerKey). */
  publicKey: string;
  /**
   * Stores a browser's subscription (SEC-06): https endpoints of known push services, valid keys,
   * at most `maxPerUser` per account (the oldest goes). Throws BadRequest otherwise.
   */
  subscribe(userId: string, subscription: PushSubscribeBody): Promise<void>;
  /** Sends `payload` to every subscription of every user; never throws. */
  notify(userIds: string[], payload: PushPayload): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    push: Push;
  }
}

type VapidKeys = { publicKey: string; privateKey: string };

/** A ringing call is worthless after the ring timeout: the push service may drop it after this. */
const CALL_PUSH_TTL_S = 60;
const PUSH_TIMEOUT_MS = 10_000;

/**
 * Web Push (CALL-03): VAPID keys from config, or generated once and kept in `settings`, so every
 * process and every restart signs with the same key and old subscriptions stay valid. web-push
 * encrypts (RFC 8291) and signs (RFC 8292); the request itself goes out through fetch, which also
 * reaches plain-http endpoints (the tests' own push service).
 */
export const pushPlugin = fp<{ config: Config['push'] }>(async (app, { config }) => {
  const keys: VapidKeys =
    config.publicKey && config.privateKey
      ? { publicKey: config.publicKey, privateKey: config.privateKey }
      : await settingsRepository.getOrInsert<VapidKeys>(app.db, 'vapid', webpush.generateVAPIDKeys());
  const vapidDetails = { subject: config.subject, ...keys };

  async function sendOne(endpoint: string, p256dh: string, auth: string, body: string) {
    const details = webpush.generateRequestDetails({ endpoint, keys: { p256dh, auth } }, body, {
      vapidDetails,
      TTL: CALL_PUSH_TTL_S,
      urgency: 'high',
    });
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(details.headers)) {
      // fetch computes the length of the body itself.
      if (name.toLowerCase() !== 'content-length') headers[name] = String(value);
    }
    const res = await fetch(details.endpoint, {
      method: 'POST',
      headers,
      body: details.body,
      signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
      // A push service never redirects; following one would let an endpoint point anywhere.
      redirect: 'error',
    });
    await res.body?.cancel();
    // 404/410: the browser unsubscribed or the subscription expired; it will never work again.
    if (res.status === 404 || res.status === 410) await subscriptions.removeEndpoint(app.db, endpoint);
    else if (!res.ok) app.log.warn({ status: res.status, pushService: new URL(endpoint).origin }, 'push refused');
  }

  const push: Push = {
    publicKey: keys.publicKey,
    async subscribe(userId, { endpoint, keys: browserKeys }) {
      const refusal = pushEndpointRefusal(endpoint, config.hosts);
      if (refusal) throw new BadRequest(refusal);
      if (!validPushKey(browserKeys.p256dh)) throw new BadRequest(callMsg.pushKeysInvalid);
      await subscriptions.save(app.db, userId, endpoint, browserKeys, config.maxPerUser);
    },
    async notify(userIds, payload) {
      try {
        const body = JSON.stringify(payload);
        const rows = [];
        for (const row of await subscriptions.forUsers(app.db, userIds)) {
          // Stored before the host list existed, or the list has since shrunk: never POSTed to again.
          if (pushEndpointRefusal(row.endpoint, config.hosts)) await subscriptions.removeEndpoint(app.db, row.endpoint);
          else rows.push(row);
        }
        const results = await Promise.allSettled(rows.map((r) => sendOne(r.endpoint, r.keys.p256dh, r.keys.auth, body)));
        for (const r of results) if (r.status === 'rejected') app.log.warn({ err: r.reason as unknown }, 'push failed');
      } catch (err) {
        app.log.error({ err }, 'push notify failed');
      }
    },
  };
  app.decorate('push', push);
});
