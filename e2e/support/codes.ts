import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { root } from './processes';

const run = promisify(execFile);

/** Which database the operator CLI works on: the suite's own server's unless a spec started another. */
export type CliTarget = Record<string, string>;

/** The suite's server (playwright.config.ts): its embedded data directory, or CI's DATABASE_URL. */
const suiteServer = (): CliTarget => ({ DATA_DIR: process.env.E2E_DATA_DIR ?? '' });

/** Runs the operator CLI against the suite server's database (or `target`'s), exactly as an operator would. */
export function toque(...args: string[]): string {
  return toqueOn(suiteServer(), ...args);
}

function toqueOn(target: CliTarget, ...args: string[]): string {
  return execFileSync(process.execPath, ['scripts/toque.mjs', ...args], {
    cwd: root,
    env: { ...process.env, ...target },
    encoding: 'utf8',
  });
}

const codesIn = (output: string) =>
  output
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => /^[A-Z0-9]{8}$/.test(l));

/**
 * How many codes of a product one CLI run mints ahead for this worker: each run starts two node
 * processes (seconds on a busy machine), and a minted code is just an unclaimed row until a test
 * claims it — so one run serves several tests.
 */
const BATCH = 8;

/** Per worker: minted but not yet handed out codes, by database and product id; a refill in flight. */
const pools = new Map<string, { codes: string[]; refill?: Promise<void> }>();

/**
 * The one way the suite gets fresh unclaimed codes: `toque mint` (the operator CLI), in batches per
 * worker, each code handed out once. `target` names another server's database (servers.ts).
 */
export async function mintCodes(productId: number, count = 1, target: CliTarget = suiteServer()): Promise<string[]> {
  const key = JSON.stringify([target, productId]);
  let pool = pools.get(key);
  if (!pool) pools.set(key, (pool = { codes: [] }));
  while (pool.codes.length < count) {
    const p = pool;
    p.refill ??= run(process.execPath, ['scripts/toque.mjs', 'mint', String(productId), String(Math.max(BATCH, count))], {
      cwd: root,
      env: { ...process.env, ...target },
      encoding: 'utf8',
    })
      .then(({ stdout }) => {
        const minted = codesIn(stdout);
        if (minted.length === 0) throw new Error(`toque mint ${productId} printed no code:\n${stdout}`);
        p.codes.push(...minted);
      })
      .finally(() => (p.refill = undefined));
    await p.refill;
  }
  return pool.codes.splice(0, count);
}

/** One fresh unclaimed code of `productId`. */
export async function mintCode(productId: number, target?: CliTarget): Promise<string> {
  return (await mintCodes(productId, 1, target))[0]!;
}
