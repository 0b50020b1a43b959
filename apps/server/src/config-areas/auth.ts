import { availableParallelism } from 'node:os';
import { z } from 'zod';
import type { httpVariables } from './http';
import type { Values } from './area';
import { list } from './area';

const DEV_JWT_SECRET = 'toque-development-secret-change-me';

/** OPS-02: the shortest JWT secret production accepts, and what makes one guessable. */
const PRODUCTION_SECRET_MIN = 32;
function isWeakSecret(secret: string): boolean {
  return secret === DEV_JWT_SECRET || secret.length < PRODUCTION_SECRET_MIN || new Set(secret).size < 10;
}

/** Whether JWT_SECRET is a secret of the operator's own, not the published development one. */
export function ownSecret(secret: string | undefined): boolean {
  return !!secret && secret !== DEV_JWT_SECRET;
}

/** An interface only this machine reaches: the published development secret is harmless there. */
export function isLoopbackHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h === '::1' || /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}

/** Sessions (JWT) and password hashing. */
export const authVariables = {
  JWT_SECRET: z.string().min(16).optional(),
  /**
   * OPS-06: secrets still accepted for tokens but never used to sign, comma-separated — a rotation
   * without signing everybody out (docs/operations.md, 'Rotating secrets').
   */
  JWT_ACCEPTED_SECRETS: z.string().optional(),
  JWT_TTL: z.string().default('30d'),
  /** Argon2 work (SEC-05): hashes at once (default: the CPU count) and jobs allowed to wait for one. */
  ARGON2_CONCURRENCY: z.coerce.number().int().positive().optional(),
  ARGON2_QUEUE: z.coerce.number().int().nonnegative().optional(),
};

type AuthValues = Values<typeof authVariables & Pick<typeof httpVariables, 'NODE_ENV'>>;

export function authConfig(e: AuthValues) {
  const concurrency = e.ARGON2_CONCURRENCY ?? availableParallelism();
  return {
    jwtSecret: e.JWT_SECRET ?? DEV_JWT_SECRET,
    /** Secrets that still verify tokens (a rotation in progress); jwtSecret signs. */
    jwtAcceptedSecrets: list(e.JWT_ACCEPTED_SECRETS).filter((s) => s !== e.JWT_SECRET),
    jwtTtl: e.JWT_TTL,
    argon2: { concurrency, queue: e.ARGON2_QUEUE ?? 4 * concurrency },
  };
}

export function checkAuth(e: AuthValues, ctx: z.RefinementCtx) {
  if (e.NODE_ENV !== 'production') return;
  if (!e.JWT_SECRET) {
    ctx.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: 'JWT_SECRET is required when NODE_ENV=production' });
  } else if (isWeakSecret(e.JWT_SECRET)) {
    // OPS-02: a token signed with a guessable secret is anyone's session.
    ctx.addIssue({
      code: 'custom',
      path: ['JWT_SECRET'],
      message: `JWT_SECRET is weak: use at least ${PRODUCTION_SECRET_MIN} random characters (openssl rand -base64 48)`,
    });
  }
  for (const accepted of list(e.JWT_ACCEPTED_SECRETS)) {
    if (isWeakSecret(accepted)) {
      ctx.addIssue({
        code: 'custom',
        path: ['JWT_ACCEPTED_SECRETS'],
        message: `JWT_ACCEPTED_SECRETS holds a weak secret: each needs at least ${PRODUCTION_SECRET_MIN} random characters`,
      });
    }
  }
}
