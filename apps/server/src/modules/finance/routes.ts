import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  billingSettings,
  financeAdminApi,
  financeAdminWords,
  financeReport,
  priceWith,
  financeApi,
  financePlans,
  planIntervalBody,
  planStatus,
  planWords,
  type FinancePlan,
} from '@toque/contracts/billing';
import { errorResponse } from '@toque/contracts/errors';
import { tagMsg } from '@toque/contracts/messages';
import { tagCode } from '@toque/contracts/products';
import { messageResponse } from '@toque/contracts/auth';
import { BadRequest, Conflict, NotFound } from '../../errors';
import { decodeCsv } from '../../lib/csv-text';
import { formatReais } from '@toque/contracts/money';
import { readStatement } from './statement';
import { currentUser } from '../../plugins/auth';
import { financeRepository as repo } from './repository';
import { financeService } from './service';
import { BILLING_KEY, loadBilling } from './settings';
import { webhookMtlsGuard } from './webhook-mtls';
import { settingsRepository } from '../../db/repositories/settings';
import { auditRepository } from '../../db/repositories/audit';
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
  statementWords,
  type StatementResult,
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

  app.get(
    financeApi.plans,
    { ...user, schema: { ...secured, response: { 200: financePlans, ...errors } } },
    async (request) => {
      const now = new Date();
      const billingNow = await loadBilling(app.db);
      const rows = await repo.ownedPlans(app.db, currentUser(request).id);
      return rows.map((r): FinancePlan => {
        const interval = r.interval === 'annual' ? 'annual' : 'monthly';
        return {
          code: r.code,
          name: r.name,
          product_id: r.productId,
          interval,
          price_cents: priceWith(billingNow, r.productId, interval, r.units),
          due_at: (r.dueAt ?? now).toISOString(),
          status: planStatus(r.dueAt, now),
          trial: !r.paid && !!r.dueAt && r.dueAt.getTime() > now.getTime(),
        };
      });
    },
  );

  const service = financeService(app);

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
      if (!secret || !safeEqual(request.params.secret, secret)) throw new NotFound(chargeWords.chargeNotFound);
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
    async (request) =>
      (await repo.openCharges(app.db, request.query.q)).map((c) => ({
        id: c.id,
        txid: c.txid,
        amount_cents: c.amountCents,
        paid_cents: c.paidCents,
        status: c.status,
        created_at: c.createdAt.toISOString(),
        expires_at: c.expiresAt.toISOString(),
        tag_codes: c.tagCodes,
        name: c.name,
        email: c.email,
      })),
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
  /** txids a query asks for at once (a 1 MB statement holds at most ~40,000 of them). */
  const STATEMENT_TXIDS_PER_QUERY = 5000;
  app.post(
    statementApi,
    {
      ...admin,
      bodyLimit: 1_500_000,
      schema: { ...secured, body: statementBody, response: { 200: statementResult, 413: errorResponse, ...errors } },
    },
    async (request) => {
      const text = decodeCsv(Buffer.from(request.body.csvBase64, 'base64'));
      if (text === null) throw new BadRequest(statementWords.unreadable);
      const lines = readStatement(text);
      const txids = [...new Set(lines.flatMap((line) => (line.cents === null ? [] : line.txids)))];
      const byTxid = new Map<string, Awaited<ReturnType<typeof repo.chargesByTxidList>>[number]>();
      for (let i = 0; i < txids.length; i += STATEMENT_TXIDS_PER_QUERY)
        for (const found of await repo.chargesByTxidList(app.db, txids.slice(i, i + STATEMENT_TXIDS_PER_QUERY)))
          byTxid.set(found.txid, found);
      const result: StatementResult = { matched: [], duplicates: [], unmatched: [], ignored: 0 };
      const source = `admin:${currentUser(request).id}`;
      /** `${chargeId} ${endToEndId}` already confirmed by this statement: the same again is its duplicate. */
      const confirmed = new Set<string>();
      for (const line of lines) {
        if (line.cents === null) {
          result.ignored += 1;
          continue;
        }
        const open = line.txids.flatMap((txid) => byTxid.get(txid) ?? []);
        const charge = open.find((c) => c.amountCents === line.cents) ?? open[0];
        if (!charge) {
          result.unmatched.push({ line: line.line, text: line.text, reason: statementWords.noTxid });
          continue;
        }
        if (charge.amountCents !== line.cents) {
          result.unmatched.push({
            line: line.line,
            text: line.text,
            reason: statementWords.wrongAmount(formatReais(charge.amountCents)),
          });
          continue;
        }
        const endToEndId = line.endToEndId ?? line.lineId;
        const key = `${charge.id} ${endToEndId}`;
        const outcome = confirmed.has(key)
          ? ('duplicate' as const)
          : await service
              .confirm({ chargeId: charge.id, endToEndId, valorCents: line.cents }, source)
              // An end-to-end id another charge already has: this line pays nothing. Any other failure is an error.
              .catch((error: unknown) => {
                if (error instanceof Conflict) return 'duplicate' as const;
                throw error;
              });
        confirmed.add(key);
        (outcome === 'paid' ? result.matched : result.duplicates).push({
          line: line.line,
          text: line.text,
          txid: charge.txid,
        });
      }
      return result;
    },
  );

  // FIN-06: revenue by month and product, the overdue list, and the prices and trial.
  app.get(
    financeAdminApi.report,
    { ...admin, schema: { ...secured, response: { 200: financeReport, ...errors } } },
    async () => {
      const now = new Date();
      const since = new Date(now.getTime() - 366 * 24 * 60 * 60 * 1000);
      const month = new Intl.DateTimeFormat('en-CA', {
        timeZone: 'America/Sao_Paulo',
        year: 'numeric',
        month: '2-digit',
      });
      const totals = new Map<string, number>();
      for (const paid of await repo.paidSince(app.db, since)) {
        const key = paid.paidAt ? month.format(paid.paidAt) : '';
        for (const item of paid.items as { productId: number; cents: number }[]) {
          const k = `${key}|${item.productId}`;
          totals.set(k, (totals.get(k) ?? 0) + item.cents);
        }
      }
      const revenue = [...totals].map(([k, cents]) => {
        const [m = '', product = '0'] = k.split('|');
        return { month: m, product_id: Number(product), cents };
      });
      revenue.sort((a, b) => b.month.localeCompare(a.month) || a.product_id - b.product_id);
      const overdue = (await repo.overdue(app.db, now)).map((t) => ({
        code: t.code,
        name: t.name,
        product_id: t.productId,
        owner_name: t.ownerName,
        owner_email: t.ownerEmail,
        due_at: (t.dueAt ?? now).toISOString(),
        status: planStatus(t.dueAt, now),
      }));
      return { settings: await loadBilling(app.db), revenue, overdue };
    },
  );

  app.put(
    financeAdminApi.settings,
    { ...admin, schema: { ...secured, body: billingSettings, response: { 200: messageResponse, ...errors } } },
    async (request) => {
      const before = await loadBilling(app.db);
      await app.db.transaction(async (tx) => {
        await settingsRepository.set(tx, BILLING_KEY, request.body);
        await auditRepository.record(tx, {
          actorId: currentUser(request).id,
          action: 'billing.settings',
          target: 'settings:billing',
          before,
          after: request.body,
        });
      });
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

/** Compares secrets in constant time. */
function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
