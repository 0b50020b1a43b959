import type { FastifyInstance } from 'fastify';
import { every } from '../../lib/every';
import {
  formatDueDate,
  planPriceCents,
  planWords,
  SUSPEND_AFTER_DAYS,
  type PlanInterval,
} from '@toque/contracts/billing';
import { productLabel, DAY_MS } from '@toque/contracts/constants';
import { planMailMsg, type PlanReminderKind } from '@toque/contracts/mail';
import { formatReais } from '@toque/contracts/money';
import { paths } from '@toque/contracts/routes';
import { firstName } from '@toque/contracts/names';
import type { Mail } from '../../plugins/mailer';
import { financeRepository as repo } from './repository';


/**
 * FIN-05: when each reminder is due, in days until the due date (negative: overdue), as a window
 * (from, to]: a job that missed its hour still sends it later in the window, never after it.
 */
const windows: Record<PlanReminderKind, { from: number; to: number }> = {
  '7d': { from: 1, to: 7 },
  '1d': { from: 0, to: 1 },
  late3d: { from: -SUSPEND_AFTER_DAYS, to: -3 },
};

interface ReminderPlan {
  code: string;
  name: string;
  productId: number;
  interval: PlanInterval;
  dueAt: Date;
  units: number;
}

/** The reminder mail: the tag, its due date (dd/mm/aaaa), the value and the Financeiro link. */
function reminderMail(
  to: string,
  ownerName: string,
  plan: ReminderPlan,
  kind: PlanReminderKind,
  publicUrl: string,
): Mail {
  const tag = plan.name.trim() || productLabel(plan.productId);
  const due = formatDueDate(plan.dueAt.toISOString());
  const value = formatReais(planPriceCents(plan.productId, plan.interval, plan.units));
  return {
    to,
    subject: planMailMsg.subject[kind](tag),
    text: [
      `Olá, ${firstName(ownerName)}!`,
      '',
      planMailMsg.lead[kind](tag, due),
      planMailMsg.value(value, planWords.per[plan.interval]),
      '',
      planMailMsg.pay(`${publicUrl.replace(/\/$/, '')}${paths.finance}`),
      '',
      planMailMsg.suspension(SUSPEND_AFTER_DAYS),
      planMailMsg.paidAlready,
      '',
      'Equipe Toque',
    ].join('\n'),
  };
}

/**
 * FIN-05: one run of the reminders job at `now` (tests call it with any date). Each reminder is
 * recorded in plan_reminders (tag, due date, kind) in the transaction that queues its mail, so it is
 * sent once per due date — a second run, or another process racing, finds the row and sends
 * nothing. A tag paid meanwhile has a new due date outside the window. Returns the mails queued.
 */
export async function sendPlanReminders(app: FastifyInstance, now: Date): Promise<number> {
  let queued = 0;
  for (const [kind, w] of Object.entries(windows) as [PlanReminderKind, { from: number; to: number }][]) {
    const due = await repo.plansDueBetween(
      app.db,
      new Date(now.getTime() + w.from * DAY_MS),
      new Date(now.getTime() + w.to * DAY_MS),
    );
    for (const row of due) {
      if (!row.dueAt) continue;
      const plan: ReminderPlan = {
        code: row.code,
        name: row.name,
        productId: row.productId,
        interval: row.interval === 'annual' ? 'annual' : 'monthly',
        dueAt: row.dueAt,
        units: row.units,
      };
      const sent = await app.db.transaction(async (tx) => {
        const recorded = await repo.recordReminder(tx, row.code, row.dueAt as Date, kind);
        if (!recorded) return false;
        await app.mailer.queue(tx, reminderMail(row.email, row.ownerName, plan, kind, app.config.publicUrl));
        return true;
      });
      if (sent) queued++;
    }
  }
  if (queued > 0) {
    app.mailer.wake();
    app.log.info({ queued }, 'plan reminders queued');
  }
  return queued;
}

/** FIN-05: the reminders job, soon after the app starts and then every BILLING_REMINDER_INTERVAL_MS; stopped on close. */
export function planRemindersJob(app: FastifyInstance) {
  every(app, 'plan reminders', app.config.billing.reminderIntervalMs, async () => {
    await sendPlanReminders(app, new Date());
  });
}
