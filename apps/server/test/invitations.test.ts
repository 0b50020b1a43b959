import { describe, expect, test } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { MEMBERS_PER_TAG } from '@toque/contracts/constants';
import { dashboardUi } from '@toque/contracts/dashboard-ui';
import { tagMailMsg } from '@toque/contracts/mail';
import { tagMsg } from '@toque/contracts/messages';
import { productsApi } from '@toque/contracts/routes';
import { outbox, tagInvitations, tagMembers, tags } from '../src/db/schema';
import { bearer, build, dbLabel, errorBody, mint, newAccount, signUp, uniqueEmail } from './helpers';
import { mailsTo, ownedTag, plate, userId } from './calls-support';

/**
 * TAG-11: sharing a tag with an e-mail that has no account sends an invitation through the mail
 * queue; the sign-up with that e-mail joins the tag as a member, within the member limit; the owner
 * sees and cancels the pending ones.
 */
const { app } = await build();
type Auth = Record<string, string>;

const share = (auth: Auth, code: string, email: string) =>
  app.inject({ method: 'POST', url: `/api${productsApi.member}`, headers: auth, payload: { code, email } });
const listInvitations = (auth: Auth, code: string) =>
  app.inject({ method: 'GET', url: `/api${productsApi.invitations(code)}`, headers: auth });
const cancel = (auth: Auth, code: string, id: unknown) =>
  app.inject({ method: 'DELETE', url: `/api${productsApi.invitation}`, headers: auth, payload: { code, id } });
const register = (account: ReturnType<typeof newAccount>) =>
  app.inject({ method: 'POST', url: '/api/auth/register', payload: account });
const membersOf = async (code: string) =>
  (await app.db.select().from(tagMembers).where(eq(tagMembers.tagCode, code))).map((m) => m.userId);

describe(`[TAG-11] invitations ${dbLabel}`, () => {
  test('[TAG-11] an e-mail with no account gets an invitation mail; signing up with it joins the tag', async () => {
    const { owner, code } = await ownedTag(app, 3);
    await app.db.update(tags).set({ name: 'Coleira do Rex' }).where(eq(tags.code, code));
    const email = uniqueEmail('convidada');
    const res = await share(owner.auth, code, `  ${email.toUpperCase()}  `);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ kind: 'invitation', message: dashboardUi.toasts.invited });

    const mails = await mailsTo(app, email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(tagMailMsg.invitationSubject('Joana'));
    expect(mails[0]!.text).toContain('Coleira do Rex');
    expect(mails[0]!.text).toContain(`/sign-up?email=${encodeURIComponent(email)}`);
    // Only the owner's first name reaches a stranger's mailbox.
    expect(mails[0]!.text).not.toContain('Prado');
    expect(mails[0]!.text).not.toContain(owner.email);

    const listed = await listInvitations(owner.auth, code);
    expect(listed.statusCode).toBe(200);
    const pending = listed.json<{ id: number; email: string; created_at: string }[]>();
    expect(pending.map((i) => [typeof i.id, i.email, Number.isNaN(Date.parse(i.created_at))])).toEqual([['number', email, false]]);

    const account = newAccount({ email, name: 'Carla Convidada' });
    expect((await register(account)).statusCode).toBe(201);
    const [row] = await app.db.select().from(tagInvitations).where(eq(tagInvitations.email, email));
    expect(row!.acceptedAt).toBeInstanceOf(Date);
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: account.password, platform: 'web', token: '' } });
    const token = login.json<{ data: { token: string } }>().data.token;
    expect(await membersOf(code)).toEqual([userId(token)]);
    const products = await app.inject({ method: 'GET', url: '/api/products/listProducts', headers: bearer(token) });
    expect(products.json<{ code: string; isOwner: boolean }[]>()).toEqual([expect.objectContaining({ code, isOwner: false })]);
    // No longer pending for the owner.
    expect((await listInvitations(owner.auth, code)).json()).toEqual([]);
  });

  test('[TAG-11] onboarding (sign-up with a code) also joins the invited tags', async () => {
    const { owner, code } = await ownedTag(app, 1);
    const email = uniqueEmail('onboarding');
    expect((await share(owner.auth, code, email)).statusCode).toBe(201);
    const [free] = await mint(app, 2);
    const res = await app.inject({ method: 'POST', url: '/api/auth/web-onboarding', payload: { ...newAccount({ email }), code: free, productId: 2 } });
    expect(res.statusCode, res.body).toBe(201);
    expect(await membersOf(code)).toHaveLength(1);
  });

  test('[TAG-11] an existing account joins at once (kind member), no mail, no invitation', async () => {
    const { owner, code } = await ownedTag(app, 3);
    const friend = await signUp(app);
    const res = await share(owner.auth, code, friend.email);
    expect(res.json()).toEqual({ kind: 'member', message: dashboardUi.toasts.shared });
    expect(await membersOf(code)).toEqual([userId(friend.token)]);
    expect(await app.db.select().from(tagInvitations).where(eq(tagInvitations.tagCode, code))).toEqual([]);
  });

  test('[TAG-11] pending invitations count toward the 3: a 4th share is 409, and no mail goes', async () => {
    const { owner, code } = await ownedTag(app, 3, 1);
    const a = uniqueEmail('a');
    const b = uniqueEmail('b');
    expect((await share(owner.auth, code, a)).statusCode).toBe(201);
    expect((await share(owner.auth, code, b)).statusCode).toBe(201);
    const again = await share(owner.auth, code, a);
    expect(again.statusCode).toBe(409);
    expect(errorBody(again)).toBe(tagMsg.alreadyInvited);
    const fourth = uniqueEmail('d');
    const full = await share(owner.auth, code, fourth);
    expect(full.statusCode).toBe(409);
    expect(errorBody(full)).toBe(tagMsg.membersFull);
    expect(await mailsTo(app, fourth)).toEqual([]);
    // An existing account is refused too while the invitations hold the places.
    const friend = await signUp(app);
    expect(errorBody(await share(owner.auth, code, friend.email))).toBe(tagMsg.membersFull);
    expect(MEMBERS_PER_TAG).toBe(3);
  });

  test('[TAG-11] an invitation to a tag that filled up meanwhile never breaks the sign-up: the account is made, the tag keeps 3', async () => {
    const { owner, code } = await ownedTag(app, 3);
    const email = uniqueEmail('atrasada');
    expect((await share(owner.auth, code, email)).statusCode).toBe(201);
    // Three members arrive by another way (an administrator's repair, a race): the tag is full.
    for (let i = 0; i < 3; i++) {
      const m = await signUp(app);
      await app.db.insert(tagMembers).values({ tagCode: code, userId: userId(m.token) });
    }
    const reg = await register(newAccount({ email }));
    expect(reg.statusCode).toBe(201);
    expect(await membersOf(code)).toHaveLength(3);
    expect(await app.db.select().from(tagInvitations).where(eq(tagInvitations.email, email))).toEqual([]);
  });

  test('[TAG-11] concurrent sign-ups of invited e-mails never push a tag past 3 members', async () => {
    const { owner, code } = await ownedTag(app, 3);
    const emails = [uniqueEmail('c1'), uniqueEmail('c2'), uniqueEmail('c3')];
    for (const email of emails) expect((await share(owner.auth, code, email)).statusCode).toBe(201);
    // One place is taken meanwhile by an account added directly.
    const early = await signUp(app);
    await app.db.insert(tagMembers).values({ tagCode: code, userId: userId(early.token) });
    const results = await Promise.all(emails.map((email) => register(newAccount({ email }))));
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    expect(await membersOf(code)).toHaveLength(3);
  });

  test('[TAG-11] an invitation of a tag its owner deleted, or that changed hands, does not join', async () => {
    const deleted = await ownedTag(app, 3);
    const e1 = uniqueEmail('x');
    expect((await share(deleted.owner.auth, deleted.code, e1)).statusCode).toBe(201);
    expect((await app.inject({ method: 'DELETE', url: '/api/products/disableQrCode', headers: deleted.owner.auth, payload: { code: deleted.code } })).statusCode).toBe(200);
    expect((await register(newAccount({ email: e1 }))).statusCode).toBe(201);
    expect(await membersOf(deleted.code)).toEqual([]);

    const moved = await ownedTag(app, 3);
    const e2 = uniqueEmail('y');
    expect((await share(moved.owner.auth, moved.code, e2)).statusCode).toBe(201);
    const newOwner = await signUp(app);
    await app.db.update(tags).set({ ownerId: userId(newOwner.token) }).where(eq(tags.code, moved.code));
    expect((await register(newAccount({ email: e2 }))).statusCode).toBe(201);
    expect(await membersOf(moved.code)).toEqual([]);
  });

  test('[TAG-11] the owner cancels a pending invitation; its place is free again; a cancelled one does not join', async () => {
    const { owner, code } = await ownedTag(app, 3);
    const email = uniqueEmail('cancelada');
    await share(owner.auth, code, email);
    const [inv] = (await listInvitations(owner.auth, code)).json<{ id: number }[]>();
    const res = await cancel(owner.auth, code, inv!.id);
    expect(res.json()).toEqual({ message: dashboardUi.toasts.invitationCancelled });
    expect(errorBody(await cancel(owner.auth, code, inv!.id))).toBe(tagMsg.invitationNotFound);
    expect((await register(newAccount({ email }))).statusCode).toBe(201);
    expect(await membersOf(code)).toEqual([]);
  });

  test('[TAG-11] hostile use: another tag’s invitation id, a plate, one’s own e-mail, a stranger and a member — refused, nothing written', async () => {
    const a = await ownedTag(app, 3);
    const b = await ownedTag(app, 4, 1);
    const member = b.members[0]!;
    await share(a.owner.auth, a.code, uniqueEmail('alvo'));
    const [inv] = await app.db.select().from(tagInvitations).where(eq(tagInvitations.tagCode, a.code));
    // B's owner cannot cancel A's invitation through B's tag, nor list A's.
    expect((await cancel(b.owner.auth, b.code, inv!.id)).statusCode).toBe(404);
    expect((await cancel(b.owner.auth, a.code, inv!.id)).statusCode).toBe(404);
    expect((await listInvitations(b.owner.auth, a.code)).statusCode).toBe(404);
    // A member is told the tag is the owner's.
    expect((await listInvitations(member.auth, b.code)).statusCode).toBe(403);
    expect((await share(member.auth, b.code, uniqueEmail('m'))).statusCode).toBe(403);
    // A plate is never shared, invitation or not.
    const building = await plate(app, 0);
    const onPlate = await share(building.owner.auth, building.code, uniqueEmail('p'));
    expect(errorBody(onPlate)).toBe(tagMsg.plateNotShared);
    // One's own e-mail.
    expect(errorBody(await share(a.owner.auth, a.code, a.owner.email))).toBe(tagMsg.cannotShareWithSelf);
    expect(await app.db.select().from(tagInvitations).where(eq(tagInvitations.tagCode, a.code))).toHaveLength(1);
    expect(await app.db.select().from(tagInvitations).where(eq(tagInvitations.tagCode, building.code))).toEqual([]);
  });

  test('[TAG-11] invitations are limited per account (each one mails a stranger): then 429, no mail', async () => {
    const limited = await build();
    // One owner, several tags: 10 invitations in the window, the 11th refused.
    const first = await ownedTag(limited.app, 3);
    const owner = first.owner;
    const codes = [first.code];
    for (let i = 0; i < 4; i++) {
      const [code] = await mint(limited.app, 3);
      await limited.app.inject({ method: 'PUT', url: '/api/products/associateQrCode', headers: owner.auth, payload: { code } });
      codes.push(code!);
    }
    const statuses: number[] = [];
    const emails = Array.from({ length: 11 }, (_, i) => uniqueEmail(`lim${i}`));
    for (let i = 0; i < 11; i++) {
      const res = await limited.app.inject({
        method: 'POST',
        url: `/api${productsApi.member}`,
        headers: owner.auth,
        payload: { code: codes[Math.floor(i / 3)], email: emails[i] },
      });
      statuses.push(res.statusCode);
      if (i === 10) expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(statuses).toEqual([...Array.from({ length: 10 }, () => 201), 429]);
    const queued = await limited.app.db.select().from(outbox).where(inArray(outbox.to, emails));
    expect(queued).toHaveLength(10);
    expect(queued.every((m) => m.subject === tagMailMsg.invitationSubject('Joana'))).toBe(true);
  });
});
