import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  financeApi,
  financePlans,
  planIntervalBody,
  planPriceCents,
  planStatus,
  planWords,
  type FinancePlan,
} from '@toque/contracts/billing';
import { errorResponse } from '@toque/contracts/errors';
import { tagMsg } from '@toque/contracts/messages';
import { tagCode } from '@toque/contracts/products';
import { messageResponse } from '@toque/contracts/auth';
import { NotFound } from '../../errors';
import { currentUser } from '../../plugins/auth';
import { financeRepository as repo } from './repository';

const errors = { 400: errorResponse, 401: errorResponse, 404: errorResponse };

/** FIN-02: the customer's plans — one per owned tag — and the choice of monthly or annual. */
export const financeRoutes: FastifyPluginAsyncZod = async (app) => {
  const secured = { tags: ['finance'], security: [{ bearer: [] }] };
  const user = { onRequest: app.authenticate };

  app.get(
    financeApi.plans,
    { ...user, schema: { ...secured, response: { 200: financePlans, ...errors } } },
    async (request) => {
      const now = new Date();
      const rows = await repo.ownedPlans(app.db, currentUser(request).id);
      return rows.map((r): FinancePlan => {
        const interval = r.interval === 'annual' ? 'annual' : 'monthly';
        return {
          code: r.code,
          name: r.name,
          product_id: r.productId,
          interval,
          price_cents: planPriceCents(r.productId, interval, r.units),
          due_at: (r.dueAt ?? now).toISOString(),
          status: planStatus(r.dueAt, now),
        };
      });
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
      const changed = await repo.setInterval(
        app.db,
        request.params.code,
        currentUser(request).id,
        request.body.interval,
      );
      if (changed.length === 0) throw new NotFound(tagMsg.tagNotFound);
      return { message: planWords.chosen[request.body.interval] };
    },
  );
};
