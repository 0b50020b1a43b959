import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * PGlite's data directory is single-process. The server that holds it writes this lock with its
 * pid, port and an operator secret; the CLI reads it to go through the server instead of opening
 * the directory a second time.
 */
export interface DataDirLock {
  pid: number;
  port: number;
  operatorToken: string;
}

const lockPath = (dataDir: string) => join(dataDir, 'server.lock.json');

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The lock of a live server, or undefined (a stale lock of a dead process counts as none). */
export function readLock(dataDir: string): DataDirLock | undefined {
  try {
    const lock = JSON.parse(readFileSync(lockPath(dataDir), 'utf8')) as DataDirLock;
    return lock.pid !== process.pid && alive(lock.pid) ? lock : undefined;
  } catch {
    return undefined;
  }
}

export function writeLock(dataDir: string, lock: DataDirLock): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  writeFileSync(lockPath(dataDir), JSON.stringify(lock), { mode: 0o600 });
}

export function removeLock(dataDir: string): void {
  rmSync(lockPath(dataDir), { force: true });
}
