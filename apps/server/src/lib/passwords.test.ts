import { expect, test } from 'vitest';
import { hashPassword, verifyPassword } from './passwords';

test("[SEC-05] a password is hashed with Argon2id at OWASP's baseline: 19 MiB, 2 passes, 1 lane", async () => {
  const hash = await hashPassword('segredo123');
  expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  expect(await verifyPassword(hash, 'segredo123')).toBe(true);
  expect(await verifyPassword(hash, 'segredo124')).toBe(false);
});
