import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * CONDO-18 test support (docs/decisions/0053), for the API tests and the browser test alike: a
 * Shelly Gen2 relay emulator and a webhook receiver, written from the protocols' documents, not from
 * the server's code — so a mistake in the server's digest or signature fails here.
 *
 * The relay: `POST /rpc` with `{"id","method":"Switch.Set","params":{"id","on","toggle_after"}}` or
 * `GET /rpc/Switch.Set?id=0&on=true&toggle_after=N`, behind HTTP Digest (RFC 7616, SHA-256,
 * qop=auth, user `admin`, realm = the device id): a request without valid credentials gets 401 and
 * a `WWW-Authenticate: Digest qop="auth", realm=…, nonce=…, algorithm=SHA-256` challenge. Each
 * Switch.Set is recorded with its time, and the output turns itself off `toggle_after` seconds later
 * (recorded too), so a test can see it was on for the configured seconds.
 */

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** `Digest a="b", c=d` → { a: 'b', c: 'd' }. */
function digestParams(header: string): Record<string, string> {
  const params: Record<string, string> = {};
  for (const m of header.replace(/^Digest\s+/i, '').matchAll(/([a-z0-9_-]+)=("([^"]*)"|[^,\s]*)/gi)) {
    params[m[1]!.toLowerCase()] = m[3] ?? m[2]!;
  }
  return params;
}

export interface SwitchEvent {
  /** 'set': a Switch.Set arrived; 'off': the output turned itself off after toggle_after. */
  kind: 'set' | 'off';
  at: number;
  on?: boolean;
  toggleAfter?: number;
  switchId?: number;
}

export interface RelayEmulator {
  url: string;
  deviceId: string;
  password: string;
  events: SwitchEvent[];
  /** Requests refused for their credentials (401 after a challenge was answered wrongly). */
  refused: number;
  /** Every request that reached the relay, challenges included. */
  requests: number;
  /** Answers every request with this status (the relay's failure), or null. */
  failWith: number | null;
  /** Waits for the `kind` event number `n` (1-based). */
  waitFor(kind: SwitchEvent['kind'], n?: number, timeoutMs?: number): Promise<SwitchEvent>;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage, max = 64 * 1024): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > max) throw new Error('body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function waiter<T extends { kind: string }>(list: T[]) {
  return (kind: T['kind'], n = 1, timeoutMs = 30_000) =>
    new Promise<T>((resolve, reject) => {
      const started = Date.now();
      const look = () => {
        const found = list.filter((e) => e.kind === kind)[n - 1];
        if (found) return resolve(found);
        if (Date.now() - started > timeoutMs) return reject(new Error(`no '${kind}' #${n} within ${timeoutMs} ms`));
        setTimeout(look, 20);
      };
      look();
    });
}

export async function startRelayEmulator(options: { password?: string; host?: string } = {}): Promise<RelayEmulator> {
  const deviceId = `shellyplus1-${randomBytes(6).toString('hex')}`;
  const password = options.password ?? `senha-${randomBytes(6).toString('hex')}`;
  const nonces = new Map<string, number>();
  const timers = new Set<NodeJS.Timeout>();
  const events: SwitchEvent[] = [];

  const challenge = (res: ServerResponse) => {
    const nonce = randomBytes(8).toString('hex');
    nonces.set(nonce, Date.now());
    res.writeHead(401, {
      'www-authenticate': `Digest qop="auth", realm="${deviceId}", nonce="${nonce}", algorithm=SHA-256`,
      'content-type': 'application/json',
    });
    res.end(JSON.stringify({ code: 401, message: 'Unauthorized' }));
  };

  /** RFC 7616 with qop=auth: response = H(H(user:realm:pass):nonce:nc:cnonce:qop:H(method:uri)). */
  const authorized = (req: IncomingMessage): boolean | 'refused' => {
    const header = req.headers.authorization;
    if (!header || !/^Digest\s/i.test(header)) return false;
    const p = digestParams(header);
    const issued = p.nonce ? nonces.get(p.nonce) : undefined;
    if (issued === undefined || Date.now() - issued > 60_000) return false;
    if (p.username !== 'admin' || p.realm !== deviceId || p.uri !== req.url || p.qop !== 'auth') return 'refused';
    if (p.algorithm && p.algorithm.toUpperCase() !== 'SHA-256') return 'refused';
    const ha1 = sha256(`admin:${deviceId}:${password}`);
    const ha2 = sha256(`${req.method}:${p.uri}`);
    const expected = sha256(`${ha1}:${p.nonce}:${p.nc}:${p.cnonce}:auth:${ha2}`);
    const given = Buffer.from(p.response ?? '', 'utf8');
    const ok = given.length === expected.length && timingSafeEqual(given, Buffer.from(expected, 'utf8'));
    return ok ? true : 'refused';
  };

  const emulator: RelayEmulator = {
    url: '',
    deviceId,
    password,
    events,
    refused: 0,
    requests: 0,
    failWith: null,
    waitFor: waiter(events),
    close: async () => {
      for (const t of timers) clearTimeout(t);
      await new Promise<void>((r) => server.close(() => r()));
    },
  };

  const server: Server = createServer((req, res) => {
    emulator.requests++;
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://relay');
      const isRpc = url.pathname === '/rpc' && req.method === 'POST';
      const isGet = url.pathname === '/rpc/Switch.Set' && req.method === 'GET';
      const body = await readBody(req).catch(() => null);
      if (!isRpc && !isGet) {
        res.writeHead(404).end();
        return;
      }
      const auth = authorized(req);
      if (auth !== true) {
        if (auth === 'refused') emulator.refused++;
        return challenge(res);
      }
      if (emulator.failWith !== null) {
        res.writeHead(emulator.failWith, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ code: emulator.failWith, message: 'Relay failure (emulated)' }));
        return;
      }
      let id = 1;
      let params: { id?: number; on?: boolean; toggle_after?: number };
      if (isRpc) {
        try {
          const rpc = JSON.parse(body ?? '') as { id?: number; method?: string; params?: typeof params };
          if (rpc.method !== 'Switch.Set') throw new Error('method');
          id = rpc.id ?? 1;
          params = rpc.params ?? {};
        } catch {
          res.writeHead(400, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ id, src: deviceId, error: { code: -103, message: 'Invalid argument' } }));
          return;
        }
      } else {
        params = {
          id: Number(url.searchParams.get('id') ?? 0),
          on: url.searchParams.get('on') === 'true',
          ...(url.searchParams.has('toggle_after') ? { toggle_after: Number(url.searchParams.get('toggle_after')) } : {}),
        };
      }
      const at = Date.now();
      events.push({ kind: 'set', at, on: params.on, toggleAfter: params.toggle_after, switchId: params.id ?? 0 });
      if (params.on && typeof params.toggle_after === 'number') {
        const timer = setTimeout(() => {
          timers.delete(timer);
          events.push({ kind: 'off', at: Date.now(), switchId: params.id ?? 0 });
        }, params.toggle_after * 1000);
        timers.add(timer);
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ id, src: deviceId, result: { was_on: false } }));
    })();
  });
  await new Promise<void>((r) => server.listen(0, options.host ?? '127.0.0.1', r));
  emulator.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return emulator;
}

/**
 * The webhook receiver: checks `x-toque-signature: sha256=<hex HMAC-SHA256(secret, timestamp + "." + body)>`
 * (constant-time), refuses a `x-toque-timestamp` more than 60 s from now (401), and an id it has
 * already accepted (409: a replay). Every request is recorded with the verdict.
 */
export interface ReceivedWebhook {
  kind: 'accepted' | 'bad-signature' | 'stale' | 'replayed';
  at: number;
  body: string;
  headers: IncomingMessage['headers'];
}

export interface WebhookReceiver {
  url: string;
  secret: string;
  received: ReceivedWebhook[];
  waitFor(kind: ReceivedWebhook['kind'], n?: number, timeoutMs?: number): Promise<ReceivedWebhook>;
  /** Sends a recorded request again as it was (a replay by whoever saw it). */
  replay(request: ReceivedWebhook): Promise<number>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(secret = randomBytes(24).toString('base64url')): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const seen = new Set<string>();
  const server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req).catch(() => '');
      const timestamp = String(req.headers['x-toque-timestamp'] ?? '');
      const signature = String(req.headers['x-toque-signature'] ?? '');
      const expected = `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
      const given = Buffer.from(signature);
      const record = (kind: ReceivedWebhook['kind'], status: number) => {
        received.push({ kind, at: Date.now(), body, headers: req.headers });
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ result: kind }));
      };
      if (given.length !== expected.length || !timingSafeEqual(given, Buffer.from(expected))) return record('bad-signature', 401);
      if (!/^\d+$/.test(timestamp) || Math.abs(Date.now() / 1000 - Number(timestamp)) > 60) return record('stale', 401);
      let id: string | undefined;
      try {
        id = (JSON.parse(body) as { id?: string }).id;
      } catch {
        id = undefined;
      }
      if (!id || id !== req.headers['x-toque-id'] || seen.has(id)) return record('replayed', 409);
      seen.add(id);
      record('accepted', 200);
    })();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/portao`;
  return {
    url,
    secret,
    received,
    waitFor: waiter(received),
    async replay(request) {
      const headers: Record<string, string> = {};
      for (const name of ['content-type', 'x-toque-timestamp', 'x-toque-signature', 'x-toque-id']) {
        const value = request.headers[name];
        if (typeof value === 'string') headers[name] = value;
      }
      const res = await fetch(url, { method: 'POST', headers, body: request.body });
      return res.status;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
