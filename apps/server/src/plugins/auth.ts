import fp from 'fastify-plugin';
import type { KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import type { FastifyRequest } from 'fastify';
import { apiMsg } from '@toque/contracts/messages';
import { usersRepository } from '../db/repositories/users';
import { Forbidden, Unauthorized } from '../errors';
import { SessionCache, type SessionState } from '../lib/session-cache';
import { secretKey } from '../lib/secret-key';

export interface AuthUser {
  id: string;
  isAdmin: boolean;
}

interface Claims {
  sub: string;
  /** token version: a password change bumps the user's version and kills older tokens (ACC-02). */
  tv: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    signToken(user: { id: string; tokenVersion: number }): string;
    /** Resolves the bearer token to a user, or null when absent, malformed, expired or revoked. */
    resolveUser(request: FastifyRequest): Promise<AuthUser | null>;
    authenticate(request: FastifyRequest): Promise<void>;
    requireAdmin(request: FastifyRequest): Promise<void>;
    /**
     * PERF-01: this process's copy of the users' token versions, blocks and admin flags. Only
     * app.sessions.invalidate (plugins/sessions.ts) and the link to the other processes touch it.
     */
    sessionCache: SessionCache;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

/** The claims of a token that verifies with one of the keys; null when none does. */
function verifyWithAny(token: string, keys: KeyObject[]): Claims | null {
  for (const key of keys) {
    try {
      return jwt.verify(token, key, { algorithms: ['HS256'] }) as Claims;
    } catch (error) {
      // Another key may have signed it; an expired or malformed token fails with every key.
      if (!(error instanceof jwt.JsonWebTokenError) || error.message !== 'invalid signature') return null;
    }
  }
  return null;
}

export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const [scheme, value] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && value ? value : null;
}

/**
 * How many users' rows one process keeps, and for how long at most: a busy process's active users
 * fit, memory stays bounded whatever the tokens name, and the TTL only bounds an undetectable miss
 * of an invalidation (docs/decisions/0018).
 */
const SESSION_CACHE = { max: 20_000, ttlMs: 10_000 };

export const authPlugin = fp<{ secret: string; accepted?: string[]; ttl: string }>(async (app, { secret: secretText, accepted = [], ttl }) => {
  app.decorateRequest('user', null);
  const secret = secretKey(secretText);
  // OPS-06: tokens signed with a secret being rotated out (or in) still verify; only `secret` signs.
  const verifyKeys = [secret, ...accepted.map(secretKey)];
  const cache = new SessionCache(SESSION_CACHE);
  app.decorate('sessionCache', cache);

  /** The user's row, from the cache or the database; undefined when the user does not exist. */
  async function sessionState(userId: string, tokenVersion: number): Promise<SessionState | undefined> {
    const cached = cache.get(userId);
    // A token newer than the kept row proves the row stale (a missed invalidation): read it again.
    if (cached && cached.tokenVersion >= tokenVersion) return cached;
    const generation = cache.generation;
    const row = await usersRepository.sessionState(app.db, userId);
    if (!row) return undefined;
    const state = { tokenVersion: row.tokenVersion, isAdmin: row.isAdmin, blocked: row.blockedAt !== null };
    cache.set(userId, state, generation);
    return state;
  }

  app.decorate('signToken', (user: { id: string; tokenVersion: number }) =>
    jwt.sign({ tv: user.tokenVersion } satisfies Omit<Claims, 'sub'>, secret, {
      algorithm: 'HS256',
      subject: user.id,
      expiresIn: ttl as jwt.SignOptions['expiresIn'],
    }),
  );

  app.decorate('resolveUser', async (request: FastifyRequest) => {
    const token = bearerToken(request.headers.authorization);
    if (!token) return null;
    const claims = verifyWithAny(token, verifyKeys);
    if (!claims) return null;
    if (typeof claims.sub !== 'string' || typeof claims.tv !== 'number') return null;
    // Only now, with the signature checked, may the id reach the cache (or the database).
    const state = await sessionState(claims.sub, claims.tv);
    if (!state || state.tokenVersion !== claims.tv || state.blocked) return null;
    return { id: claims.sub, isAdmin: state.isAdmin };
  });

  app.decorate('authenticate', async (request: FastifyRequest) => {
    const user = await app.resolveUser(request);
    if (!user) {
      throw new Unauthorized(request.headers.authorization ? apiMsg.invalidToken : apiMsg.unauthorized);
    }
    request.user = user;
  });

  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    await app.authenticate(request);
    if (!request.user?.isAdmin) throw new Forbidden();
  });
});

/** For handlers behind `authenticate`: the user is there. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new Unauthorized();
  return request.user;
}
