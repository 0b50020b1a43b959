// The JWT secret's rules and the loopback test, a leaf both the auth and the HTTP areas read (no import circle, DEV-06).

export const DEV_JWT_SECRET = 'toque-development-secret-change-me';

/** OPS-02: the shortest JWT secret production accepts, and what makes one guessable. */
export const PRODUCTION_SECRET_MIN = 32;
export function isWeakSecret(secret: string): boolean {
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
