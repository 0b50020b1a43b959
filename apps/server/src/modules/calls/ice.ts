import { createHmac } from 'node:crypto';
import type { IceConfig, IceServer } from '@toque/contracts/calls';
import type { Config } from '../../config';

/**
 * coturn's `use-auth-secret` (the TURN REST API draft): the username is `<unix expiry>:<anything>` and
 * the password is base64(HMAC-SHA1(secret, username)); coturn recomputes it, so nothing is stored and
 * the credential dies at the expiry (CALL-10).
 */
export function turnCredential(secret: string, username: string): string {
  return createHmac('sha1', secret).update(username).digest('base64');
}

const hasTurn = (ice: Config['ice']) => ice.turnUrls.length > 0 && !!ice.turnSecret;

export function iceServers(ice: Config['ice'], roomId: string, nowMs = Date.now()): IceServer[] {
  if (ice.turnUrls.length > 0 && ice.turnSecret) {
    // Relay-only peers never use STUN: leaving it out spares a third party the client's address too.
    const username = `${Math.floor(nowMs / 1000) + ice.turnTtlS}:${roomId}`;
    return [{ urls: ice.turnUrls, username, credential: turnCredential(ice.turnSecret, username) }];
  }
  return ice.stunUrls.length > 0 ? [{ urls: ice.stunUrls }] : [];
}

/**
 * SEC-07: with TURN configured, both peers are relay-only — every candidate either side sends is the
 * TURN server's address, so the finder and the owner never learn each other's IP address
 * (docs/decisions/0016). Without TURN, direct connections through STUN as before.
 */
export function iceConfig(ice: Config['ice'], roomId: string, nowMs = Date.now()): IceConfig {
  return { iceServers: iceServers(ice, roomId, nowMs), iceTransportPolicy: hasTurn(ice) ? 'relay' : 'all' };
}
