import { z } from 'zod';
import type { httpVariables } from './http';
import type { Values } from './area';
import { list } from './area';

/** The push services browsers subscribe to (SEC-06): `*.` matches any subdomain. */
const DEFAULT_PUSH_HOSTS = [
  'fcm.googleapis.com',
  '*.push.services.mozilla.com',
  '*.notify.windows.com',
  'web.push.apple.com',
  '*.push.apple.com',
].join(',');

/** Web Push (CALL-03): the VAPID keys are generated once and stored in `settings` when not given. */
export const pushVariables = {
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  VAPID_SUBJECT: z.string().default('mailto:suporte@toque.app.br'),
  /**
   * SEC-06: hosts a push endpoint may point at (https only), comma-separated, `*.` for subdomains.
   * An entry written as an origin (`http://127.0.0.1:8080`) allows exactly that origin: tests only.
   */
  PUSH_HOSTS: z.string().default(DEFAULT_PUSH_HOSTS),
  PUSH_MAX_PER_USER: z.coerce.number().int().positive().max(100).default(5),
};

type PushValues = Values<typeof pushVariables & Pick<typeof httpVariables, 'NODE_ENV'>>;

export function pushConfig(e: PushValues) {
  return {
    push: {
      publicKey: e.VAPID_PUBLIC_KEY,
      privateKey: e.VAPID_PRIVATE_KEY,
      subject: e.VAPID_SUBJECT,
      /** Allowed endpoint hosts (`*.` = any subdomain) or exact origins (tests' own push service). */
      hosts: list(e.PUSH_HOSTS).map((h) => h.toLowerCase()),
      maxPerUser: e.PUSH_MAX_PER_USER,
    },
  };
}

export function checkPush(e: PushValues, ctx: z.RefinementCtx) {
  if (!!e.VAPID_PUBLIC_KEY !== !!e.VAPID_PRIVATE_KEY) {
    ctx.addIssue({ code: 'custom', path: ['VAPID_PRIVATE_KEY'], message: 'set both VAPID keys or neither' });
  }
  if (e.NODE_ENV === 'production' && list(e.PUSH_HOSTS).some((h) => h.includes('://'))) {
    ctx.addIssue({
      code: 'custom',
      path: ['PUSH_HOSTS'],
      message: 'PUSH_HOSTS takes host names only in production (https)',
    });
  }
}
