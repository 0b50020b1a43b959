import { createHmac, randomUUID } from 'node:crypto';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import DigestClient from 'digest-fetch';
import ipaddr from 'ipaddr.js';
import { Agent, fetch as undiciFetch } from 'undici';
import {
  GATE_ID_HEADER,
  GATE_RESPONSE_MAX_BYTES,
  GATE_SIGNATURE_HEADER,
  GATE_TIMEOUT_MS,
  GATE_TIMESTAMP_HEADER,
  gateMsg,
  type GateKind,
} from '@toque/contracts/gate';

/**
 * CONDO-18 (docs/decisions/0053): the server's side of the two gate protocols, and the guard of an
 * outbound request a síndico aims (an SSRF surface): http(s) only, no credentials in the URL, only
 * public unicast addresses unless the operator allowed a network (GATE_ALLOWED_NETWORKS) — checked
 * on the URL's literal address and on every address the name resolves to at connection time (a
 * DNS answer that changes after the check cannot lead elsewhere) —, no redirects, one deadline for
 * the whole exchange, and the answer read up to GATE_RESPONSE_MAX_BYTES.
 */

export interface GateTarget {
  kind: GateKind;
  url: string;
  secret: string | null;
  switchId: number;
  seconds: number;
}

/** What the webhook's body says (its `id` also travels in a header; a receiver refuses an id twice). */
export interface GateWebhookBody {
  id: string;
  event: 'gate.open';
  plate: string;
  unit: string | null;
  seconds: number;
  at: string;
}

export type GateOutcome = { opened: true } | { opened: false; message: string };

type Ranges = [ipaddr.IPv4 | ipaddr.IPv6, number][];

export function parseNetworks(cidrs: string[]): Ranges {
  return cidrs.map((cidr) => ipaddr.parseCIDR(cidr));
}

/** A public unicast address, or one inside a network the operator allowed. */
export function addressAllowed(address: string, allowed: Ranges): boolean {
  if (!ipaddr.isValid(address)) return false;
  let ip = ipaddr.parse(address);
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) ip = (ip as ipaddr.IPv6).toIPv4Address();
  if (allowed.some(([net, bits]) => net.kind() === ip.kind() && ip.match(net, bits))) return true;
  return ip.range() === 'unicast';
}

/** Whether `host` (a URL's hostname, brackets and all) is an IP literal in an allowed network. */
function literalHost(host: string): string | null {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  return isIP(bare) ? bare : null;
}

/**
 * The síndico's URL, checked before it is saved: a well-formed http(s) URL without credentials,
 * https for a webhook (except inside an allowed network), and a literal address that is allowed.
 * Names are checked when connecting. Answers the refusal's words, or null.
 */
export function urlRefusal(kind: GateKind, raw: string, allowed: Ranges): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return gateMsg.urlInvalid;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return gateMsg.urlInvalid;
  if (url.username || url.password || !url.hostname) return gateMsg.urlInvalid;
  const literal = literalHost(url.hostname);
  if (literal && !addressAllowed(literal, allowed)) return gateMsg.hostRefused;
  if (/^(localhost|.*\.localhost|.*\.local|.*\.internal)$/i.test(url.hostname)) return gateMsg.hostRefused;
  const insideAllowed = literal !== null && allowed.length > 0 && addressAllowed(literal, allowed) && ipaddr.parse(literal).range() !== 'unicast';
  if (kind === 'webhook' && url.protocol !== 'https:' && !insideAllowed) return gateMsg.webhookHttps;
  return null;
}

/** The system resolver's shape (`dns.lookup` with `all: true`); a test may hand its own (a name that resolves to loopback). */
export type Resolver = (
  hostname: string,
  options: { all: true; family: number },
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

/** The dispatcher of every gate request: the address guard at connection time, a connect timeout, a size cap. */
function guardedAgent(allowed: Ranges, resolve: Resolver): Agent {
  const lookup = (
    hostname: string,
    options: { family?: number | string },
    callback: (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
  ) => {
    resolve(hostname, { all: true, family: Number(options.family) || 0 }, (error, addresses) => {
      if (error) return callback(error, []);
      const refused = addresses.find((a) => !addressAllowed(a.address, allowed));
      if (refused || addresses.length === 0) {
        return callback(Object.assign(new Error(`gate: address ${refused?.address ?? '(none)'} refused`), { code: 'EGATEREFUSED' }), []);
      }
      // Node asks with `all: true` when it tries several addresses (autoSelectFamily).
      if ((options as { all?: boolean }).all) return callback(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
  return new Agent({
    connect: { timeout: GATE_TIMEOUT_MS, lookup },
    headersTimeout: GATE_TIMEOUT_MS,
    bodyTimeout: GATE_TIMEOUT_MS,
    maxResponseSize: GATE_RESPONSE_MAX_BYTES,
    connections: 4,
  });
}

/** The answer's body, at most GATE_RESPONSE_MAX_BYTES (more: null). */
async function boundedText(response: Awaited<ReturnType<typeof undiciFetch>>): Promise<string | null> {
  if (!response.body) return '';
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response.body) {
    size += (chunk as Uint8Array).byteLength;
    if (size > GATE_RESPONSE_MAX_BYTES) return null;
    chunks.push(Buffer.from(chunk as Uint8Array));
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** HMAC-SHA256 of `${timestamp}.${body}` with the webhook's secret, as the signature header carries it. */
export function webhookSignature(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

export type GateController = ReturnType<typeof gateController>;

export function gateController(
  allowedNetworks: string[],
  log: { warn: (o: object, m: string) => void },
  resolve: Resolver = dnsLookup,
) {
  const allowed = parseNetworks(allowedNetworks);
  const agent = guardedAgent(allowed, resolve);
  const guardedFetch = ((input: string, init: Record<string, unknown> = {}) =>
    undiciFetch(input, { ...init, dispatcher: agent, redirect: 'manual' } as never)) as unknown as typeof fetch;

  function refusalAtSend(target: GateTarget): string | null {
    return urlRefusal(target.kind, target.url, allowed);
  }

  /** Shelly Gen2: POST <base>/rpc Switch.Set {id, on: true, toggle_after}, SHA-256 digest as user admin. */
  async function shelly(target: GateTarget, signal: AbortSignal): Promise<GateOutcome> {
    const rpc = new URL('rpc', target.url.endsWith('/') ? target.url : `${target.url}/`).href;
    const body = JSON.stringify({
      id: 1,
      method: 'Switch.Set',
      params: { id: target.switchId, on: true, toggle_after: target.seconds },
    });
    const init = { method: 'POST', headers: { 'content-type': 'application/json' }, body, signal };
    let response;
    if (target.secret) {
      // digest-fetch answers the device's 401 challenge (RFC 7616, SHA-256, qop=auth) with our fetch.
      const client = new DigestClient('admin', target.secret, { algorithm: 'SHA-256' });
      client.getClient = async () => guardedFetch;
      response = (await client.fetch(rpc, init)) as Awaited<ReturnType<typeof undiciFetch>>;
    } else {
      response = await (guardedFetch as unknown as typeof undiciFetch)(rpc, init);
    }
    const text = await boundedText(response);
    if (response.status === 401) return { opened: false, message: gateMsg.refused };
    if (response.status !== 200 || text === null) return { opened: false, message: gateMsg.failed };
    try {
      const answer = JSON.parse(text) as { result?: unknown; error?: unknown };
      return answer.result !== undefined && answer.error === undefined ? { opened: true } : { opened: false, message: gateMsg.failed };
    } catch {
      return { opened: false, message: gateMsg.failed };
    }
  }

  /** The signed webhook: any 2xx is an opening; 401/403 a refused signature. */
  async function webhook(target: GateTarget, payload: Omit<GateWebhookBody, 'id' | 'event' | 'at'>, signal: AbortSignal): Promise<GateOutcome> {
    const id = randomUUID();
    const body = JSON.stringify({ id, event: 'gate.open', ...payload, at: new Date().toISOString() } satisfies GateWebhookBody);
    const timestamp = Math.floor(Date.now() / 1000);
    const response = await (guardedFetch as unknown as typeof undiciFetch)(target.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [GATE_TIMESTAMP_HEADER]: String(timestamp),
        [GATE_SIGNATURE_HEADER]: webhookSignature(target.secret ?? '', timestamp, body),
        [GATE_ID_HEADER]: id,
      },
      body,
      signal,
    });
    const text = await boundedText(response);
    if (response.status === 401 || response.status === 403) return { opened: false, message: gateMsg.refused };
    if (response.status < 200 || response.status >= 300 || text === null) return { opened: false, message: gateMsg.failed };
    return { opened: true };
  }

  return {
    /** Opens the gate; never throws: a failure is an outcome with its words. */
    async open(target: GateTarget, context: { plate: string; unit: string | null }): Promise<GateOutcome> {
      const refused = refusalAtSend(target);
      if (refused) return { opened: false, message: refused };
      const signal = AbortSignal.timeout(GATE_TIMEOUT_MS);
      try {
        return target.kind === 'shelly'
          ? await shelly(target, signal)
          : await webhook(target, { plate: context.plate, unit: context.unit, seconds: target.seconds }, signal);
      } catch (error) {
        log.warn({ err: error, kind: target.kind }, 'gate: the controller could not be reached');
        const code = (error as { cause?: { code?: string } }).cause?.code;
        if (code === 'EGATEREFUSED') return { opened: false, message: gateMsg.hostRefused };
        return { opened: false, message: gateMsg.unreachable };
      }
    },
    urlRefusal: (kind: GateKind, url: string) => urlRefusal(kind, url, allowed),
    close: () => agent.close(),
  };
}
