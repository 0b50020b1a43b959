import { createHmac } from 'node:crypto';
import type { IceServer } from '@toque/contracts/calls';
import type { Config } from '../../config';

/**
 * coturn's `use-auth-secret` (the TURN REST API draft): the username is `<unix expiry>:<anything>` and
 * the password is base64(HMAC-SHA1(secret, username)); coturn recomputes it, so nothing is stored and
 * the credential dies at the expiry (CALL-10).
 */
export function turnCredential(secret: string, username: string): string {
  return createHmac('sha1', secret).update(username).digest('base64');
}

export function iceServers(ice: Config['ice'], roomId: string, nowMs = Date.now()): IceServer[] {
  const servers: IceServer[] = [];
  if (ice.stunUrls.length > 0) servers.push({ urls: ice.stunUrls });
  if (ice.turnUrls.length > 0 && ice.turnSecret) {
    const username = `${Math.floor(nowMs / 1000) + ice.turnTtlS}:${roomId}`;
    servers.push({ urls: ice.turnUrls, username, credential: turnCredential(ice.turnSecret, username) });
  }
  return servers;
}
