import { describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { formatDueDate } from '@toque/contracts/billing';
import type { PublicTag } from '@toque/contracts/calls';
import { planMailMsg } from '@toque/contracts/mail';
import { callMsg } from '@toque/contracts/messages';
import { tags } from '../src/db/schema';
import { sendPlanReminders } from '../src/modules/finance/reminders';
import { build, dbLabel } from './helpers';
import { mailsTo, ownedTag, startCall } from './calls-support';

/** FIN-05: renewal reminders, and what a suspended tag does for a finder (docs/decisions/0040). */
const { app } = await build();
const day = 24 * 60 * 60 * 1000;
// A year ahead: the job the app runs at start (at the real now) never meets these due dates.
const base = Date.now() + 365 * day;

async function dueIn(code: string, days: number, from = Date.now()) {
  const dueAt = new Date(from + days * day);
  await app.db.update(tags).set({ planDueAt: dueAt }).where(eq(tags.code, code));
  return dueAt;
}

const reminders = async (email: string) =>
  (await mailsTo(app, email)).filter((m) => Object.values(planMailMsg.subject).some((s) => m.subject === s('Rex')));

describe(`[FIN-05] renewal reminders ${dbLabel}`, () => {
  test('[FIN-05] reminders 7 and 1 days before and 3 days after the due date, once each, naming the tag, date, value and Financeiro', async () => {
    const { owner, code } = await ownedTag(app, 3);
    await app.db.update(tags).set({ name: 'Rex' }).where(eq(tags.code, code));
    const dueAt = await dueIn(code, 30, base);
    const at = (days: number) => new Date(dueAt.getTime() - days * day);

    await sendPlanReminders(app, at(10));
    expect(await reminders(owner.email)).toHaveLength(0);

    await sendPlanReminders(app, at(7));
    await sendPlanReminders(app, at(6.5)); // a second run in the same window sends nothing
    let mails = await reminders(owner.email);
    expect(mails.map((m) => m.subject)).toEqual([planMailMsg.subject['7d']('Rex')]);
    const text = mails[0]!.text;
    expect(text).toContain(formatDueDate(dueAt.toISOString()));
    expect(text).toMatch(/\d{2}\/\d{2}\/\d{4}/);
    expect(text).toContain('R$ 29,90');
    expect(text).toContain(`${app.config.publicUrl}/dashboard/financeiro`);

    await sendPlanReminders(app, at(1));
    await sendPlanReminders(app, at(0.5));
    await sendPlanReminders(app, at(-1)); // overdue by a day: nothing yet
    mails = await reminders(owner.email);
    expect(mails.map((m) => m.subject)).toEqual([planMailMsg.subject['7d']('Rex'), planMailMsg.subject['1d']('Rex')]);

    await sendPlanReminders(app, at(-3));
    await sendPlanReminders(app, at(-4));
    mails = await reminders(owner.email);
    expect(mails.map((m) => m.subject)).toEqual([
      planMailMsg.subject['7d']('Rex'),
      planMailMsg.subject['1d']('Rex'),
      planMailMsg.subject.late3d('Rex'),
    ]);
    expect(mails[2]!.text).toContain('venceu em');
  });

  test('[FIN-05] a tag paid meanwhile gets no further reminder for the old due date; the new one starts its own', async () => {
    const { owner, code } = await ownedTag(app, 3);
    await app.db.update(tags).set({ name: 'Rex' }).where(eq(tags.code, code));
    const dueAt = await dueIn(code, 30, base);
    await sendPlanReminders(app, new Date(dueAt.getTime() - 7 * day));
    expect(await reminders(owner.email)).toHaveLength(1);

    // Paid: the due date moves a month on.
    const next = await dueIn(code, 60, base);
    await sendPlanReminders(app, new Date(dueAt.getTime() - 1 * day));
    await sendPlanReminders(app, new Date(dueAt.getTime() + 3 * day));
    expect(await reminders(owner.email)).toHaveLength(1);

    await sendPlanReminders(app, new Date(next.getTime() - 7 * day));
    const mails = await reminders(owner.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text).toContain(formatDueDate(next.toISOString()));
  });
});

describe(`[FIN-05] a suspended tag and its finder ${dbLabel}`, () => {
  const view = async (code: string) => (await app.inject({ method: 'GET', url: `/api/public/tags/${code}` })).json<PublicTag>();
  const call = (code: string, ip: string) =>
    app.inject({ method: 'POST', url: '/api/calls', payload: { code }, remoteAddress: ip });

  test('[FIN-05] more than 30 days overdue: the call is refused in Portuguese, the page shows the tag and takes a message mailed to the owner', async () => {
    const { owner, code } = await ownedTag(app, 3);
    await app.db
      .update(tags)
      .set({ name: 'Rex', importantInfo: 'Toma remédio às 8h', showInfoToFinder: true })
      .where(eq(tags.code, code));
    await dueIn(code, -31);

    expect(await view(code)).toMatchObject({ state: 'suspended', name: 'Rex', important_info: 'Toma remédio às 8h' });
    const refused = await call(code, '198.51.100.40');
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(callMsg.suspended);
    expect(callMsg.suspended).not.toMatch(/pag|plano|R\$|venc/i);

    const sent = await app.inject({
      method: 'POST',
      url: `/api/public/tags/${code}/message`,
      payload: { message: 'Achei o Rex na praça.', contact: 'joao@exemplo.com', latitude: -19.9, longitude: -43.9 },
      remoteAddress: '198.51.100.40',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    await expect
      .poll(async () => (await mailsTo(app, owner.email)).some((m) => m.subject.startsWith(callMsg.messageSubject) && m.text.includes('Achei o Rex na praça.')))
      .toBe(true);
  });

  test('[FIN-05] a suspended tag in lost mode still rings its owner', async () => {
    const { code } = await ownedTag(app, 3);
    await app.db.update(tags).set({ lostMessage: 'Fugiu ontem, ligue por favor.' }).where(eq(tags.code, code));
    await dueIn(code, -45);
    expect(await view(code)).toMatchObject({ state: 'active', lost: { message: 'Fugiu ontem, ligue por favor.' } });
    const started = await startCall(app, code, {}, '198.51.100.41');
    expect(started.roomId).toBeTruthy();
  });

  test('[FIN-05] paying (the due date moved forward) lifts the suspension at once', async () => {
    const { code } = await ownedTag(app, 3);
    await dueIn(code, -40);
    expect((await call(code, '198.51.100.42')).statusCode).toBe(409);
    await dueIn(code, 30);
    expect((await view(code)).state).toBe('active');
    await startCall(app, code, {}, '198.51.100.42');
  });

  test('[FIN-05] em atraso (up to 30 days) still rings: only suspension stops calls', async () => {
    const { code } = await ownedTag(app, 3);
    await dueIn(code, -29);
    expect((await view(code)).state).toBe('active');
    await startCall(app, code, {}, '198.51.100.43');
  });
});
