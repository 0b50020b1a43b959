import { createECDH, randomBytes } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { and, asc, eq, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { accountExport, CONSENT_DOCUMENTS, TERMS_VERSION } from '@toque/contracts/account';
import { exportHtmlUi, formatExportDate, renderExportHtml } from '@toque/contracts/account-export-html';
import { productLabel } from '@toque/contracts/constants';
import { formatReais } from '@toque/contracts/money';
import { productsApi } from '@toque/contracts/routes';
import { chargesApi, chargeWords, planWords } from '@toque/contracts/billing';
import { conversationsApi, conversationsUi, type ConversationList, type StartConversationResponse } from '@toque/contracts/conversations';
import { doorApi, doorUi, type CreateDeliveryResponse, type CreatePassResponse, type Delivery } from '@toque/contracts/door';
import { callSettingsApi, callSettingsUi, type QuietHours } from '@toque/contracts/quiet-hours';
import { emptyMedicalCard, medicalCardApi } from '@toque/contracts/medical-card';
import { gateMsg } from '@toque/contracts/gate';
import {
  callRecipients,
  calls,
  charges,
  conversationMessages,
  conversations,
  deliveries,
  gateOpenings,
  outbox,
  pushSubscriptions,
  scans,
  tagInvitations,
  tagMembers,
  tagMedicalCards,
  tagPhotos,
  tags,
  unitResidents,
  units,
  users,
  visitorPasses,
} from '../src/db/schema';
import { bearer, build, dbLabel, mint, signUp, uniqueEmail } from './helpers';
import { ownedTag, plate, startCall, userId } from './calls-support';
import { phoneJpeg } from './photo-support';
import { newTagCode } from '../src/lib/codes';

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
  units: 'exported through the residencies (the unit by name, with its quiet hours) and the deliveries and passes',
  password_reset_codes: 'hashes of one-time codes: a secret, not information about the person',
  settings: 'server keys (VAPID): no person in it',
  unit_invitations:
    'CONDO-14: the e-mails a síndico invited are other people’s addresses, and an invitee has no account until the invitation is accepted (docs/decisions/0038)',
  plan_reminders:
    'FIN-05: which renewal reminder went out for a tag and due date (the job’s bookkeeping); the mails themselves are exported with the outbox',
  audit_log: 'administrators’ security record (kept under LGPD art. 16 II); mentions of the user are erased with the account',
  conversation_reads: 'FIND-06: how far each recipient read a conversation (the unread counts’ bookkeeping)',
  pix_receipts:
    'SEC-08: the bank’s end-to-end ids received for a charge (reconciliation bookkeeping); what the user paid is exported with the charges',
  __drizzle_migrations: 'migration bookkeeping',
  conversation_recordings:
    'FIND-12: a finder’s recorded voice or video (the media bytes): each is exported as its conversation message (“Mensagem de vídeo, 12 s”), not the media (docs/decisions/0056)',
  gate_controllers: 'CONDO-18: a building’s gate controller (its address and secret), the síndico’s settings: no person in it',
};

function keys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
}

const nights: QuietHours = { days: [1, 2], from: '23:00', until: '07:00', timeZone: 'America/Sao_Paulo' };
const lunch: QuietHours = { days: [0], from: '12:00', until: '14:00', timeZone: 'America/Manaus' };

let addresses = 0;
/** Each finder or courier its own address, so that per-address budgets never meet across tests. */
const freshIp = () => `198.18.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`;

/** FIND-06: a finder opens a conversation (the token is theirs alone). */
async function converse(code: string, body: string, extra: Record<string, unknown> = {}, ip = freshIp()) {
  const res = await app.inject({ method: 'POST', url: `/api${conversationsApi.start(code)}`, payload: { body, ...extra }, remoteAddress: ip });
  expect(res.statusCode, res.body).toBe(201);
  return { ...res.json<StartConversationResponse>(), ip };
}

/** CONDO-15: a courier's notice at the plate (the answer is a message; the delivery is read from the unit's list). */
async function deliver(code: string, payload: Record<string, unknown>, photo?: Buffer) {
  const res = await app.inject({ method: 'POST', url: `/api${doorApi.deliver(code)}`, payload, remoteAddress: freshIp() });
  expect(res.statusCode, res.body).toBe(201);
  if (!photo) return;
  const { id, photoToken } = res.json<CreateDeliveryResponse>();
  const sent = await app.inject({
    method: 'PUT',
    url: `/api${doorApi.deliveryPhotoUpload(id)}`,
    headers: { 'content-type': 'image/jpeg', authorization: `Bearer ${photoToken}` },
    payload: photo,
  });
  expect(sent.statusCode, sent.body).toBeLessThan(300);
}

/** CONDO-16: a resident's pass for a visitor, four hours from now. */
async function createPass(unitId: number, auth: Record<string, string>, visitorName: string) {
  const from = Date.now() + 10 * 60_000;
  const res = await app.inject({
    method: 'POST',
    url: `/api${doorApi.unitPasses(unitId)}`,
    headers: auth,
    payload: { visitorName, validFrom: new Date(from).toISOString(), validUntil: new Date(from + 4 * 3_600_000).toISOString() },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<CreatePassResponse>();
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
      // FIND-09: the finder page's switches and the city.
      showOwnerName: false,
      showCity: true,
      lostCity: 'Belo Horizonte',
    },
  });
  expect(edit.statusCode, edit.body).toBe(200);
  // FIND-09: a photo (re-encoded to WebP by the server).
  const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#3a7' } }).jpeg().toBuffer();
  const photo = await app.inject({ method: 'PUT', url: `/api${productsApi.photo(mine.code)}`, headers: { ...user.auth, 'content-type': 'image/jpeg' }, payload: jpeg });
  expect(photo.statusCode, photo.body).toBe(200);
  const invited = uniqueEmail('convite');
  expect((await app.inject({ method: 'POST', url: `/api${productsApi.member}`, headers: user.auth, payload: { code: mine.code, email: invited } })).statusCode).toBe(201);
  // A second tag, deleted by the owner: still theirs on record.
  const [secondCode] = await mint(app, 4);
  expect((await app.inject({ method: 'PUT', url: '/api/products/associateQrCode', headers: user.auth, payload: { code: secondCode } })).statusCode).toBe(200);
  expect((await app.inject({ method: 'DELETE', url: '/api/products/disableQrCode', headers: user.auth, payload: { code: secondCode } })).statusCode).toBe(200);
  // FIND-11: a wristband with its medical card (one field shown to the finder, one not).
  const [braceletCode] = await mint(app, 1);
  expect((await app.inject({ method: 'PUT', url: '/api/products/associateQrCode', headers: user.auth, payload: { code: braceletCode } })).statusCode).toBe(200);
  const card = await app.inject({
    method: 'PUT',
    url: `/api${medicalCardApi.card(braceletCode!)}`,
    headers: user.auth,
    payload: { ...emptyMedicalCard, needsCare: true, allergies: 'Alergia a penicilina', showAllergies: true, medication: 'Levotiroxina 50 mcg', bloodType: 'O+', showBloodType: true },
  });
  expect(card.statusCode, card.body).toBe(200);
  // Shared with the user by someone else.
  const shared = await ownedTag(app, 1);
  await db.insert(tagMembers).values({ tagCode: shared.code, userId: me });
  // A resident of a unit with two neighbours.
  const building = await plate(app, 2);
  await db.insert(unitResidents).values({ unitId: building.unit.id, userId: me });
  // FIND-06: a finder writes about the lost tag, the user answers; another finder writes to the unit.
  const finder = await converse(mine.code, 'Achei o Rex na padaria.', { latitude: -19.93, longitude: -43.95 });
  const convs = (await app.inject({ method: 'GET', url: `/api${conversationsApi.list}`, headers: user.auth })).json<ConversationList>();
  const thread = convs.conversations.find((c) => c.tag_code === mine.code)!;
  const answer = await app.inject({ method: 'POST', url: `/api${conversationsApi.messages(thread.id)}`, headers: user.auth, payload: { body: 'Obrigado! Chego em 10 minutos.' } });
  expect(answer.statusCode, answer.body).toBe(201);
  await converse(building.code, 'Deixei um recado para o 101.', { unitId: building.unit.id });
  // CONDO-15: a delivery for the unit, which the user marks collected. CONDO-16: a pass the user creates.
  await deliver(building.code, { unitId: building.unit.id, company: 'outra', companyOther: 'Farmácia Sol' });
  const [delivered] = (await app.inject({ method: 'GET', url: `/api${doorApi.unitDeliveries(building.unit.id)}`, headers: user.auth })).json<Delivery[]>();
  const collected = await app.inject({ method: 'POST', url: `/api${doorApi.collect(delivered!.id)}`, headers: user.auth });
  expect(collected.statusCode, collected.body).toBe(200);
  await deliver(building.code, { unitId: building.unit.id, company: 'correios' }, await phoneJpeg());
  const pass = await createPass(building.unit.id, user.auth, 'Carla');
  // CONDO-18: the user opened the building's gate from a call; the user's pass tried it; a neighbour's opening is not the user's.
  const condominiumId = building.unit.condominiumId;
  await db.insert(gateOpenings).values([
    { condominiumId, via: 'call', userId: me, unitId: building.unit.id, ok: true, result: gateMsg.opened(5) },
    { condominiumId, via: 'pass', visitorName: 'Carla', unitId: building.unit.id, passId: pass.id, ok: false, result: gateMsg.unreachable },
    { condominiumId, via: 'call', userId: userId(building.residents[0]!.token), unitId: building.unit.id, ok: true, result: gateMsg.opened(5) },
  ]);
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
  // FIND-07 / FIND-08: quiet hours and the ring order, the tag's and the unit's (a resident's choice). Set after
  // the calls above: a window that holds the moment the suite runs (Sunday noon in Manaus) would refuse them.
  const settings = await app.inject({ method: 'PUT', url: `/api${callSettingsApi.tag(mine.code)}`, headers: user.auth, payload: { quietHours: nights, ringOrderSeconds: 25 } });
  expect(settings.statusCode, settings.body).toBe(200);
  const unitQuiet = await app.inject({ method: 'PUT', url: `/api${callSettingsApi.unit(building.unit.id)}`, headers: user.auth, payload: { quietHours: lunch } });
  expect(unitQuiet.statusCode, unitQuiet.body).toBe(200);
  // FIN-03: a Pix charge for the lost tag's plan.
  const charged = await app.inject({ method: 'POST', url: `/api${chargesApi.charges}`, headers: user.auth, payload: { codes: [mine.code] } });
  expect(charged.statusCode, charged.body).toBe(201);
  await app.inject({ method: 'POST', url: '/api/push/subscribe', headers: user.auth, payload: { endpoint: `https://fcm.googleapis.com/fcm/send/${randomBytes(8).toString('hex')}`, keys: keys() } });
  return { user, me, tag: mine.code, shared, building, finder, pass };
}

describe(`[ACC-07] the export against the database ${dbLabel}`, () => {
  test('[ACC-03] [ACC-07] [FIN-03] [FIND-06] [FIND-07] [FIND-08] [FIND-09] [FIND-11] [CONDO-15] [CONDO-16] [CONDO-18] every table’s rows about the user are in the export (Pix charges, finder page and photo, quiet hours and ring order, conversations, deliveries and passes too), medical card and gate openings too, field by field; tables left out are listed with a reason', async () => {
    const { user, me, finder, pass } = await richAccount();
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
      expect(owned).toHaveLength(3);
      expect(data.tags.map(({ members: _m, pendingInvitations: _p, plan: _plan, finderPage: _f, photo: _ph, quietHours: _q, ringOrderSeconds: _r, medicalCard: _mc, ...t }) => t)).toEqual(
        owned.map((t) => ({
          code: t.code,
          productId: t.productId,
          productName: productLabel(t.productId),
          name: t.name,
          importantInfo: t.importantInfo,
          showInfoToFinder: t.showInfoToFinder,
          isActive: t.isActive,
          scanAlerts: t.scanAlerts,
          lost: t.lostMessage === null ? null : { message: t.lostMessage, reward: t.lostReward, rewardCents: t.lostRewardCents, since: iso(t.lostSince) },
          disabledAt: iso(t.disabledAt),
          createdAt: iso(t.createdAt),
        })),
      );
      expect(data.tags.map((t) => t.plan)).toEqual(owned.map((t) => ({ interval: t.planInterval, dueAt: iso(t.planDueAt) })));
      expect(data.tags[0]!.plan.dueAt).not.toBeNull();
      expect(data.tags[0]!.lost).toEqual({ message: 'Rex fugiu perto da praça. Ligue!', reward: 'e um abraço', rewardCents: 20_000, since: iso(owned[0]!.lostSince) });
      // FIND-10: lost mode on is dated.
      expect(data.tags[0]!.lost?.since).not.toBeNull();
      expect(data.tags[0]!.scanAlerts).toBe(false);
      expect(data.tags[1]!.disabledAt).not.toBeNull();
      // FIND-09: the finder page's switches and city; FIND-07 / FIND-08: quiet hours and the ring order.
      expect(data.tags.map((t) => [t.finderPage, t.quietHours, t.ringOrderSeconds])).toEqual(
        owned.map((t) => [
          { showOwnerName: t.showOwnerName, showPhoto: t.showPhoto, showReward: t.showReward, showCity: t.showCity, lostCity: t.lostCity },
          t.quietHours,
          t.ringOrderSeconds,
        ]),
      );
      expect(data.tags[0]).toMatchObject({
        finderPage: { showOwnerName: false, showPhoto: true, showReward: true, showCity: true, lostCity: 'Belo Horizonte' },
        quietHours: nights,
        ringOrderSeconds: 25,
      });
      expect(data.tags[1]).toMatchObject({ quietHours: null, ringOrderSeconds: null, photo: null });
    });

    await check('tag_photos', async () => {
      const rows = await db.select().from(tagPhotos).where(inArray(tagPhotos.tagCode, ownedCodes));
      expect(rows).toHaveLength(1);
      const [row] = rows;
      // The photo itself, byte for byte, openable as a data: URL of the stored WebP.
      expect(data.tags[0]!.photo).toEqual({
        contentType: 'image/webp',
        width: row!.width,
        height: row!.height,
        bytes: row!.webp.length,
        uploadedAt: iso(row!.createdAt),
        dataUrl: `data:image/webp;base64,${row!.webp.toString('base64')}`,
      });
      const decoded = await sharp(Buffer.from(data.tags[0]!.photo!.dataUrl.split(',')[1]!, 'base64')).metadata();
      expect([decoded.format, decoded.width, decoded.height]).toEqual(['webp', 640, 480]);
    });

    // FIND-11: the wristband's medical card, every field and switch as stored; the other tags have none.
    await check('tag_medical_cards', async () => {
      const rows = await db.select().from(tagMedicalCards).where(inArray(tagMedicalCards.tagCode, ownedCodes));
      expect(rows).toHaveLength(1);
      const { tagCode, updatedAt, ...fields } = rows[0]!;
      expect(data.tags.find((t) => t.code === tagCode)!.medicalCard).toEqual({ ...fields, updatedAt: iso(updatedAt) });
      expect(data.tags.filter((t) => t.code !== tagCode).map((t) => t.medicalCard)).toEqual([null, null]);
      expect(fields).toMatchObject({ needsCare: true, allergies: 'Alergia a penicilina', showAllergies: true, medication: 'Levotiroxina 50 mcg', showMedication: false, bloodType: 'O+' });
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
      // FIND-07: the unit's quiet hours (kept on the unit, chosen by its residents).
      const [unit] = await db.select().from(units).where(eq(units.id, rows[0]!.unitId));
      expect(data.residencies.map((r) => r.quietHours)).toEqual([unit!.quietHours]);
      expect(data.residencies[0]!.quietHours).toEqual(lunch);
    });

    await check('conversations', async () => {
      const answered = or(
        and(isNull(conversations.unitId), inArray(conversations.tagCode, ownedCodes)),
        and(isNotNull(conversations.unitId), inArray(conversations.unitId, db.select({ id: unitResidents.unitId }).from(unitResidents).where(eq(unitResidents.userId, me)))),
      );
      const rows = await db.select().from(conversations).where(answered).orderBy(asc(conversations.createdAt), asc(conversations.id));
      // FIND-13: the message left after the missed call ('Achei o Rex.') is a conversation too.
      expect(rows).toHaveLength(3);
      expect(data.conversations.map((c) => [c.id, c.tagCode, c.unit, c.state, c.startedAt, c.lastMessageAt, c.closedAt, c.blockedAt])).toEqual(
        rows.map((c) => [c.id, c.tagCode, c.unitId === null ? null : '101', 'open', iso(c.createdAt), iso(c.lastMessageAt), iso(c.closedAt), iso(c.blockedAt)]),
      );
      // Neither the finder's token hash nor their address.
      const text = JSON.stringify(data);
      for (const r of rows) {
        expect(text).not.toContain(r.tokenHash);
        if (r.callerAddress) expect(text).not.toContain(r.callerAddress);
      }
    });

    await check('conversation_messages', async () => {
      const rows = await db
        .select()
        .from(conversationMessages)
        .where(inArray(conversationMessages.conversationId, data.conversations.map((c) => c.id)))
        .orderBy(asc(conversationMessages.id));
      // FIND-13: with the message left after the missed call.
      expect(rows).toHaveLength(4);
      expect(data.conversations.flatMap((c) => c.messages.map((m) => [c.id, m.from, m.mine, m.body, m.latitude, m.longitude, m.createdAt]))).toEqual(
        data.conversations.flatMap((c) =>
          rows
            .filter((m) => m.conversationId === c.id)
            .map((m) => [c.id, m.fromFinder ? 'finder' : 'owner', m.authorId === me, m.body, m.latitude, m.longitude, iso(m.createdAt)]),
        ),
      );
      expect(data.conversations[0]!.messages.map((m) => [m.from, m.authorFirstName, m.mine, m.body])).toEqual([
        ['finder', '', false, 'Achei o Rex na padaria.'],
        ['owner', 'Joana', true, 'Obrigado! Chego em 10 minutos.'],
      ]);
      expect(data.conversations[0]!.messages[0]).toMatchObject({ latitude: -19.93, longitude: -43.95 });
      expect(data.conversations[1]!.messages.map((m) => m.body)).toEqual(['Deixei um recado para o 101.']);
      expect(data.conversations[2]!.messages.map((m) => m.body)).toEqual(['Achei o Rex.']);
    });

    await check('deliveries', async () => {
      const mine = db.select({ id: unitResidents.unitId }).from(unitResidents).where(eq(unitResidents.userId, me));
      const rows = await db
        .select()
        .from(deliveries)
        .where(or(inArray(deliveries.unitId, mine), eq(deliveries.collectedBy, me)))
        .orderBy(asc(deliveries.createdAt), asc(deliveries.id));
      expect(rows).toHaveLength(2);
      expect(
        data.deliveries.map((d) => [d.unit, d.company, d.createdAt, d.collectedAt, d.collectedByMe, d.hasPhoto]),
      ).toEqual(
        rows.map((d) => ['101', d.company, iso(d.createdAt), iso(d.collectedAt), d.collectedBy === me, d.photoWebp !== null]),
      );
      expect(data.deliveries.map((d) => [d.condominium, d.companyName, d.collectedBy, d.hasPhoto])).toEqual([
        ['Edifício Aurora', 'Farmácia Sol', 'Joana', false],
        ['Edifício Aurora', 'Correios', null, true],
      ]);
    });

    await check('visitor_passes', async () => {
      const rows = await db.select().from(visitorPasses).where(eq(visitorPasses.createdBy, me)).orderBy(asc(visitorPasses.createdAt));
      expect(rows).toHaveLength(1);
      expect(data.passes).toEqual(
        rows.map((p) => ({
          condominium: 'Edifício Aurora',
          unit: '101',
          visitorName: p.visitorName,
          validFrom: iso(p.validFrom),
          validUntil: iso(p.validUntil),
          status: 'upcoming',
          revokedAt: null,
          canOpenGate: false,
          createdAt: iso(p.createdAt),
        })),
      );
      // The pass's link token and its hash stay out: the link was the resident's to share, once.
      const text = JSON.stringify(data);
      expect(text).not.toContain(rows[0]!.tokenHash);
    });

    await check('gate_openings', async () => {
      const rows = await db
        .select({ o: gateOpenings })
        .from(gateOpenings)
        .leftJoin(visitorPasses, eq(visitorPasses.id, gateOpenings.passId))
        .where(or(eq(gateOpenings.userId, me), eq(visitorPasses.createdBy, me)))
        .orderBy(asc(gateOpenings.id));
      expect(rows).toHaveLength(2);
      expect(data.gateOpenings).toEqual(
        rows.map(({ o }) => ({
          condominium: 'Edifício Aurora',
          unit: '101',
          via: o.via,
          visitorName: o.visitorName,
          opened: o.ok,
          result: o.result,
          createdAt: iso(o.createdAt),
        })),
      );
      expect(data.gateOpenings.map((g) => [g.via, g.visitorName, g.opened])).toEqual([
        ['call', null, true],
        ['pass', 'Carla', false],
      ]);
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

    await check('charges', async () => {
      const rows = await db.select().from(charges).where(eq(charges.userId, me)).orderBy(asc(charges.createdAt), asc(charges.id));
      expect(rows).toHaveLength(1);
      expect(data.charges).toEqual(
        rows.map((c) => ({
          txid: c.txid,
          tagCodes: c.tagCodes,
          amountCents: c.amountCents,
          status: c.status,
          createdAt: iso(c.createdAt),
          expiresAt: iso(c.expiresAt),
          paidAt: iso(c.paidAt),
          paidCents: c.paidCents,
        })),
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

    // Bearer secrets stay out: the finder's conversation token and the pass link's token.
    expect(res.body).not.toContain(finder.token);
    expect(res.body).not.toContain(pass.token);

    // Every table of the schema was either compared above or is listed with its reason.
    const result: unknown = await db.execute(sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`);
    const all = (result as { rows: { table_name: string }[] }).rows.map((r) => r.table_name);
    expect(all.filter((t) => !compared.has(t) && !(t in notExported))).toEqual([]);
  });

  test('[ACC-03] [ACC-07] [FIN-03] [FIND-06] [FIND-07] [FIND-08] [FIND-09] [FIND-11] [CONDO-15] [CONDO-16] [CONDO-18] the readable document says the same in Portuguese: product names, plans and Pix charges, finder page and photo, medical card, quiet hours, conversations, deliveries, passes and gate openings, statuses in words, pt-BR dates, the reward in reais', async () => {
    const { user } = await richAccount();
    const res = await app.inject({ method: 'POST', url: '/api/account/export', headers: user.auth, payload: { password: user.password } });
    const data = accountExport.parse(res.json());
    const html = renderExportHtml(data);
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('<html lang="pt-BR">');
    for (const heading of [
      exportHtmlUi.profile.heading,
      exportHtmlUi.consents.heading,
      exportHtmlUi.tags.heading,
      exportHtmlUi.memberships.heading,
      exportHtmlUi.residencies.heading,
      exportHtmlUi.calls.heading,
      exportHtmlUi.scans.heading,
      exportHtmlUi.conversations.heading,
      exportHtmlUi.deliveries.heading,
      exportHtmlUi.passes.heading,
      exportHtmlUi.gate.heading,
      exportHtmlUi.charges.heading,
    ]) {
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
      // CONDO-18: the gate openings, a pass's by the visitor's name.
      exportHtmlUi.gate.visitorPass('Carla'),
      gateMsg.opened(5),
      TERMS_VERSION,
      formatExportDate(data.profile.termsAcceptedAt!),
      formatExportDate(tag.createdAt),
      'Achei o Rex.',
      '+55 31 99999-0000',
      'Edifício Aurora',
      'Morador',
      data.tags[0]!.pendingInvitations[0]!.email,
      data.memberships[0]!.productName,
      // FIN-02 / FIN-03: the plan and the Pix charge, in words and reais.
      planWords.interval.monthly,
      exportHtmlUi.tags.planDue(formatExportDate(tag.plan.dueAt!)),
      data.charges[0]!.txid,
      chargeWords.status.pending,
      formatReais(data.charges[0]!.amountCents),
      // FIND-09: the finder page's switches by the edit page's names, the city, the photo's size.
      exportHtmlUi.tags.showOwnerName,
      exportHtmlUi.tags.showCity,
      'Belo Horizonte',
      exportHtmlUi.tags.photoDetails(640, 480, (tag.photo!.bytes / 1024).toLocaleString('pt-BR', { maximumFractionDigits: 0 }), formatExportDate(tag.photo!.uploadedAt)),
      // FIND-11: the wristband's medical card, each field with whether the finder sees it.
      exportHtmlUi.tags.medicalCard,
      exportHtmlUi.tags.medicalShown('Alergia a penicilina'),
      exportHtmlUi.tags.medicalHidden('Levotiroxina 50 mcg'),
      exportHtmlUi.tags.medicalShown('O+'),
      // FIND-07 / FIND-08: quiet hours in words (the tag's and the unit's), the ring order.
      exportHtmlUi.quietWindow('Segunda, Terça', '23:00', '07:00', 'America/Sao_Paulo'),
      exportHtmlUi.quietWindow('Domingo', '12:00', '14:00', 'America/Manaus'),
      exportHtmlUi.tags.inOrder(25),
      callSettingsUi.together,
      // FIND-06: the thread, who wrote each message.
      'Achei o Rex na padaria.',
      'Obrigado! Chego em 10 minutos.',
      conversationsUi.finder,
      conversationsUi.you,
      conversationsUi.states.open,
      // CONDO-15 / CONDO-16.
      'Farmácia Sol',
      'Correios',
      doorUi.waiting,
      exportHtmlUi.deliveries.byMe,
      exportHtmlUi.deliveries.photo,
      exportHtmlUi.deliveries.photoKept,
      'Carla',
      doorUi.passState.upcoming,
    ]) {
      expect(html, text).toContain(text);
    }
    // FIND-09: the photo itself, as an image the document shows.
    expect(html).toContain(`<img class="photo" src="${tag.photo!.dataUrl}" width="640" height="480" alt="${exportHtmlUi.tags.photoAlt('Coleira do Rex')}">`);
    // Statuses in words, never the database's.
    expect(html).toContain('Chamando');
    expect(html).not.toMatch(/>(ringing|ended|missed|answered|declined|pending|paid|monthly|annual)</);
    // A date on Brasília time: dd/mm/yyyy, hh:mm.
    expect(formatExportDate('2026-03-02T15:04:00Z')).toBe('02/03/2026, 12:04');
    // The machine-readable half inside, parseable as it was received.
    const embedded = /<script type="application\/json" id="dados-json">([\s\S]*?)<\/script>/.exec(html)?.[1];
    expect(accountExport.parse(JSON.parse(embedded!))).toEqual(data);
  });

  test('[ACC-07] [FIND-06] [CONDO-15] [CONDO-16] text typed by anyone is escaped in the document: no markup of a finder, courier or owner runs in it', async () => {
    const { user, me, tag } = await richAccount();
    await db.update(tags).set({ name: '<img src=x onerror=alert(1)>' }).where(eq(tags.code, tag));
    await db.update(calls).set({ message: '</script><script>alert(2)</script>' }).where(eq(calls.tagCode, tag));
    const threads = db.select({ id: conversations.id }).from(conversations).where(eq(conversations.tagCode, tag));
    await db.update(conversationMessages).set({ body: '<b onmouseover=alert(3)>oi</b>' }).where(inArray(conversationMessages.conversationId, threads));
    await db.update(deliveries).set({ companyOther: '<svg onload=alert(4)>' }).where(eq(deliveries.collectedBy, me));
    await db.update(visitorPasses).set({ visitorName: '<iframe src=x>' }).where(eq(visitorPasses.createdBy, me));
    const res = await app.inject({ method: 'POST', url: '/api/account/export', headers: user.auth, payload: { password: user.password } });
    const html = renderExportHtml(accountExport.parse(res.json()));
    for (const markup of ['<img src=x', '<script>alert(2)', '<b onmouseover', '<svg onload', '<iframe src']) expect(html, markup).not.toContain(markup);
    expect(html.match(/<script/g)).toHaveLength(1);
    // The only image is the photo, from a data: URL.
    expect(html.match(/<img /g)).toHaveLength(1);
    expect(html).toContain('<img class="photo" src="data:image/webp;base64,');
  });

  test('[ACC-03] [FIND-06] [CONDO-15] [CONDO-16] another person’s conversations, deliveries and passes are not in my export; a conversation I no longer answer keeps only my own messages', async () => {
    const mine = await ownedTag(app, 3);
    const me = mine.owner;
    const building = await plate(app, 1);
    const neighbour = building.residents[0]!;
    await db.insert(unitResidents).values({ unitId: building.unit.id, userId: userId(me.token) });
    const [other] = await db.insert(units).values({ condominiumId: building.unit.condominiumId, name: '102', associationCode: newTagCode() }).returning();
    const stranger = await signUp(app, { name: 'Otávio Estranho' });
    await db.insert(unitResidents).values({ unitId: other!.id, userId: userId(stranger.token) });
    const theirTag = await ownedTag(app, 3);

    // Mine: a conversation on my tag, a delivery to my unit, a pass I made.
    await converse(mine.code, 'Mensagem para mim.');
    await deliver(building.code, { unitId: building.unit.id, company: 'amazon' });
    await createPass(building.unit.id, me.auth, 'Minha Visita');
    // Not mine: another owner's conversation, unit 102's conversation, delivery and pass, my co-resident's pass.
    const foreign = await converse(theirTag.code, 'Mensagem para outra dona.');
    const theirUnit = await converse(building.code, 'Recado para o 102.', { unitId: other!.id });
    await deliver(building.code, { unitId: other!.id, company: 'shopee' });
    const strangerPass = await createPass(other!.id, stranger.auth, 'Visita Alheia');
    const neighbourPass = await createPass(building.unit.id, neighbour.auth, 'Visita Vizinha');
    // A unit conversation I answered, then left the unit: only my own answer stays mine.
    const left = await converse(building.code, 'Recado para o 101.', { unitId: building.unit.id });
    const list = (await app.inject({ method: 'GET', url: `/api${conversationsApi.list}`, headers: me.auth })).json<ConversationList>();
    const unitThread = list.conversations.find((c) => c.unit_name === '101' && c.last_message === 'Recado para o 101.')!;
    expect((await app.inject({ method: 'POST', url: `/api${conversationsApi.messages(unitThread.id)}`, headers: me.auth, payload: { body: 'Já desço.' } })).statusCode).toBe(201);
    expect((await app.inject({ method: 'POST', url: `/api${conversationsApi.messages(unitThread.id)}`, headers: neighbour.auth, payload: { body: 'Eu também.' } })).statusCode).toBe(201);

    const exportOf = async (u: { auth: Record<string, string>; password: string }) => {
      const res = await app.inject({ method: 'POST', url: '/api/account/export', headers: u.auth, payload: { password: u.password } });
      expect(res.statusCode).toBe(200);
      return { data: accountExport.parse(res.json()), text: res.body };
    };
    const before = await exportOf(me);
    expect(before.data.conversations.map((c) => c.messages.map((m) => m.body))).toEqual([
      ['Mensagem para mim.'],
      ['Recado para o 101.', 'Já desço.', 'Eu também.'],
    ]);
    expect(before.data.deliveries.map((d) => [d.unit, d.companyName])).toEqual([['101', 'Amazon']]);
    expect(before.data.passes.map((p) => p.visitorName)).toEqual(['Minha Visita']);
    for (const foreignText of ['Mensagem para outra dona.', 'Recado para o 102.', 'Shopee', 'Visita Alheia', 'Visita Vizinha', theirTag.code, foreign.token, theirUnit.token, left.token, strangerPass.token, neighbourPass.token, foreign.ip, left.ip]) {
      expect(before.text, foreignText).not.toContain(foreignText);
    }
    // The síndico (the plate's owner) does not answer a unit's conversations nor collect its deliveries.
    const sindico = await exportOf(building.owner);
    expect(sindico.data.conversations).toEqual([]);
    expect(sindico.data.deliveries).toEqual([]);
    expect(sindico.data.passes).toEqual([]);

    // I move out: the unit's thread keeps only the message I wrote; its deliveries stay with the unit.
    await db.delete(unitResidents).where(and(eq(unitResidents.unitId, building.unit.id), eq(unitResidents.userId, userId(me.token))));
    const after = await exportOf(me);
    expect(after.data.conversations.map((c) => c.messages.map((m) => [m.from, m.mine, m.body]))).toEqual([
      [['finder', false, 'Mensagem para mim.']],
      [['owner', true, 'Já desço.']],
    ]);
    expect(after.data.deliveries).toEqual([]);
    expect(after.data.passes.map((p) => p.visitorName)).toEqual(['Minha Visita']);
    expect(after.text).not.toContain('Recado para o 101.');
    expect(after.text).not.toContain('Eu também.');
  });
});
