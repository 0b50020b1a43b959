import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  billingSettings,
  financeAdminApi,
  financeAdminWords,
  financeReport,
  financeApi,
  financePlans,
  planIntervalBody,
  planWords,
} from '@toque/contracts/billing';
import { errorResponse } from '@toque/contracts/errors';
import { tagMsg } from '@toque/contracts/messages';
import { tagCode } from '@toque/contracts/products';
import { messageResponse } from '@toque/contracts/auth';
import { Conflict, NotFound } from '../../errors';
import { sameSecret } from '../../lib/same-secret';
import { currentUser } from '../../plugins/auth';
import { financeService } from './service';
import { webhookMtlsGuard } from './webhook-mtls';
import {
  charge,
  chargeBody,
  chargeList,
  chargesApi,
  chargeWords,
  markPaidBody,
  pixWebhookBody,
  statementApi,
  statementBody,
  statementResult,
  valorToCents,
} from '@toque/contracts/billing';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };

const adminCharge = z.object({
  id: z.number().int(),
  txid: z.string(),
  amount_cents: z.number().int(),
  paid_cents: z.number().int().nullable(),
  status: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
  tag_codes: z.array(z.string()),
  name: z.string().nullable(),
  email: z.string().nullable(),
});

/** FIN-02: the customer's plans — one per owned tag — and the choice of monthly or annual. */
export const financeRoutes: FastifyPluginAsyncZod = async (app) => {
  const secured = { tags: ['finance'], security: [{ bearer: [] }] };
  const user = { onRequest: app.authenticate };
  const service = financeService(app);

  app.get(
    financeApi.plans,
    { ...user, schema: { ...secured, response: { 200: financePlans, ...errors } } },
    async (request) => service.plans(currentUser(request).id),
  );

  // FIN-03: a Pix charge for some of my tags (201 new, 200 the open one of the same period).
  app.post(
    chargesApi.charges,
    { ...user, schema: { ...secured, body: chargeBody, response: { 200: charge, 201: charge, ...errors } } },
    async (request, reply) => {
      const { charge: made, created } = await service.createCharge(currentUser(request).id, request.body.codes);
      return reply.status(created ? 201 : 200).send(made);
    },
  );

  app.get(
    chargesApi.charges,
    { ...user, schema: { ...secured, response: { 200: chargeList, ...errors } } },
    async (request) => service.charges(currentUser(request).id),
  );

  // FIN-04: the payment provider's webhook, in the shape of the Banco Central's Pix API. The secret
  // is in the path; a wrong one is as absent as no webhook. SEC-10: mutual TLS at the proxy
  // (deploy/nginx/pix-webhook.conf), checked here when the deploy says so (webhook-mtls.ts).
  app.post(
    '/webhooks/pix/:secret',
    {
      onRequest: webhookMtlsGuard(app),
      schema: {
        tags: ['finance'],
        params: z.object({ secret: z.string().max(200) }),
        body: pixWebhookBody,
        response: {
          200: z.object({ received: z.number().int() }),
          400: errorResponse,
          403: errorResponse,
          404: errorResponse,
        },
      },
    },
    async (request) => {
      const secret = app.config.billing.webhookSecret;
      if (!secret || !sameSecret(request.params.secret, secret)) throw new NotFound(chargeWords.chargeNotFound);
      let received = 0;
      for (const pix of request.body.pix) {
        const result = await service
          .confirm({ txid: pix.txid, endToEndId: pix.endToEndId, valorCents: valorToCents(pix.valor) }, 'webhook')
          .catch((error: unknown) => {
            // An end-to-end id already used elsewhere: kept out, logged; the provider's call still succeeds.
            if (!(error instanceof Conflict)) throw error;
            request.log.warn({ err: error, txid: pix.txid }, 'pix webhook: a Pix could not be applied');
            return 'refused' as const;
          });
        if (result === 'unknown')
          request.log.warn({ txid: pix.txid, endToEndId: pix.endToEndId }, 'pix webhook: no charge for this Pix');
        received += 1;
      }
      return { received };
    },
  );

  // FIN-04: the administrator's reconciliation — open charges, and a charge marked paid by the bank's id.
  const admin = { onRequest: app.requireAdmin };
  app.get(
    chargesApi.adminCharges,
    {
      ...admin,
      schema: {
        ...secured,
        querystring: z.object({ q: z.string().trim().max(100).optional().default('') }),
        response: { 200: z.array(adminCharge), ...errors },
      },
    },
    async (request) => service.openCharges(request.query.q),
  );

  app.post(
    '/admin/charges/:id/paid',
    {
      ...admin,
      schema: {
        ...secured,
        params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
        body: markPaidBody,
        response: { 200: messageResponse, ...errors },
      },
    },
    async (request) => {
      const result = await service.confirm(
        { chargeId: request.params.id, endToEndId: request.body.endToEndId },
        `admin:${currentUser(request).id}`,
      );
      if (result === 'unknown') throw new NotFound(chargeWords.chargeNotFound);
      return { message: chargeWords.paidByAdmin };
    },
  );

  // FIN-04: a bank statement reconciled — each credit matched to an open charge by txid and amount.
  // SEC-09: the lines are bounded before parsing (readStatement), every txid of the statement is
  // looked up at once (not a query a line), and a line repeating an earlier one's charge and
  // end-to-end id is its duplicate without asking the database again.
  app.post(
    statementApi,
    {
      ...admin,
      bodyLimit: 1_500_000,
      schema: { ...secured, body: statementBody, response: { 200: statementResult, 413: errorResponse, ...errors } },
    },
    async (request) => service.reconcileStatement(request.body.csvBase64, `admin:${currentUser(request).id}`),
  );

  // FIN-06: revenue by month and product, the overdue list, and the prices and trial.
  app.get(
    financeAdminApi.report,
    { ...admin, schema: { ...secured, response: { 200: financeReport, ...errors } } },
    async () => service.report(),
  );

  app.put(
    financeAdminApi.settings,
    { ...admin, schema: { ...secured, body: billingSettings, response: { 200: messageResponse, ...errors } } },
    async (request) => {
      await service.saveSettings(currentUser(request).id, request.body);
      return { message: financeAdminWords.saved };
    },
  );

  app.put(
    '/finance/plans/:code',
    {
      ...user,
      schema: {
        ...secured,
        params: z.object({ code: tagCode }),
        body: planIntervalBody,
        response: { 200: messageResponse, ...errors },
      },
    },
    async (request) => {
      const changed = await service.changeInterval(currentUser(request).id, request.params.code, request.body.interval);
      if (!changed) throw new NotFound(tagMsg.tagNotFound);
      return { message: planWords.chosen[request.body.interval] };
    },
  );
};
