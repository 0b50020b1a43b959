import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { INVITATIONS_PER_WINDOW } from '@toque/contracts/constants';
import { BULK_OPERATIONS_PER_WINDOW, UNIT_INVITATIONS_PER_WINDOW } from '@toque/contracts/units-bulk';
import type { Config } from '../config';
import { PASSES_PER_WINDOW } from '@toque/contracts/door';
import { GATE_OPEN_WINDOW_MS, GATE_OPENS_PER_WINDOW } from '@toque/contracts/gate';
import { CONVERSATION_LIMITS } from '@toque/contracts/conversations';
import { TEST_CALL_WINDOW_MS, TEST_CALLS_PER_WINDOW } from '@toque/contracts/ringing';
import { TooManyRequests } from '../errors';
import { clientKey } from '../lib/client-address';
import { createRedis, failFast } from '../lib/redis';
import { atMostEvery, WARN_INTERVAL_MS } from '../lib/throttle';

/**
 * Every limit of the app by name (SEC-01, SEC-05, docs/decisions/0013). Keys are built by the
 * callers: `clientAddress(request)` for an address, a normalized e-mail for an account, both
 * joined for failed logins, a tag code and an address for calls.
 */
export type LimitName =
  | 'loginPerAddress'
  | 'loginFailures'
  | 'codePerAddress'
  | 'codePerAccount'
  | 'resetPerAddress'
  | 'resetPerAccount'
  | 'registerPerAddress'
  | 'claimPerAddress'
  | 'tagViewPerAddress'
  | 'callPerAddress'
  | 'callPerTagAddress'
  | 'tagMessagePerTagAddress'
  | 'deliveryPerTagAddress'
  | 'passesPerAccount'
  | 'geocodePerAddress'
  | 'scanAlertPerTagAddress'
  | 'scanAlertPerTag'
  | 'scanLocationPerTagAddress'
  | 'passwordConfirmFailures'
  | 'exportPerAccount'
  | 'testCallPerAccount'
  | 'invitationsPerAccount'
  | 'bulkUnitsPerAccount'
  | 'unitInvitationsPerAccount'
  | 'conversationMessagesPerToken'
  | 'conversationMessagesPerAddress'
  | 'conversationsPerTagAddress'
  | 'photoPerAccount'
  | 'photoPerAddress'
  | 'posterPerAccount'
  | 'recordingsPerCall'
  | 'recordingsPerAddress'
  | 'gatePerAccount'
  | 'gatePerAddress';

interface Rule {
  points: number;
  windowMs: number;
}

function limitRules(config: Config): Record<LimitName, Rule> {
  const r = config.rateLimits;
  const windowMs = r.windowMs;
  return {
    loginPerAddress: { points: r.loginPerIp, windowMs },
    loginFailures: { points: r.loginPerEmail, windowMs },
    codePerAddress: { points: r.codePerIp, windowMs },
    codePerAccount: { points: r.codePerAccount, windowMs },
    // Typing a code wrong a few times never locks anyone out of the reset.
    resetPerAddress: { points: r.codePerIp * 3, windowMs },
    resetPerAccount: { points: r.codePerAccount * 3, windowMs },
    registerPerAddress: { points: r.registerPerIp, windowMs },
    claimPerAddress: { points: r.claimPerIp, windowMs },
    tagViewPerAddress: { points: r.tagViewPerIp, windowMs: r.tagViewWindowMs },
    callPerAddress: { points: config.calls.perIp, windowMs: config.calls.windowMs },
    callPerTagAddress: { points: config.calls.perTag, windowMs: config.calls.windowMs },
    // CALL-15: a message on a switched-off tag stands in for a call: the same budget per tag and address.
    tagMessagePerTagAddress: { points: config.calls.perTag, windowMs: config.calls.windowMs },
    // CONDO-15: a delivery notice stands in for a call: the same budget per plate and address.
    deliveryPerTagAddress: { points: config.calls.perTag, windowMs: config.calls.windowMs },
    // CONDO-16: passes a resident creates per window.
    passesPerAccount: { points: PASSES_PER_WINDOW, windowMs },
    geocodePerAddress: { points: config.geocoder.perIp, windowMs: config.geocoder.windowMs },
    // FIND-01: one scan alert per tag and address per window; a per-tag cap against many addresses.
    scanAlertPerTagAddress: { points: 1, windowMs: config.scans.windowMs },
    scanAlertPerTag: { points: config.scans.alertsPerTag, windowMs: config.scans.windowMs },
    scanLocationPerTagAddress: { points: config.scans.locationsPerTagAddress, windowMs: config.scans.windowMs },
    // ACC-03: wrong current passwords on my account, per account (its owner's session is the only
    // way in), with the failed logins' budget; data exports per account.
    passwordConfirmFailures: { points: r.loginPerEmail, windowMs },
    exportPerAccount: { points: r.exportPerAccount, windowMs },
    // CALL-16: test rings of one's own devices (docs/decisions/0027).
    testCallPerAccount: { points: TEST_CALLS_PER_WINDOW, windowMs: TEST_CALL_WINDOW_MS },
    // TAG-11: each invitation mails an address with no account; a few per account and window.
    invitationsPerAccount: { points: INVITATIONS_PER_WINDOW, windowMs },
    // CONDO-12 / CONDO-14: a síndico's previews and confirmations, and residents added one by one.
    bulkUnitsPerAccount: { points: BULK_OPERATIONS_PER_WINDOW, windowMs },
    unitInvitationsPerAccount: { points: UNIT_INVITATIONS_PER_WINDOW, windowMs },
    // FIND-06: a finder's messages per conversation and per address; new conversations per tag and address.
    conversationMessagesPerToken: CONVERSATION_LIMITS.messagesPerToken,
    conversationMessagesPerAddress: CONVERSATION_LIMITS.messagesPerAddress,
    conversationsPerTagAddress: CONVERSATION_LIMITS.conversationsPerTagAddress,
    // SEC-09: photo uploads, each a decode: the owner's per account, the owners' and couriers' per address.
    photoPerAccount: { points: r.photoPerAccount, windowMs },
    // FIND-10: each poster decodes the photo and draws a PDF: the owner's own budget, the size of the uploads'.
    posterPerAccount: { points: r.photoPerAccount, windowMs },
    photoPerAddress: { points: r.photoPerIp, windowMs },
    // FIND-12: a finder's recordings, each a parse and up to 6 MB stored: per call and per address.
    recordingsPerCall: { points: r.recordingPerCall, windowMs },
    recordingsPerAddress: { points: r.recordingPerIp, windowMs },
    // CONDO-18: gate openings (each an outbound request to the building): a resident's or síndico's
    // per account, a pass link's per address.
    gatePerAccount: { points: GATE_OPENS_PER_WINDOW, windowMs: GATE_OPEN_WINDOW_MS },
    gatePerAddress: { points: GATE_OPENS_PER_WINDOW, windowMs: GATE_OPEN_WINDOW_MS },
  };
}

interface Limits {
  /**
   * Counts one hit on `key`; 429 (with `Retry-After`) once the rule's points are spent in its window,
   * saying `message` (the general 'wait a little' when none).
   */
  consume(name: LimitName, key: string, message?: string): Promise<void>;
  /** Counts one hit; false (never a 429) once the rule's points are spent: a silent throttle. */
  attempt(name: LimitName, key: string): Promise<boolean>;
  /** 429 when `key` has already spent its points; counts nothing (failed logins are counted after the fact). */
  check(name: LimitName, key: string): Promise<void>;
  /** Counts one hit and never refuses: a failure seen after the answer was decided. */
  penalty(name: LimitName, key: string): Promise<void>;
  /** Forgets `key` (a successful login clears its failures). */
  reset(name: LimitName, key: string): Promise<void>;
}

/** The client as the limits count it: its IPv4 address or its IPv6 /64 (lib/client-address.ts). */
export const clientAddress = (request: FastifyRequest) => clientKey(request.ip);

/** An e-mail as an account key: the same account whatever the case or spaces. */
export const accountKey = (email: string) => email.trim().toLowerCase();

/** Redis must answer fast or not at all: its failure falls back to the in-memory insurance limiter. */
const REDIS_COMMAND_TIMEOUT_MS = 500;

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

declare module 'fastify' {
  interface FastifyInstance {
    limits: Limits;
  }
}

/**
 * Rate limits on rate-limiter-flexible: in memory for one process, or in Redis (REDIS_URL) so
 * several processes share the counts, each Redis limiter insured by an in-memory one that takes
 * over while Redis is unreachable or slow (REL-03). The Redis client queues nothing while
 * disconnected and gives up a command after 500 ms, so no request waits on a dead Redis.
 */
export const rateLimitPlugin = fp<{ config: Config }>(async (app, { config }) => {
  let redis: Redis | undefined;
  if (config.rateLimitRedisUrl) {
    // While it tries to come back (at most every 2 s), the insurance limiters count.
    redis = createRedis(
      config.rateLimitRedisUrl,
      { ...failFast, commandTimeout: REDIS_COMMAND_TIMEOUT_MS, connectTimeout: 2000 },
      atMostEvery(WARN_INTERVAL_MS, (err) => app.log.warn({ err }, 'rate limits: Redis unavailable, counting in this process')),
    );
  }

  const rules = limitRules(config);
  const limiters = new Map<LimitName, RateLimiterAbstract>();
  for (const [name, rule] of Object.entries(rules) as [LimitName, Rule][]) {
    const base = { keyPrefix: `toque:rl:${name}`, points: rule.points, duration: seconds(rule.windowMs) };
    limiters.set(
      name,
      redis
        ? new RateLimiterRedis({
            ...base,
            storeClient: redis,
            rejectIfRedisNotReady: true,
            insuranceLimiter: new RateLimiterMemory(base),
          })
        : new RateLimiterMemory(base),
    );
  }
  const limiter = (name: LimitName) => limiters.get(name)!;

  /** The limiter failed without a verdict (cannot happen with an insurance): let the request through. */
  const failOpen = (name: LimitName) => (err: unknown) => {
    if (err instanceof RateLimiterRes) throw err;
    app.log.error({ err, limit: name }, 'rate limiter failed; request let through');
  };

  const limits: Limits = {
    async consume(name, key, message) {
      try {
        await limiter(name).consume(key);
      } catch (err) {
        if (err instanceof RateLimiterRes) {
          app.metrics.limiterHit(name);
          throw new TooManyRequests(err.msBeforeNext / 1000, message);
        }
        failOpen(name)(err);
      }
    },
    async attempt(name, key) {
      try {
        await limiter(name).consume(key);
        return true;
      } catch (err) {
        if (!(err instanceof RateLimiterRes)) {
          failOpen(name)(err);
          return true;
        }
        app.metrics.limiterHit(name);
        return false;
      }
    },
    async check(name, key) {
      const res = await limiter(name).get(key).catch(failOpen(name));
      if (res && res.consumedPoints >= rules[name].points) {
        app.metrics.limiterHit(name);
        throw new TooManyRequests(res.msBeforeNext / 1000);
      }
    },
    async penalty(name, key) {
      await limiter(name).penalty(key).catch(failOpen(name));
    },
    async reset(name, key) {
      await limiter(name).delete(key).catch(failOpen(name));
    },
  };

  app.decorate('limits', limits);
  app.addHook('onClose', async () => {
    redis?.disconnect();
  });
});
