import { chmodSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * SEC-06: the embedded database and the secrets beside it are the operator's alone. PGlite's file
 * system layer chmods what it writes to 0666 whatever the umask, so the modes are set after the
 * fact: the directory 0700 (nobody else can even look in, whatever PGlite writes later), every
 * file 0600 and every subdirectory 0700.
 */
export function makePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  const pending = [dir];
  while (pending.length > 0) {
    const current = pending.pop()!;
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const path = join(current, entry.name);
      if (entry.isDirectory()) {
        chmodSync(path, 0o700);
        pending.push(path);
      } else if (entry.isFile()) {
        chmodSync(path, 0o600);
      }
    }
  }
}
