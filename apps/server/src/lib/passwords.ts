import { hash, verify } from '@node-rs/argon2';

// OWASP's Argon2id baseline (19 MiB, 2 passes, 1 lane).
const options = { algorithm: 2 /* Argon2id (a const enum the package exports) */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// Verifying against this when the e-mail is unknown keeps login's timing the same either way.
let dummyHash: Promise<string> | undefined;
export async function verifyDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('toque-dummy-password');
  await verifyPassword(await dummyHash, password);
  return false;
}
