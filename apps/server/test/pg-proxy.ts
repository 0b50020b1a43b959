import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * REL-06: a TCP proxy of the tests' own between a Toque server and PostgreSQL, so a test can take
 * the database away without stopping the PostgreSQL server everyone shares. The server's
 * DATABASE_URL points at `url(database)`; `outage(mode)` cuts it, `restore()` brings it back.
 *
 * - `refuse`: every proxied connection is cut and new ones are refused (the port stops listening):
 *   what a stopped or restarting PostgreSQL looks like.
 * - `blackhole`: every proxied connection goes silent (bytes either way go nowhere, the sockets stay
 *   open) and new ones are accepted but never answered: a network cut or a firewall that drops —
 *   what makes a client without deadlines wait forever. `restore()` then resets the silent ones
 *   (their lost bytes would have desynchronised the protocol), as the network would once it timed out.
 *
 * `latency(ms)`: every answer from PostgreSQL reaches the server `ms` later (in order): a database
 * that is slow to answer, as a loaded or distant one is (REL-04's burst of session checks).
 *
 * `cutWhen(pattern)`: the first connection whose client sends bytes matching `pattern` (a statement's
 * text: the wire protocol carries it in the clear on a local connection) is cut before they reach
 * PostgreSQL, and the outage (`mode`) starts — a cut in the middle of a transaction.
 */
export type OutageMode = 'refuse' | 'blackhole';

interface Pair {
  client: Socket;
  upstream: Socket | undefined;
  silent: boolean;
}

export interface PgProxy {
  port: number;
  /** The same database URL, through the proxy. */
  url(databaseUrl: string): string;
  outage(mode: OutageMode): Promise<void>;
  restore(): Promise<void>;
  /** The next client bytes matching `pattern` are dropped, their connection cut, and the outage starts. */
  cutWhen(pattern: RegExp, mode?: OutageMode): Promise<void>;
  /** From now on each answer from PostgreSQL is held `ms` before it is passed on (0: at once). */
  latency(ms: number): void;
  /** Connections the proxy holds now (open ones, silent ones included). */
  connections(): number;
  close(): Promise<void>;
}

export async function startPgProxy(target: { host: string; port: number } = { host: '127.0.0.1', port: 5432 }): Promise<PgProxy> {
  const pairs = new Set<Pair>();
  let mode: OutageMode | null = null;
  let trigger: { pattern: RegExp; mode: OutageMode; fired: () => void } | undefined;
  let delayMs = 0;

  const drop = (pair: Pair) => {
    pair.client.destroy();
    pair.upstream?.destroy();
    pairs.delete(pair);
  };

  const onConnection = (client: Socket) => {
    const pair: Pair = { client, upstream: undefined, silent: mode === 'blackhole' };
    pairs.add(pair);
    client.on('error', () => drop(pair));
    client.on('close', () => drop(pair));
    if (pair.silent) {
      // Accepted, never answered: the bytes go nowhere.
      client.on('data', () => undefined);
      return;
    }
    const upstream = connect(target.port, target.host);
    pair.upstream = upstream;
    upstream.on('error', () => drop(pair));
    upstream.on('close', () => drop(pair));
    client.on('data', (chunk: Buffer) => {
      if (pair.silent) return;
      if (trigger && trigger.pattern.test(chunk.toString('latin1'))) {
        const fired = trigger;
        trigger = undefined;
        drop(pair);
        void begin(fired.mode).then(fired.fired);
        return;
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (pair.silent) return;
      // Equal delays fire in the order they were set: the protocol's bytes stay in order.
      if (delayMs > 0) setTimeout(() => pair.silent || client.destroyed || client.write(chunk), delayMs);
      else client.write(chunk);
    });
  };

  let server: Server = createServer(onConnection);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = createServer(onConnection);
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
  const stopListening = () => new Promise<void>((resolve) => server.close(() => resolve()));

  async function begin(next: OutageMode) {
    mode = next;
    if (next === 'refuse') {
      for (const pair of [...pairs]) drop(pair);
      await stopListening();
    } else {
      for (const pair of pairs) pair.silent = true;
    }
  }

  return {
    port,
    url(databaseUrl) {
      const url = new URL(databaseUrl);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      return url.href;
    },
    outage: begin,
    async restore() {
      const was = mode;
      mode = null;
      for (const pair of [...pairs]) if (pair.silent) drop(pair);
      if (was === 'refuse') await listen();
    },
    cutWhen(pattern, next = 'refuse') {
      return new Promise<void>((fired) => {
        trigger = { pattern, mode: next, fired };
      });
    },
    latency(ms) {
      delayMs = ms;
    },
    connections: () => pairs.size,
    async close() {
      trigger = undefined;
      for (const pair of [...pairs]) drop(pair);
      if (mode !== 'refuse') await stopListening();
    },
  };
}
