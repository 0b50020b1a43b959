import { describe, expect, test } from 'vitest';
import { chargesApi, chargeWords, type Charge } from '@toque/contracts/billing';
import { build, dbLabel, errorBody } from './helpers';
import { ownedTag } from './calls-support';

/**
 * SEC-10 / FIN-04: the deploy says the Pix webhook is behind mutual TLS (PIX_WEBHOOK_REQUIRE_MTLS):
 * the app then takes it only from the proxy it trusts (TRUST_PROXY) saying that it verified the
 * caller's certificate (`X-Client-Verify: SUCCESS`, nginx's $ssl_client_verify: deploy/nginx/
 * pix-webhook.conf). Anyone else — no header, a failed verification, or the header sent straight to
 * the app — is refused before the body is read, and pays nothing. The nginx side: e2e/deploy-webhook.spec.ts.
 */
const SECRET = 'segredo-do-webhook-0123456789';
const PROXY = '127.0.0.1';
const { app } = await build({ PIX_WEBHOOK_SECRET: SECRET, PIX_WEBHOOK_REQUIRE_MTLS: 'true', TRUST_PROXY: PROXY });

let e2e = 0;
const received = (made: Charge) => ({
  endToEndId: `E1234567820261130${String(++e2e).padStart(15, '0')}`,
  txid: made.txid,
  valor: `${Math.floor(made.amount_cents / 100)}.${String(made.amount_cents % 100).padStart(2, '0')}`,
  horario: new Date().toISOString(),
});
const webhook = (from: string, headers: Record<string, string>, payload: Record<string, unknown>, secret = SECRET) =>
  app.inject({ method: 'POST', url: `/api${chargesApi.webhook(secret)}`, remoteAddress: from, headers, payload });
const statusOf = async (auth: Record<string, string>, id: number) =>
  (await app.inject({ method: 'GET', url: `/api${chargesApi.charges}`, headers: auth }))
    .json<Charge[]>()
    .find((c) => c.id === id)?.status;

describe(`[SEC-10] the Pix webhook behind mutual TLS ${dbLabel}`, () => {
  test('[SEC-10] [FIN-04] only the trusted proxy saying X-Client-Verify: SUCCESS reaches the webhook; every other caller gets a 403 in Portuguese, before the body is read, and pays nothing', async () => {
    const { owner, code } = await ownedTag(app, 3);
    const made = (
      await app.inject({
        method: 'POST',
        url: `/api${chargesApi.charges}`,
        headers: owner.auth,
        payload: { codes: [code] },
      })
    ).json<Charge>();
    const pix = { pix: [received(made)] };

    const refused: { from: string; headers: Record<string, string> }[] = [
      // Through the proxy, but nginx did not verify a certificate (or the header was not set).
      { from: PROXY, headers: {} },
      { from: PROXY, headers: { 'x-client-verify': 'NONE' } },
      { from: PROXY, headers: { 'x-client-verify': 'FAILED:certificate has expired' } },
      { from: PROXY, headers: { 'x-client-verify': 'success' } },
      // Straight to the app from anywhere else, claiming what only the proxy may say.
      { from: '203.0.113.9', headers: { 'x-client-verify': 'SUCCESS' } },
      { from: '203.0.113.9', headers: { 'x-client-verify': 'SUCCESS', 'x-forwarded-for': PROXY } },
      { from: '::1', headers: { 'x-client-verify': 'SUCCESS' } },
    ];
    for (const { from, headers } of refused) {
      const res = await webhook(from, headers, pix);
      expect(res.statusCode, `${from} ${JSON.stringify(headers)}`).toBe(403);
      expect(errorBody(res)).toBe(chargeWords.webhookUnverified);
    }
    // Refused before anything else is looked at: a malformed body and a wrong secret say the same.
    expect((await webhook('203.0.113.9', { 'x-client-verify': 'SUCCESS' }, { pix: [{ txid: 'x' }] })).statusCode).toBe(
      403,
    );
    expect(
      (await webhook('203.0.113.9', { 'x-client-verify': 'SUCCESS' }, pix, 'segredo-errado-0123456789')).statusCode,
    ).toBe(403);
    expect(await statusOf(owner.auth, made.id)).toBe('pending');

    // The proxy that verified the provider's certificate: the Pix is applied.
    const ok = await webhook(PROXY, { 'x-client-verify': 'SUCCESS' }, pix);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ received: 1 });
    expect(await statusOf(owner.auth, made.id)).toBe('paid');
    // A verified caller still needs the secret.
    expect((await webhook(PROXY, { 'x-client-verify': 'SUCCESS' }, pix, 'segredo-errado-0123456789')).statusCode).toBe(
      404,
    );
  });
});
