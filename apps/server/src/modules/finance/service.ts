import { randomInt } from 'node:crypto';
import { DAY_MS } from '@toque/contracts/constants';
import type { FastifyInstance } from 'fastify';
import {
  chargeWords,
  planStatus,
  priceWith,
  statementWords,
  SUSPEND_AFTER_DAYS,
  type BillingSettings,
  type Charge,
  type FinancePlan,
  type FinanceReport,
  type PlanInterval,
  type StatementResult,
} from '@toque/contracts/billing';
import { formatReais } from '@toque/contracts/money';
import { brasiliaIsoMonth } from '@toque/contracts/time-format';
import { BadRequest, Conflict, NotFound } from '../../errors';
import { decodeCsv } from '../../lib/csv-text';
import { settingsRepository } from '../../db/repositories/settings';
import { readStatement } from './statement';
import { auditRepository } from '../../db/repositories/audit';
import type { Tx } from '../../db/client';
import { makeBrCode } from './brcode';
import { financeRepository as repo } from './repository';
import { BILLING_KEY, loadBilling } from './settings';

const TXID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A Pix txid: 25 letters and digits (the most a static BR Code carries), unguessable. */
function newTxid(): string {
  let txid = '';
  for (let i = 0; i < 25; i++) txid += TXID_ALPHABET[randomInt(TXID_ALPHABET.length)];
  return txid;
}

/** The next due date once a period is paid: one period on; a suspended plan starts again today (FIN-05). */
function nextDueAt(dueAt: Date | null, interval: PlanInterval, now: Date): Date {
  const suspended = !dueAt || dueAt.getTime() < now.getTime() - SUSPEND_AFTER_DAYS * DAY_MS;
  const from = new Date(suspended ? now : dueAt);
  from.setUTCMonth(from.getUTCMonth() + (interval === 'annual' ? 12 : 1));
  return from;
}

type ChargeRow = Awaited<ReturnType<typeof repo.chargesOf>>[number];

/**
 * SEC-08: one tag's part of a charge — its price and the plan terms it was priced for. A payment grants
 * exactly these terms, whatever the plan says later. Charges made before the terms were recorded carry
 * only code, productId and cents (their interval is read from the plan, as it was then).
 */
export interface ChargeItem {
  code: string;
  productId: number;
  cents: number;
  interval?: PlanInterval;
  /** The units the price counted (1 for anything but a plate). */
  units?: number;
  /** FIN-07: the period the charge pays, as priced: from the due date to the day before the next (ISO). */
  from?: string;
  to?: string;
}

/** FIN-07: the period a payment made now would pay — the rule `confirm` applies (nextDueAt). */
function periodOf(dueAt: Date | null, interval: PlanInterval, now: Date): { from: string; to: string } {
  const suspended = !dueAt || dueAt.getTime() < now.getTime() - SUSPEND_AFTER_DAYS * DAY_MS;
  const from = suspended ? now : dueAt;
  return { from: from.toISOString(), to: new Date(nextDueAt(dueAt, interval, now).getTime() - DAY_MS).toISOString() };
}

const asInterval = (value: string | null | undefined): PlanInterval => (value === 'annual' ? 'annual' : 'monthly');

/** The same tags at the same terms and prices: an open charge still stands for them. */
function sameTerms(recorded: ChargeItem[], wanted: ChargeItem[]): boolean {
  if (recorded.length !== wanted.length) return false;
  const byCode = new Map(recorded.map((item) => [item.code, item]));
  return wanted.every((w) => {
    const r = byCode.get(w.code);
    return !!r && r.cents === w.cents && r.interval === w.interval && r.units === w.units;
  });
}

/**
 * FIN-07: a charge's lines from its recorded items. Charges made before the period was recorded read it
 * from their period key (`code@due date`) and the interval they recorded (else monthly).
 */
function linesOf(row: ChargeRow, names: Map<string, string>): Charge['lines'] {
  const dueOf = new Map(
    row.periodKey.split(',').map((part) => {
      const [code = '', day = ''] = part.split('@');
      return [code, day] as const;
    }),
  );
  return (row.items as ChargeItem[]).map((item) => {
    const interval = asInterval(item.interval);
    const due = dueOf.get(item.code);
    const dueAt = due && due !== 'none' ? new Date(`${due}T00:00:00.000Z`) : row.createdAt;
    const period = item.from && item.to ? { from: item.from, to: item.to } : periodOf(dueAt, interval, dueAt);
    return {
      code: item.code,
      name: names.get(item.code)?.trim() || item.code,
      product_id: item.productId,
      interval,
      units: item.units ?? 1,
      cents: item.cents,
      ...period,
    };
  });
}

function chargeView(row: ChargeRow, names: Map<string, string>, now = new Date()): Charge {
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
    lines: linesOf(row, names),
  };
}

export type Confirmation = 'paid' | 'review' | 'duplicate' | 'unknown';

/** SEC-08: every plate of the charge still has the units its price counted (a charge without the count passes). */
async function unitsAsPriced(tx: Tx, items: ChargeItem[]): Promise<boolean> {
  const now = new Map((await repo.unitCounts(tx, items.map((item) => item.code))).map((u) => [u.code, u.n]));
  return items.every((item) => item.units === undefined || item.units === (now.get(item.code) ?? 1));
}

/** txids a statement's query asks for at once (a 1 MB statement holds at most ~40,000 of them). */
const STATEMENT_TXIDS_PER_QUERY = 5000;

/** FIN-06: the report's revenue looks back one year (and a day, so this month last year is whole). */
const REPORT_DAYS = 366;

/** FIN-02…FIN-07: plans, charges and their confirmation by the provider or an administrator, the report. */
export function financeService(app: FastifyInstance) {
  const { db } = app;
  const { billing } = app.config;

  return {
    /** FIN-02: the customer's plans — one per owned tag — each at its price and status now. */
    async plans(userId: string): Promise<FinancePlan[]> {
      const now = new Date();
      const prices = await loadBilling(db);
      const rows = await repo.ownedPlans(db, userId);
      return rows.map((r): FinancePlan => {
        const interval = asInterval(r.interval);
        return {
          code: r.code,
          name: r.name,
          product_id: r.productId,
          interval,
          price_cents: priceWith(prices, r.productId, interval, r.units),
          due_at: (r.dueAt ?? now).toISOString(),
          status: planStatus(r.dueAt, now),
          trial: !r.paid && !!r.dueAt && r.dueAt.getTime() > now.getTime(),
        };
      });
    },

    /** FIN-04: the administrator's open charges, searched by name, e-mail, code or txid. */
    async openCharges(q: string) {
      return (await repo.openCharges(db, q)).map((c) => ({
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
      }));
    },

    /**
     * FIN-04: a bank statement reconciled — each credit matched to an open charge by txid and amount.
     * SEC-09: the lines are bounded before parsing (readStatement), every txid of the statement is
     * looked up at once (not a query a line), and a line repeating an earlier one's charge and
     * end-to-end id is its duplicate without asking the database again.
     */
    async reconcileStatement(csvBase64: string, source: string): Promise<StatementResult> {
      const text = decodeCsv(Buffer.from(csvBase64, 'base64'));
      if (text === null) throw new BadRequest(statementWords.unreadable);
      const lines = readStatement(text);
      const txids = [...new Set(lines.flatMap((line) => (line.cents === null ? [] : line.txids)))];
      const byTxid = new Map<string, Awaited<ReturnType<typeof repo.chargesByTxidList>>[number]>();
      for (let i = 0; i < txids.length; i += STATEMENT_TXIDS_PER_QUERY)
        for (const found of await repo.chargesByTxidList(db, txids.slice(i, i + STATEMENT_TXIDS_PER_QUERY)))
          byTxid.set(found.txid, found);
      const result: StatementResult = { matched: [], duplicates: [], unmatched: [], ignored: 0 };
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
          : await this.confirm({ chargeId: charge.id, endToEndId, valorCents: line.cents }, source)
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

    /** FIN-06: revenue by month (Brasília) and product over the last year, the overdue list, the prices and trial. */
    async report(): Promise<FinanceReport> {
      const now = new Date();
      const since = new Date(now.getTime() - REPORT_DAYS * DAY_MS);
      const totals = new Map<string, number>();
      for (const paid of await repo.paidSince(db, since)) {
        const key = paid.paidAt ? brasiliaIsoMonth.format(paid.paidAt) : '';
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
      const overdue = (await repo.overdue(db, now)).map((t) => ({
        code: t.code,
        name: t.name,
        product_id: t.productId,
        owner_name: t.ownerName,
        owner_email: t.ownerEmail,
        due_at: (t.dueAt ?? now).toISOString(),
        status: planStatus(t.dueAt, now),
      }));
      return { settings: await loadBilling(db), revenue, overdue };
    },

    /** FIN-06: the prices and trial, saved with their audit entry in one transaction. */
    async saveSettings(actorId: string, settings: BillingSettings): Promise<void> {
      const before = await loadBilling(db);
      await db.transaction(async (tx) => {
        await settingsRepository.set(tx, BILLING_KEY, settings);
        await auditRepository.record(tx, {
          actorId,
          action: 'billing.settings',
          target: 'settings:billing',
          before,
          after: settings,
        });
      });
    },

    /**
     * FIN-03: a Pix charge for these tags of mine, for their current period. The same tags and
     * due dates give back the open charge (no second one); a period already paid is a 409.
     */
    async createCharge(userId: string, codes: string[]): Promise<{ charge: Charge; created: boolean }> {
      const wanted = [...new Set(codes)].sort();
      const prices = await loadBilling(db);
      return db.transaction(async (tx) => {
        const owned = await repo.lockOwnedPlans(tx, userId, wanted);
        if (owned.length !== wanted.length) throw new NotFound(chargeWords.notOwned);
        // FIN-07: a charge for several tags (pay all) leaves out a tag already paid ahead — paid before and
        // due more than DUE_SOON_DAYS away. A tag in its trial may be paid; one tag alone may be paid ahead.
        const today = new Date();
        const paid = owned.length > 1 ? new Set(await repo.paidCodes(tx, userId, wanted)) : new Set<string>();
        const plans = owned.filter((p) => !(paid.has(p.code) && planStatus(p.dueAt, today) === 'em_dia'));
        if (plans.length === 0) throw new Conflict(chargeWords.alreadyPaid);
        const codesCharged = plans.map((p) => p.code);
        const periodKey = plans.map((p) => `${p.code}@${p.dueAt?.toISOString().slice(0, 10) ?? 'none'}`).join(',');
        const units = new Map((await repo.unitCounts(tx, codesCharged)).map((u) => [u.code, u.n]));
        const now = new Date();
        const items = plans.map((p): ChargeItem => {
          const interval = asInterval(p.interval);
          const count = units.get(p.code) ?? 1;
          return {
            code: p.code,
            productId: p.productId,
            cents: priceWith(prices, p.productId, interval, count),
            interval,
            units: count,
            ...periodOf(p.dueAt, interval, now),
          };
        });
        const names = await repo.tagNames(tx, codesCharged);
        const existing = await repo.chargeOfPeriod(tx, userId, periodKey);
        if (existing?.status === 'paid') throw new Conflict(chargeWords.alreadyPaid);
        // SEC-08: an open charge is given back only while it prices the plans as they are now.
        const stands = existing && sameTerms(existing.items as ChargeItem[], items);
        if (existing && stands && existing.expiresAt > now)
          return { charge: chargeView(existing, names, now), created: false };
        if (existing) await repo.expire(tx, existing.id);
        // FIN-07: one open charge per tag — the new one replaces any it overlaps, so nothing is paid twice.
        await repo.expireOverlapping(tx, userId, codesCharged);
        const amountCents = items.reduce((sum, item) => sum + item.cents, 0);
        const txid = newTxid();
        const row = await repo.insertCharge(tx, {
          txid,
          userId,
          tagCodes: codesCharged,
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
        return { charge: chargeView(row, names, now), created: true };
      });
    },

    /**
     * FIN-02 / SEC-08: monthly or annual. A change expires the open charges that include the tag: they
     * priced the other interval (a Pix already sent for one still buys exactly what it priced).
     */
    async changeInterval(userId: string, code: string, interval: PlanInterval): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [plan] = await repo.lockOwnedPlans(tx, userId, [code]);
        if (!plan) return false;
        if (asInterval(plan.interval) === interval) return true;
        await repo.expireOverlapping(tx, userId, [code]);
        await repo.setInterval(tx, code, userId, interval);
        return true;
      });
    },

    async charges(userId: string): Promise<Charge[]> {
      const now = new Date();
      const rows = await repo.chargesOf(db, userId);
      const names = await repo.tagNames(db, [...new Set(rows.flatMap((row) => row.tagCodes))]);
      return rows.map((row) => chargeView(row, names, now));
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
        const found =
          pix.chargeId !== undefined ? await repo.findCharge(tx, pix.chargeId) : await repo.findChargeByTxid(tx, pix.txid ?? '');
        if (!found) return 'unknown';
        // Locks in the order every writer here takes them — the tags' plans, then the charge — so a payment
        // racing a new charge or a plan change waits instead of deadlocking.
        const plans = found.userId
          ? await repo.lockOwnedPlans(tx, found.userId, found.tagCodes, { includeInactive: true })
          : [];
        const charge = (await repo.lockCharge(tx, found.id))!;
        // SEC-08: an end-to-end id is applied once, to one charge, for ever — even one held for review
        // and then overtaken by the full payment.
        const seenOn = async () => {
          const seen = await repo.receiptOf(tx, pix.endToEndId);
          if (seen && seen.chargeId !== charge.id) throw new Conflict(chargeWords.endToEndUsed);
          return seen;
        };
        if (await seenOn()) return 'duplicate';
        const now = new Date();
        const valorCents = pix.valorCents ?? charge.amountCents;
        const items = charge.items as ChargeItem[];
        const outcome =
          charge.status === 'paid'
            ? 'surplus'
            : valorCents !== charge.amountCents || !(await unitsAsPriced(tx, items))
              ? 'review'
              : 'paid';
        const recorded = await repo.recordReceipt(tx, {
          endToEndId: pix.endToEndId,
          chargeId: charge.id,
          cents: valorCents,
          outcome,
          source,
        });
        // Taken meanwhile by a concurrent notification of the same id: a replay here, a conflict elsewhere.
        if (!recorded) return (await seenOn(), 'duplicate');
        if (outcome === 'surplus') return 'duplicate';
        const settled = { paidAt: now, paidCents: valorCents, endToEndId: pix.endToEndId, confirmedBy: source };
        if (outcome === 'review') {
          await repo.settle(tx, charge.id, { status: 'review', ...settled });
          return 'review';
        }
        await repo.settle(tx, charge.id, { status: 'paid', ...settled });
        for (const plan of plans) {
          // SEC-08: the period the charge priced, not the one the plan says today.
          const interval = items.find((item) => item.code === plan.code)?.interval ?? asInterval(plan.interval);
          await repo.setDueAt(tx, plan.code, nextDueAt(plan.dueAt, interval, now));
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
