import { availableParallelism } from 'node:os';
import { z } from 'zod';
import type { httpVariables } from './http';
import type { Values } from './area';
import { list } from './area';
import { DEV_JWT_SECRET, isWeakSecret, PRODUCTION_SECRET_MIN } from './secrets';

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
