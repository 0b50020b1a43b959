import { randomInt } from 'node:crypto';
import { DAY_MS } from '@toque/contracts/constants';
import type { FastifyInstance } from 'fastify';
import { chargeWords, priceWith, SUSPEND_AFTER_DAYS, type Charge, type PlanInterval } from '@toque/contracts/billing';
import { Conflict, NotFound } from '../../errors';
import { auditRepository } from '../../db/repositories/audit';
import { makeBrCode } from './brcode';
import { financeRepository as repo } from './repository';
import { loadBilling } from './settings';

const TXID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A Pix txid: 25 letters and digits (the most a static BR Code carries), unguessable. */
export function newTxid(): string {
  let txid = '';
  for (let i = 0; i < 25; i++) txid += TXID_ALPHABET[randomInt(TXID_ALPHABET.length)];
  return txid;
}

/** The next due date once a period is paid: one period on; a suspended plan starts again today (FIN-05). */
export function nextDueAt(dueAt: Date | null, interval: PlanInterval, now: Date): Date {
  const suspended = !dueAt || dueAt.getTime() < now.getTime() - SUSPEND_AFTER_DAYS * DAY_MS;
  const from = new Date(suspended ? now : dueAt);
  from.setUTCMonth(from.getUTCMonth() + (interval === 'annual' ? 12 : 1));
  return from;
}

type ChargeRow = Awaited<ReturnType<typeof repo.chargesOf>>[number];

export function chargeView(row: ChargeRow, now = new Date()): Charge {
  const expired = row.status === 'pending' && row.expiresAt.getTime() <= now.getTime();
  return {
    id: row.id,
    txid: row.txid,
    tag_codes: row.tagCodes,
    amount_cents: row.amountCents,
    br_code: row.brCode,
    status: expired ? 'expired' : (row.status as Charge['status']),
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    paid_at: row.paidAt?.toISOString() ?? null,
  };
}

export type Confirmation = 'paid' | 'review' | 'duplicate' | 'unknown';

/** FIN-03 / FIN-04: charges, and their confirmation by the provider or an administrator. */
export function financeService(app: FastifyInstance) {
  const { db } = app;
  const { billing } = app.config;

  return {
    /**
     * FIN-03: a Pix charge for these tags of mine, for their current period. The same tags and
     * due dates give back the open charge (no second one); a period already paid is a 409.
     */
    async createCharge(userId: string, codes: string[]): Promise<{ charge: Charge; created: boolean }> {
      const wanted = [...new Set(codes)].sort();
      const prices = await loadBilling(db);
      return db.transaction(async (tx) => {
        const plans = await repo.lockOwnedPlans(tx, userId, wanted);
        if (plans.length !== wanted.length) throw new NotFound(chargeWords.notOwned);
        const periodKey = plans.map((p) => `${p.code}@${p.dueAt?.toISOString().slice(0, 10) ?? 'none'}`).join(',');
        const existing = await repo.chargeOfPeriod(tx, userId, periodKey);
        const now = new Date();
        if (existing?.status === 'paid') throw new Conflict(chargeWords.alreadyPaid);
        if (existing && existing.expiresAt > now) return { charge: chargeView(existing, now), created: false };
        if (existing) await repo.expire(tx, existing.id);
        const units = new Map((await repo.unitCounts(tx, wanted)).map((u) => [u.code, u.n]));
        const items = plans.map((p) => ({
          code: p.code,
          productId: p.productId,
          cents: priceWith(prices, p.productId, p.interval === 'annual' ? 'annual' : 'monthly', units.get(p.code) ?? 1),
        }));
        const amountCents = items.reduce((sum, item) => sum + item.cents, 0);
        const txid = newTxid();
        const row = await repo.insertCharge(tx, {
          txid,
          userId,
          tagCodes: wanted,
          periodKey,
          amountCents,
          items,
          brCode: makeBrCode({
            pixKey: billing.pixKey,
            amountCents,
            txid,
            merchantName: billing.merchantName,
            merchantCity: billing.merchantCity,
          }),
          expiresAt: new Date(now.getTime() + billing.chargeTtlMs),
        });
        return { charge: chargeView(row, now), created: true };
      });
    },

    async charges(userId: string): Promise<Charge[]> {
      const now = new Date();
      return (await repo.chargesOf(db, userId)).map((row) => chargeView(row, now));
    },

    /**
     * FIN-04: a received Pix (the provider's webhook, or an administrator with the bank's end-to-end
     * id). Idempotent per end-to-end id; an amount that is not the charge's is held for review and
     * pays nothing; the right amount pays the charge and moves each tag's due date one period on.
     */
    async confirm(
      /** valorCents omitted: an administrator confirms the charge as charged (its own amount). */
      pix: { txid?: string; chargeId?: number; endToEndId: string; valorCents?: number },
      source: string,
    ): Promise<Confirmation> {
      const result = await db.transaction(async (tx): Promise<Confirmation> => {
        const charge =
          pix.chargeId !== undefined
            ? await repo.lockCharge(tx, pix.chargeId)
            : await repo.lockChargeByTxid(tx, pix.txid ?? '');
        if (!charge) return 'unknown';
        const used = await repo.chargeByEndToEnd(tx, pix.endToEndId);
        if (used) {
          if (used.id === charge.id) return 'duplicate';
          throw new Conflict(chargeWords.endToEndUsed);
        }
        if (charge.status === 'paid') return 'duplicate';
        const now = new Date();
        const valorCents = pix.valorCents ?? charge.amountCents;
        if (valorCents !== charge.amountCents) {
          await repo.settle(tx, charge.id, {
            status: 'review',
            paidAt: now,
            paidCents: valorCents,
            endToEndId: pix.endToEndId,
            confirmedBy: source,
          });
          return 'review';
        }
        await repo.settle(tx, charge.id, {
          status: 'paid',
          paidAt: now,
          paidCents: valorCents,
          endToEndId: pix.endToEndId,
          confirmedBy: source,
        });
        if (charge.userId) {
          for (const plan of await repo.lockOwnedPlans(tx, charge.userId, charge.tagCodes)) {
            await repo.setDueAt(
              tx,
              plan.code,
              nextDueAt(plan.dueAt, plan.interval === 'annual' ? 'annual' : 'monthly', now),
            );
          }
        }
        if (source.startsWith('admin:')) {
          await auditRepository.record(tx, {
            actorId: source.slice('admin:'.length),
            action: 'charge.paid',
            target: `charge:${charge.id}`,
            after: { txid: charge.txid, endToEndId: pix.endToEndId, amountCents: valorCents },
          });
        }
        return 'paid';
      });
      return result;
    },
  };
}
