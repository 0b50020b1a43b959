import jwt from 'jsonwebtoken';
import { secretKey } from './secret-key';

/**
 * The finder's credential for one call (CALL-08): signed with the server secret like a session, but
 * with its own audience, so it can never pass for a user's token (which has no audience) nor the
 * other way round. It names the call and nothing about the finder.
 */
const AUDIENCE = 'toque-caller';

interface CallerClaims {
  call: string;
  role: 'caller';
}

export function signCallerToken(secret: string, roomId: string, ttlSeconds: number): string {
  return jwt.sign({ call: roomId, role: 'caller' } satisfies CallerClaims, secretKey(secret), {
    algorithm: 'HS256',
    audience: AUDIENCE,
    expiresIn: ttlSeconds,
  });
}

/**
 * The room id of a valid, unexpired caller token; null for anything else. `secrets`: the signing
 * secret first, then those still accepted during a rotation (OPS-06).
 */
export function verifyCallerToken(secrets: string | readonly string[], token: string): string | null {
  for (const secret of typeof secrets === 'string' ? [secrets] : secrets) {
    try {
      const claims = jwt.verify(token, secretKey(secret), {
        algorithms: ['HS256'],
        audience: AUDIENCE,
      }) as Partial<CallerClaims>;
      return claims.role === 'caller' && typeof claims.call === 'string' ? claims.call : null;
    } catch (error) {
      if (!(error instanceof jwt.JsonWebTokenError) || error.message !== 'invalid signature') return null;
    }
  }
  return null;
}
