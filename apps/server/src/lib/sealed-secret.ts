import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * A secret of a third party kept in the database (a gate relay's password, a webhook's HMAC key),
 * sealed with AES-256-GCM under a key derived (HKDF-SHA256) from the server's JWT secret and the
 * secret's purpose: a copy of the database alone opens no gate (docs/decisions/0053). Sealed as
 * `sealed:v1:<iv>.<tag>.<ciphertext>` (base64url). Opened with the signing secret or any secret still
 * accepted during a rotation (JWT_ACCEPTED_SECRETS); a secret none of them opens is null — the
 * caller asks for it to be typed again.
 */
const PREFIX = 'sealed:v1:';
const IV_BYTES = 12;

function keyOf(serverSecret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', serverSecret, 'toque-sealed-secret', purpose, 32));
}

export function sealSecret(plaintext: string, serverSecret: string, purpose: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyOf(serverSecret, purpose), iv);
  cipher.setAAD(Buffer.from(purpose));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return `${PREFIX}${[iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.')}`;
}

export function openSecret(sealed: string, serverSecrets: readonly string[], purpose: string): string | null {
  if (!sealed.startsWith(PREFIX)) return null;
  const parts = sealed.slice(PREFIX.length).split('.');
  if (parts.length !== 3) return null;
  const [iv, tag, body] = parts.map((p) => Buffer.from(p, 'base64url')) as [Buffer, Buffer, Buffer];
  if (iv.length !== IV_BYTES || tag.length !== 16) return null;
  for (const serverSecret of serverSecrets) {
    try {
      const decipher = createDecipheriv('aes-256-gcm', keyOf(serverSecret, purpose), iv);
      decipher.setAAD(Buffer.from(purpose));
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
    } catch {
      // Not this key: try the next one still accepted.
    }
  }
  return null;
}
