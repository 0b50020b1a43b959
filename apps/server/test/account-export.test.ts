import { createECDH, randomBytes } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { and, asc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { accountExport, CONSENT_DOCUMENTS, TERMS_VERSION } from '@toque/contracts/account';
import { exportHtmlUi, formatExportDate, renderExportHtml } from '@toque/contracts/account-export-html';
import { productLabel } from '@toque/contracts/constants';
import { formatReais } from '@toque/contracts/money';
import { productsApi } from '@toque/contracts/routes';
import {
  callRecipients,
  calls,
  outbox,
  pushSubscriptions,
  scans,
  tagInvitations,
  tagMembers,
  tags,
  unitResidents,
  units,
  users,
} from '../src/db/schema';
import { bearer, build, dbLabel, mint, uniqueEmail } from './helpers';
import { ownedTag, plate, startCall, userId } from './calls-support';

/**
 * ACC-07: the export is complete — for every table of the schema, the rows about the user are in
 * it, field by field, or the table is listed below with the reason it holds nothing of theirs to
 * give. And its readable half says the same things in Portuguese.
 */
const { app } = await build();
const db = app.db;

/** Tables whose rows are not the user's personal data to hand over, and why. Every other table is compared. */
const notExported: Record<string, string> = {
  tag_batches: 'minted inventory: no person in it',
  condominiums: 'exported through the residencies (the condominium by name)',
  units: 'exported through the residencies (the unit by name)',
  password_reset_codes: 'hashes of one-time codes: a secret, not information about the person',
  settings: 'server keys (VAPID): no person in it',
  unit_invitations:
    'CONDO-14: the e-mails a síndico invited are other people’s addresses, and an invitee has no account until the invitation is accepted (docs/decisions/0038)',
  charges:
    'FIN-03: the Pix charges are not in the export yet — a gap named in the closing note of 2026-11-27 (they are on the Financeiro page meanwhile)',
  plan_reminders:
    'FIN-05: which renewal reminder went out for a tag and due date (the job’s bookkeeping); the mails themselves are exported with the outbox',
  audit_log: 'administrators’ security record (kept under LGPD art. 16 II); mentions of the user are erased with the account',
  __drizzle_migrations: 'migration bookkeeping',
};

function keys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
}

/** A person with one of everything: lost tag with reward, members, an invitation, a shared tag, a unit, calls, scans, push. */
async function richAccount() {
  const mine = await ownedTag(app, 3, 1);
  const user = mine.owner;
  const me = userId(user.token);
  const edit = await app.inject({
    method: 'PUT',
    url: `/api${productsApi.updateName}`,
    headers: user.auth,
    payload: {
      code: mine.code,
      name: 'Coleira do Rex',
      importantInfo: 'Toma remédio às 8h',
      showInfoToFinder: true,
      scanAlerts: false,
      lost: true,
      lostMessage: 'Rex fugiu perto da praça. Ligue!',
      lostReward: 'e um abraço',
      lostRewardCents: 20_000,
    },
  });
  expect(edit.statusCode, edit.body).toBe(200);
  const invited = uniqueEmail('convite');
  expect((await app.inject({ method: 'POST', url: `/api${productsApi.member}`, headers: user.auth, payload: { code: mine.code, email: invited } })).statusCode).toBe(201);
  // A second tag, deleted by the owner: still theirs on record.
  const [secondCode] = await mint(app, 4);
  expect((await app.inject({ method: 'PUT', url: '/api/products/associateQrCode', headers: user.auth, payload: { code: secondCode } })).statusCode).toBe(200);
  expect((await app.inject({ method: 'DELETE', url: '/api/products/disableQrCode', headers: user.auth, payload: { code: secondCode } })).statusCode).toBe(200);
  // Shared with the user by someone else.
  const shared = await ownedTag(app, 1);
  await db.insert(tagMembers).values({ tagCode: shared.code, userId: me });
  // A resident of a unit with two neighbours.
  const building = await plate(app, 2);
  await db.insert(unitResidents).values({ unitId: building.unit.id, userId: me });
  // Calls: to the lost tag (a message and a callback contact), to the shared tag, to the unit.
  const call = await startCall(app, mine.code);
  await app.inject({ method: 'POST', url: `/api/calls/${call.roomId}/message`, headers: bearer(call.callerToken), payload: { message: 'Achei o Rex.' } });
  await db.update(calls).set({ callbackContact: '+55 31 99999-0000' }).where(eq(calls.id, call.roomId));
  await startCall(app, shared.code, {}, '10.0.0.2');
  await startCall(app, building.code, { unitId: building.unit.id }, '10.0.0.3');
  // Scans of the lost tag and of the shared one (a position shared, so each is stored).
  for (const code of [mine.code, shared.code]) {
    const res = await app.inject({ method: 'POST', url: `/api/public/tags/${code}/location`, payload: { latitude: -19.92, longitude: -43.94 } });
    expect(res.statusCode).toBe(201);
  }
  await app.inject({ method: 'POST', url: '/api/push/subscribe', headers: user.auth, payload: { endpoint: `https://fcm.googleapis.com/fcm/send/${randomBytes(8).toString('hex')}`, keys: keys() } });
  return { user, me, tag: mine.code, shared, building };
}

describe(`[ACC-07] the export against the database ${dbLabel}`, () => {
  test('[ACC-07] every table’s rows about the user are in the export, field by field; tables left out are listed with a reason', async () => {
    const { user, me } = await richAccount();
    const res = await app.inject({ method: 'POST', url: '/api/account/export', headers: user.auth, payload: { password: user.password } });
    expect(res.statusCode).toBe(200);
    const data = accountExport.parse(res.json());
    const iso = (d: Date | null) => (d ? d.toISOString() : null);

    const compared = new Set<string>();
    const check = (table: string, fn: () => Promise<void>) => {
      compared.add(table);
      return fn();
    };

    await check('users', async () => {
      const [row] = await db.select().from(users).where(eq(users.id, me));
      expect(data.profile).toEqual({
        name: row!.name,
        email: row!.email,
        phone: row!.phone,
        cpfOrCnpj: row!.cpfCnpj,
        createdAt: iso(row!.createdAt),
        termsVersion: row!.termsVersion,
        termsAcceptedAt: iso(row!.termsAcceptedAt),
        isToqueAdmin: row!.isToqueAdmin,
      });
      expect(data.consents).toEqual([{ document: CONSENT_DOCUMENTS, version: TERMS_VERSION, acceptedAt: iso(row!.termsAcceptedAt) }]);
    });

    const owned = await db.select().from(tags).where(eq(tags.ownerId, me)).orderBy(asc(tags.createdAt), asc(tags.code));
    const ownedCodes = owned.map((t) => t.code);
    await check('tags', async () => {
      expect(owned).toHaveLength(2);
      expect(data.tags.map(({ members: _m, pendingInvitations: _p, ...t }) => t)).toEqual(
        owned.map((t) => ({
          code: t.code,
          productId: t.productId,
          productName: productLabel(t.productId),
          name: t.name,
          importantInfo: t.importantInfo,
          showInfoToFinder: t.showInfoToFinder,
          isActive: t.isActive,
          scanAlerts: t.scanAlerts,
          lost: t.lostMessage === null ? null : { message: t.lostMessage, reward: t.lostReward, rewardCents: t.lostRewardCents },
          disabledAt: iso(t.disabledAt),
          createdAt: iso(t.createdAt),
        })),
      );
      expect(data.tags[0]!.lost).toEqual({ message: 'Rex fugiu perto da praça. Ligue!', reward: 'e um abraço', rewardCents: 20_000 });
      expect(data.tags[0]!.scanAlerts).toBe(false);
      expect(data.tags[1]!.disabledAt).not.toBeNull();
    });

    await check('tag_members', async () => {
      const theirs = await db
        .select({ tagCode: tagMembers.tagCode, email: users.email, since: tagMembers.createdAt })
        .from(tagMembers)
        .innerJoin(users, eq(users.id, tagMembers.userId))
        .where(inArray(tagMembers.tagCode, ownedCodes));
      expect(data.tags.flatMap((t) => t.members.map((m) => [t.code, m.email, m.since]))).toEqual(theirs.map((m) => [m.tagCode, m.email, iso(m.since)]));
      const mine = await db.select().from(tagMembers).where(eq(tagMembers.userId, me));
      expect(data.memberships.map((m) => [m.code, m.since])).toEqual(mine.map((m) => [m.tagCode, iso(m.createdAt)]));
    });

    await check('tag_invitations', async () => {
      const rows = await db
        .select()
        .from(tagInvitations)
        .where(and(inArray(tagInvitations.tagCode, ownedCodes), isNull(tagInvitations.acceptedAt)));
      expect(rows).toHaveLength(1);
      expect(data.tags.flatMap((t) => t.pendingInvitations.map((i) => [t.code, i.email, i.sentAt]))).toEqual(rows.map((r) => [r.tagCode, r.email, iso(r.createdAt)]));
    });

    await check('unit_residents', async () => {
      const rows = await db
        .select({ unitId: unitResidents.unitId, unit: units.name, since: unitResidents.createdAt })
        .from(unitResidents)
        .innerJoin(units, eq(units.id, unitResidents.unitId))
        .where(eq(unitResidents.userId, me));
      expect(data.residencies.map((r) => [r.unit, r.since])).toEqual(rows.map((r) => [r.unit, iso(r.since)]));
      const others = await db
        .select({ name: users.name })
        .from(unitResidents)
        .innerJoin(users, eq(users.id, unitResidents.userId))
        .where(and(eq(unitResidents.unitId, rows[0]!.unitId), ne(unitResidents.userId, me)));
      expect(data.residencies[0]!.otherResidents.toSorted()).toEqual(others.map((o) => o.name.split(' ')[0]).toSorted());
      expect(data.residencies[0]!.otherResidents).toHaveLength(2);
    });

    await check('call_recipients', async () => {
      const rows = await db
        .select({ call: calls })
        .from(callRecipients)
        .innerJoin(calls, eq(calls.id, callRecipients.callId))
        .where(eq(callRecipients.userId, me))
        .orderBy(asc(calls.startedAt), asc(calls.id));
      expect(rows).toHaveLength(3);
      expect(data.calls.map((c) => [c.id, c.tagCode, c.status, c.startedAt, c.answeredAt, c.endedAt, c.latitude, c.longitude, c.message, c.callbackContact])).toEqual(
        rows.map(({ call: c }) => [c.id, c.tagCode, c.status, iso(c.startedAt), iso(c.answeredAt), iso(c.endedAt), c.latitude, c.longitude, c.message, c.callbackContact]),
      );
      expect(data.calls.find((c) => c.message)).toMatchObject({ message: 'Achei o Rex.', callbackContact: '+55 31 99999-0000' });
      expect(data.calls.some((c) => c.unit === '101')).toBe(true);
    });
    compared.add('calls');

    await check('scans', async () => {
      const memberOf = db.select({ code: tagMembers.tagCode }).from(tagMembers).where(eq(tagMembers.userId, me));
      const rows = await db
        .select()
        .from(scans)
        .innerJoin(tags, eq(tags.code, scans.tagCode))
        .where(or(eq(tags.ownerId, me), inArray(scans.tagCode, memberOf)))
        .orderBy(asc(scans.scannedAt), asc(scans.id));
      expect(rows).toHaveLength(2);
      expect(data.scans.map((s) => [s.tagCode, s.lost, s.latitude, s.longitude, s.locality, s.scannedAt])).toEqual(
        rows.map(({ scans: s }) => [s.tagCode, s.lost, s.latitude, s.longitude, s.locality, iso(s.scannedAt)]),
      );
    });

    await check('push_subscriptions', async () => {
      const rows = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, me));
      expect(rows).toHaveLength(1);
      expect(data.pushSubscriptions).toEqual(rows.map((r) => ({ endpoint: r.endpoint, createdAt: iso(r.createdAt) })));
    });

    await check('outbox', async () => {
      const rows = await db.select().from(outbox).where(eq(outbox.to, user.email)).orderBy(asc(outbox.createdAt), asc(outbox.id));
      expect(data.mails).toEqual(rows.map((r) => ({ subject: r.subject, createdAt: iso(r.createdAt) })));
    });

    // Every table of the schema was either compared above or is listed with its reason.
    const result: unknown = await db.execute(sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`);
    const all = (result as { rows: { table_name: string }[] }).rows.map((r) => r.table_name);
    expect(all.filter((t) => !compared.has(t) && !(t in notExported))).toEqual([]);
  });

  test('[ACC-07] the readable document says the same in Portuguese: product names, statuses in words, pt-BR dates, the reward in reais', async () => {
    const { user } = await richAccount();
    const res = await app.inject({ method: 'POST', url: '/api/account/export', headers: user.auth, payload: { password: user.password } });
    const data = accountExport.parse(res.json());
    const html = renderExportHtml(data);
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('<html lang="pt-BR">');
    for (const heading of [exportHtmlUi.profile.heading, exportHtmlUi.consents.heading, exportHtmlUi.tags.heading, exportHtmlUi.memberships.heading, exportHtmlUi.residencies.heading, exportHtmlUi.calls.heading, exportHtmlUi.scans.heading]) {
      expect(html).toContain(`>${heading}</h2>`);
    }
    const tag = data.tags[0]!;
    for (const text of [
      user.email,
      'Coleira do Rex',
      'Pet',
      'Toma remédio às 8h',
      'Rex fugiu perto da praça. Ligue!',
      `${formatReais(20_000)} — e um abraço`,
      'R$ 200,00',
      TERMS_VERSION,
      formatExportDate(data.profile.termsAcceptedAt!),
      formatExportDate(tag.createdAt),
      'Achei o Rex.',
      '+55 31 99999-0000',
      'Edifício Aurora',
      'Morador',
      data.tags[0]!.pendingInvitations[0]!.email,
      data.memberships[0]!.productName,
    ]) {
      expect(html, text).toContain(text);
    }
    // Statuses in words, never the database's.
    expect(html).toContain('Chamando');
    expect(html).not.toMatch(/>(ringing|ended|missed|answered|declined)</);
    // A date on Brasília time: dd/mm/yyyy, hh:mm.
    expect(formatExportDate('2026-03-02T15:04:00Z')).toBe('02/03/2026, 12:04');
    // The machine-readable half inside, parseable as it was received.
    const embedded = /<script type="application\/json" id="dados-json">([\s\S]*?)<\/script>/.exec(html)?.[1];
    expect(accountExport.parse(JSON.parse(embedded!))).toEqual(data);
  });

  test('[ACC-07] text typed by anyone is escaped in the document: no markup of a finder or owner runs in it', async () => {
    const { user, tag } = await richAccount();
    await db.update(tags).set({ name: '<img src=x onerror=alert(1)>' }).where(eq(tags.code, tag));
    await db.update(calls).set({ message: '</script><script>alert(2)</script>' }).where(eq(calls.tagCode, tag));
    const res = await app.inject({ method: 'POST', url: '/api/account/export', headers: user.auth, payload: { password: user.password } });
    const html = renderExportHtml(accountExport.parse(res.json()));
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<script>alert(2)');
    expect(html.match(/<script/g)).toHaveLength(1);
  });
});
