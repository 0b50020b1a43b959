import type { FastifyRequest } from 'fastify';
import { apiMsg } from '@toque/contracts/messages';
import { Forbidden, Unauthorized } from '../errors';
import { bearerToken } from '../plugins/auth';
import { sameSecret } from './same-secret';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** Whether the connection itself comes from this host (whatever X-Forwarded-For claims). */
export function fromLoopback(request: FastifyRequest): boolean {
  return LOOPBACK.has(request.socket.remoteAddress ?? '');
}

/** Whether `request` was relayed by a proxy: a proxy on this host is not this host's own client. */
function relayed(request: FastifyRequest): boolean {
  return request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
}

/** The token a request presents: `Authorization: Bearer …`, else `X-Operator-Token`. */
function presentedToken(request: FastifyRequest): string | null {
  const header = request.headers['x-operator-token'];
  return bearerToken(request.headers.authorization) ?? (typeof header === 'string' ? header : null);
}

/**
 * An operator's endpoint (metrics): a client on this host itself (not relayed by a proxy), or one
 * presenting one of `tokens`. 401 without a token, 403 with a wrong one.
 */
export function requireLoopbackOrToken(request: FastifyRequest, tokens: ReadonlyArray<string | undefined>): void {
  if (fromLoopback(request) && !relayed(request)) return;
  const given = presentedToken(request);
  if (!given) throw new Unauthorized(apiMsg.unauthorized);
  if (!tokens.some((t) => !!t && sameSecret(given, t))) throw new Forbidden(apiMsg.forbidden);
}
