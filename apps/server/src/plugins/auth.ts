import fp from 'fastify-plugin';
import jwt from 'jsonwebtoken';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { apiMsg } from '@toque/contracts/messages';
import { users } from '../db/schema';
import { Forbidden, Unauthorized } from '../errors';

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
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const [scheme, value] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && value ? value : null;
}

export const authPlugin = fp<{ secret: string; ttl: string }>(async (app, { secret, ttl }) => {
  app.decorateRequest('user', null);

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
    let claims: Claims;
    try {
      claims = jwt.verify(token, secret, { algorithms: ['HS256'] }) as Claims;
    } catch {
      return null;
    }
    if (typeof claims.sub !== 'string' || typeof claims.tv !== 'number') return null;
    const [row] = await app.db
      .select({ id: users.id, isAdmin: users.isToqueAdmin, tokenVersion: users.tokenVersion, blockedAt: users.blockedAt })
      .from(users)
      .where(eq(users.id, claims.sub))
      .limit(1);
    if (!row || row.tokenVersion !== claims.tv || row.blockedAt) return null;
    return { id: row.id, isAdmin: row.isAdmin };
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
