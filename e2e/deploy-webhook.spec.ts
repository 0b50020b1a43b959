import { readFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { chargesApi, chargeWords, type Charge } from '@toque/contracts/billing';
import { apiMsg, photoMsg } from '@toque/contracts/messages';
import { PHOTO_MAX_BYTES } from '@toque/contracts/products';
import { nginxPath, startNginx, NGINX_NEEDED, type ClientCertificate, type Nginx } from './support/nginx';
import { bearerOf, claimTag, expect, PIX_WEBHOOK_SECRET, test, type AppServer } from './support';

/**
 * The deploy as docs/decisions/0041 says (SEC-09, SEC-10, OPS-06): nginx from deploy/nginx — the
 * public site (toque.conf) and the payment provider's mutual-TLS site (pix-webhook.conf) — in front
 * of a server that requires the verification (PIX_WEBHOOK_REQUIRE_MTLS). The provider's certificate
 * authority, its client certificate and a stranger's are made by openssl for the test.
 *
 * The server trusts exactly 127.0.0.1 (where nginx connects from) as its proxy, so that a caller on
 * another loopback address (127.0.0.2) is "anyone else" reaching the app directly; the shipped unit
 * trusts `loopback`, the same rule for a proxy on the host.
 */
test.describe.configure({ mode: 'serial' });

let server: AppServer;
let nginx: Nginx;
let api: APIRequestContext;

test.beforeAll(async ({ appServer }) => {
  test.setTimeout(180_000);
  const binary = nginxPath();
  expect(binary, NGINX_NEEDED).not.toBeNull();
  server = await appServer({
    env: { TRUST_PROXY: '127.0.0.1', PIX_WEBHOOK_SECRET, PIX_WEBHOOK_REQUIRE_MTLS: 'true' },
  });
  const port = Number(new URL(server.url).port);
  nginx = await startNginx(binary!, [port, port], { pix: true });
  api = await playwrightRequest.newContext({ baseURL: server.url });
});

test.afterAll(async () => {
  await api?.dispose();
  await nginx?.close();
});

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * One HTTP/1.1 request on a connection of its own: over TLS with an optional client certificate
 * (nginx's certificate is the test's own), or plain HTTP from `localAddress`. A large body nginx
 * refuses early may break the upload; the answer that came first is what counts.
 */
function send(
  url: string,
  opts: {
    method?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    client?: ClientCertificate;
    localAddress?: string;
  } = {},
): Promise<Answer> {
  const body = opts.body ?? '';
  const options = {
    method: opts.method ?? 'POST',
    agent: false as const,
    headers: { 'content-length': String(Buffer.byteLength(body)), ...opts.headers },
    ...(opts.localAddress ? { localAddress: opts.localAddress } : {}),
    ...(url.startsWith('https:')
      ? {
          rejectUnauthorized: false,
          ...(opts.client ? { cert: readFileSync(opts.client.cert), key: readFileSync(opts.client.key) } : {}),
        }
      : {}),
  };
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = (url.startsWith('https:') ? httpsRequest : httpRequest)(url, options, (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
      );
      res.on('error', reject);
    });
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    req.end(body);
  });
}

const json = { 'content-type': 'application/json' };
/** Set by the test's nginx on every answer the app gave (support/nginx.ts); absent when nginx answered itself. */
const fromApp = (answer: Answer) => Boolean(answer.headers['x-toque-upstream']);
const messageOf = (answer: Answer) => (JSON.parse(answer.body) as { message?: string }).message;

async function openCharge() {
  const code = await server.mint(3);
  const { token } = await claimTag(api, code);
  const made = await api.post(`/api${chargesApi.charges}`, { data: { codes: [code] }, headers: bearerOf(token) });
  expect(made.status()).toBe(201);
  const charge = (await made.json()) as Charge;
  const status = async () =>
    ((await (await api.get(`/api${chargesApi.charges}`, { headers: bearerOf(token) })).json()) as Charge[]).find(
      (c) => c.id === charge.id,
    )?.status;
  const valor = `${Math.floor(charge.amount_cents / 100)}.${String(charge.amount_cents % 100).padStart(2, '0')}`;
  const notification = JSON.stringify({
    pix: [
      {
        endToEndId: `E00000000${Date.now()}`.padEnd(32, '0').slice(0, 32),
        txid: charge.txid,
        valor,
        horario: new Date().toISOString(),
      },
    ],
  });
  return { token, status, notification };
}

test("[SEC-10] [FIN-04] [OPS-06] the Pix webhook through the deploy: refused on the public site without reaching the app, refused by the mutual-TLS site without the provider's certificate, applied with it; a verification claimed straight to the app is refused", async () => {
  const { status, notification } = await openCharge();
  const path = `/api${chargesApi.webhook(PIX_WEBHOOK_SECRET)}`;

  // The public site: nginx answers 404 itself, however the path is written, whatever the caller claims.
  for (const p of [path, `${path}/pix`, `/${path}`, path.replace('/webhooks/', '/%77ebhooks/')]) {
    const answer = await send(`${nginx.url}${p}`, {
      headers: { ...json, 'x-client-verify': 'SUCCESS' },
      body: notification,
    });
    expect(answer.status, p).toBe(404);
    expect(fromApp(answer), p).toBe(false);
  }
  expect(await status()).toBe('pending');

  // The mutual-TLS site: no certificate, or one another authority signed — nginx refuses (400).
  const pix = nginx.pix!;
  for (const client of [undefined, pix.stranger]) {
    const answer = await send(`${pix.url}${path}`, { headers: json, body: notification, client });
    expect(answer.status, client ? 'stranger' : 'no certificate').toBe(400);
    expect(fromApp(answer)).toBe(false);
  }
  // …and with the provider's certificate it serves the webhook alone.
  const other = await send(`${pix.url}/api/health`, { method: 'GET', client: pix.provider });
  expect(other.status).toBe(404);
  expect(fromApp(other)).toBe(false);
  expect(await status()).toBe('pending');

  // Straight to the app from anywhere but its proxy, claiming nginx's verification: refused.
  const direct = await send(`${server.url}${path}`, {
    headers: { ...json, 'x-client-verify': 'SUCCESS' },
    body: notification,
    localAddress: '127.0.0.2',
  });
  expect(direct.status).toBe(403);
  expect(messageOf(direct)).toBe(chargeWords.webhookUnverified);
  expect(await status()).toBe('pending');

  // The provider, with its certificate: nginx verifies it, the app applies the Pix.
  const paid = await send(`${pix.url}${path}`, { headers: json, body: notification, client: pix.provider });
  expect(paid.status, paid.body).toBe(200);
  expect(fromApp(paid)).toBe(true);
  expect(JSON.parse(paid.body)).toEqual({ received: 1 });
  expect(await status()).toBe('paid');
  // The registered URL with /pix appended, as providers call it, reaches the same webhook.
  const again = await send(`${pix.url}${path}/pix`, { headers: json, body: notification, client: pix.provider });
  expect(again.status, again.body).toBe(200);
});

test("[SEC-09] [OPS-06] body limits through the deploy: a 9 MB photo reaches the app and is saved; an 11 MB one and a 2 MB JSON body are refused by nginx with 413 and the app's words", async () => {
  const code = await server.mint(3);
  const { token } = await claimTag(api, code);
  // An uncompressed PNG of 1800 × 1800 is ~9.7 MB, under the app's 10 MiB; one colour keeps the
  // server's re-encoding cheap on a loaded machine.
  const photo = await sharp({ create: { width: 1800, height: 1800, channels: 3, background: '#c8782d' } })
    .png({ compressionLevel: 0 })
    .toBuffer();
  expect(photo.length).toBeGreaterThan(9 * 1024 * 1024);
  expect(photo.length).toBeLessThan(PHOTO_MAX_BYTES);
  const photoUrl = `${nginx.url}/api/products/${code}/photo`;
  const headers = { ...bearerOf(token), 'content-type': 'image/png' };
  const saved = await send(photoUrl, { method: 'PUT', headers, body: photo });
  expect(saved.status, saved.body).toBe(200);
  expect(fromApp(saved)).toBe(true);
  expect(messageOf(saved)).toBe(photoMsg.saved);

  const tooLarge = await send(photoUrl, { method: 'PUT', headers, body: Buffer.alloc(11 * 1024 * 1024, 1) });
  expect(tooLarge.status).toBe(413);
  expect(fromApp(tooLarge)).toBe(false);
  expect(messageOf(tooLarge)).toBe(photoMsg.tooLarge);

  // An ordinary JSON route: the app reads 64 KiB at most, and so does nginx.
  const login = JSON.stringify({
    email: 'x@exemplo.com.br',
    password: 'x'.repeat(2 * 1024 * 1024),
    platform: 'web',
    token: '',
  });
  const refused = await send(`${nginx.url}/api/auth/login`, { headers: json, body: login });
  expect(refused.status).toBe(413);
  expect(fromApp(refused)).toBe(false);
  expect(messageOf(refused)).toBe(apiMsg.validation);
});
