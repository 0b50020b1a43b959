import type { FastifyInstance, FastifyRequest } from 'fastify';
import { chargeWords } from '@toque/contracts/billing';
import { Forbidden } from '../../errors';
import { trustedPeer } from '../../lib/trusted-peer';

/**
 * The header the proxy's mutual-TLS server sets to nginx's $ssl_client_verify (`SUCCESS`, `NONE`,
 * `FAILED:reason`): deploy/nginx/pix-webhook.conf. Every other proxied location removes it.
 */
const CLIENT_VERIFY_HEADER = 'x-client-verify';

/**
 * SEC-10 / FIN-04: with PIX_WEBHOOK_REQUIRE_MTLS the webhook is taken only from a proxy TRUST_PROXY
 * names saying it verified the provider's client certificate; anyone else — no header, a failed
 * verification, or the header sent straight to the app — gets a 403 on onRequest, before the body
 * is read or the secret compared. Without the option (a development machine): nothing is checked.
 */
export function webhookMtlsGuard(app: FastifyInstance) {
  if (!app.config.billing.webhookRequiresMtls) return [];
  const fromProxy = trustedPeer(app.config.trustProxy);
  return [
    async (request: FastifyRequest) => {
      const verify = request.headers[CLIENT_VERIFY_HEADER];
      const peer = request.socket.remoteAddress;
      if (fromProxy(peer) && verify === 'SUCCESS') return;
      request.log.warn({ peer, verify }, 'pix webhook: refused, no mutual TLS verified by a trusted proxy');
      throw new Forbidden(chargeWords.webhookUnverified);
    },
  ];
}
