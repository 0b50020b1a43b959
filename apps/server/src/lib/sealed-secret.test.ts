import { describe, expect, test } from 'vitest';
import { openSecret, sealSecret } from './sealed-secret';

const server = 'a-server-secret-of-the-operator-0123456789';
const purpose = 'gate-controller';

describe('[CONDO-18] a third party secret sealed in the database', () => {
  test('[CONDO-18] sealed: the plaintext is not in it, two seals differ, the server secret opens it', () => {
    const a = sealSecret('senha-do-rele', server, purpose);
    const b = sealSecret('senha-do-rele', server, purpose);
    expect(a).toMatch(/^sealed:v1:[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(a).not.toContain('senha');
    expect(a).not.toBe(b);
    expect(openSecret(a, [server], purpose)).toBe('senha-do-rele');
  });

  test('[CONDO-18] opened during a rotation by a secret still accepted; never by another secret, another purpose or a tampered seal', () => {
    const sealed = sealSecret('segredo-do-webhook-123', server, purpose);
    expect(openSecret(sealed, ['the-new-secret-of-the-operator-987654321', server], purpose)).toBe('segredo-do-webhook-123');
    expect(openSecret(sealed, ['the-new-secret-of-the-operator-987654321'], purpose)).toBeNull();
    expect(openSecret(sealed, [server], 'another-purpose')).toBeNull();
    const [iv, tag, body] = sealed.slice('sealed:v1:'.length).split('.') as [string, string, string];
    const flipped = Buffer.from(body, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(openSecret(`sealed:v1:${iv}.${tag}.${flipped.toString('base64url')}`, [server], purpose)).toBeNull();
    for (const broken of ['senha-em-claro', 'sealed:v1:', 'sealed:v1:a.b', `sealed:v1:${iv}.${tag}`, `sealed:v1:AAAA.${tag}.${body}`])
      expect(openSecret(broken, [server], purpose)).toBeNull();
  });
});
