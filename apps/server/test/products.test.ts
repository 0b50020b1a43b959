import { describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { tagMsg, msg } from '@toque/contracts/messages';
import { condominiums, tags, unitResidents, units } from '../src/db/schema';
import { newTagCode } from '../src/lib/codes';
import { bearer, build, dbLabel, mint, newAccount, signUp } from './helpers';

// TAG-10: an address unlike the one the requests come to, so the QR address provably comes from PUBLIC_URL.
const PUBLIC_URL = 'https://qr.toque.example';
const { app } = await build({ PUBLIC_URL: `${PUBLIC_URL}/` });

const associate = (auth: Record<string, string>, code: string) =>
  app.inject({ method: 'PUT', url: '/api/products/associateQrCode', headers: auth, payload: { code } });
const list = async (auth: Record<string, string>) =>
  (await app.inject({ method: 'GET', url: '/api/products/listProducts', headers: auth })).json<
    { code: string; product_id: number; name: string; image_url: string; isOwner: boolean; public_url: string }[]
  >();

async function ownedTag(productId = 1) {
  const owner = await signUp(app);
  const [code] = await mint(app, productId);
  expect((await associate(owner.auth, code!)).statusCode).toBe(200);
  return { owner, code: code! };
}

async function unitWithCode() {
  const [plate] = await mint(app, 5);
  const [condo] = await app.db.insert(condominiums).values({ name: 'Edifício Teste', tagCode: plate }).returning();
  const associationCode = newTagCode();
  const [unit] = await app.db.insert(units).values({ condominiumId: condo!.id, name: '101', associationCode }).returning();
  return { plate: plate!, unit: unit!, associationCode };
}

describe(`products ${dbLabel}`, () => {
  test('[TAG-02] [TAG-08] an unclaimed code becomes the caller\'s tag and is listed with its fields', async () => {
    const user = await signUp(app);
    const [code] = await mint(app, 3);
    const res = await associate(user.auth, code!.toLowerCase());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ kind: 'tag' });
    expect(await list(user.auth)).toEqual([
      expect.objectContaining({
        code,
        product_id: 3,
        name: `Pet ${code!.slice(-4)}`,
        image_url: '/images/tags/coleira.svg',
        isOwner: true,
      }),
    ]);
  });

  test('[TAG-10] a tag added without a name gets its type and the last 4 characters of its code', async () => {
    const user = await signUp(app);
    const [bracelet, object, named] = [(await mint(app, 1))[0]!, (await mint(app, 4))[0]!, (await mint(app, 2))[0]!];
    // A code that already carries a name (e.g. a released tag) keeps it.
    await app.db.update(tags).set({ name: 'Campainha da casa' }).where(eq(tags.code, named));
    for (const code of [bracelet, object, named]) expect((await associate(user.auth, code)).statusCode).toBe(200);
    const names = Object.fromEntries((await list(user.auth)).map((t) => [t.code, t.name]));
    expect(names).toEqual({
      [bracelet]: `Pulseira ${bracelet.slice(-4)}`,
      [object]: `Objeto ${object.slice(-4)}`,
      [named]: 'Campainha da casa',
    });
    const [row] = await app.db.select({ name: tags.name }).from(tags).where(eq(tags.code, bracelet));
    expect(row!.name).toBe(`Pulseira ${bracelet.slice(-4)}`);
  });

  test('[TAG-10] a tag claimed at onboarding gets its default name too', async () => {
    const [code] = await mint(app, 3);
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/web-onboarding',
      payload: { ...newAccount(), code, productId: 3 },
    });
    expect(res.statusCode).toBe(201);
    const auth = bearer(res.json<{ data: { token: string } }>().data.token);
    expect((await list(auth)).map((t) => t.name)).toEqual([`Pet ${code!.slice(-4)}`]);
  });

  test('[TAG-10] each listed tag carries the address its QR code encodes, from PUBLIC_URL', async () => {
    const { owner, code } = await ownedTag(1);
    const [tag] = await list(owner.auth);
    expect(tag).toMatchObject({ code, public_url: `https://qr.toque.example/t/${code}` });
  });

  test('[TAG-08] listing needs a session', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/products/listProducts' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toHaveProperty('message');
  });

  test('[TAG-02] [API-03] a code that is not 8 alphanumerics is a 400 with the catalogue message', async () => {
    const user = await signUp(app);
    const res = await associate(user.auth, 'ab-12');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: msg.tagCodeLength });
  });

  test('[TAG-02] unknown, owned by another, already mine, inactive and disabled codes get clear 4xx messages', async () => {
    const user = await signUp(app);
    expect((await associate(user.auth, 'ZZZZZZZZ')).json()).toEqual({ message: tagMsg.codeNotFound });
    const { owner, code } = await ownedTag();
    const taken = await associate(user.auth, code);
    expect([taken.statusCode, taken.json()]).toEqual([409, { message: tagMsg.ownedByAnother }]);
    expect((await associate(owner.auth, code)).json()).toEqual({ message: tagMsg.alreadyYours });
    const [inactive] = await mint(app, 1);
    await app.db.update(tags).set({ isActive: false }).where(eq(tags.code, inactive!));
    expect((await associate(user.auth, inactive!)).json()).toEqual({ message: tagMsg.inactive });
    const [disabled] = await mint(app, 1);
    await app.db.update(tags).set({ disabledAt: new Date() }).where(eq(tags.code, disabled!));
    expect((await associate(user.auth, disabled!)).json()).toEqual({ message: tagMsg.disabled });
    const [row] = await app.db.select().from(tags).where(eq(tags.code, inactive!));
    expect(row!.ownerId).toBeNull();
  });

  test('[REL-01] 50 concurrent associations of one code give exactly one owner and 49 clear errors', async () => {
    const users = await Promise.all(Array.from({ length: 50 }, () => signUp(app)));
    const [code] = await mint(app, 4);
    const results = await Promise.all(users.map((u) => associate(u.auth, code!)));
    const ok = results.filter((r) => r.statusCode === 200);
    const refused = results.filter((r) => r.statusCode === 409);
    expect(ok).toHaveLength(1);
    expect(refused).toHaveLength(49);
    for (const r of refused) expect(r.json()).toEqual({ message: tagMsg.ownedByAnother });
    const [row] = await app.db.select().from(tags).where(eq(tags.code, code!));
    const winner = users[results.findIndex((r) => r.statusCode === 200)]!;
    expect((await list(winner.auth)).map((p) => p.code)).toEqual([code]);
    expect(row!.ownerId).not.toBeNull();
  });

  test('[CONDO-06] [REL-01] a unit association code makes the caller a resident; 10 concurrent joins leave exactly 3', async () => {
    const { plate, unit, associationCode } = await unitWithCode();
    const users = await Promise.all(Array.from({ length: 10 }, () => signUp(app)));
    const results = await Promise.all(users.map((u) => associate(u.auth, associationCode)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(3);
    const refused = results.filter((r) => r.statusCode === 409);
    expect(refused).toHaveLength(7);
    for (const r of refused) expect(r.json()).toEqual({ message: tagMsg.unitFull });
    const residents = await app.db.select().from(unitResidents).where(eq(unitResidents.unitId, unit.id));
    expect(residents).toHaveLength(3);
    const resident = users[results.findIndex((r) => r.statusCode === 200)]!;
    expect(await list(resident.auth)).toEqual([expect.objectContaining({ code: plate, product_id: 5, isOwner: false })]);
    expect((await associate(resident.auth, associationCode)).json()).toEqual({ message: tagMsg.alreadyResident });
  });

  test('[TAG-04] only the owner disables, irreversibly; the tag leaves the list', async () => {
    const { owner, code } = await ownedTag();
    const stranger = await signUp(app);
    const del = (auth: Record<string, string>) =>
      app.inject({ method: 'DELETE', url: '/api/products/disableQrCode', headers: auth, payload: { code } });
    expect((await del(stranger.auth)).statusCode).toBe(404);
    expect((await del(owner.auth)).statusCode).toBe(200);
    expect(await list(owner.auth)).toEqual([]);
    expect((await del(owner.auth)).statusCode).toBe(404);
    expect((await associate(stranger.auth, code)).json()).toEqual({ message: tagMsg.disabled });
  });

  test('[TAG-05] [TAG-07] the owner renames and sets important information; an empty name is refused', async () => {
    const { owner, code } = await ownedTag(1);
    const put = (url: string, payload: object) => app.inject({ method: 'PUT', url, headers: owner.auth, payload });
    expect((await put('/api/products/updateName', { code, name: '  ' })).json()).toEqual({ message: msg.tagNameEmpty });
    const res = await put('/api/products/updateName', {
      code,
      name: 'Pulseira do Léo',
      importantInfo: 'Alérgico a penicilina',
      showInfoToFinder: true,
    });
    expect(res.statusCode).toBe(200);
    // A client that appends a suffix to the path (the spec's `updateName{product}`) reaches the same route.
    expect((await put('/api/products/updateNameundefined', { code, name: 'Pulseira do Leo' })).statusCode).toBe(200);
    const [row] = await app.db.select().from(tags).where(eq(tags.code, code));
    expect(row).toMatchObject({ name: 'Pulseira do Leo', importantInfo: 'Alérgico a penicilina', showInfoToFinder: true });
  });

  test('[TAG-09] the owner shares with up to 3 accounts; members see "isOwner: false" and cannot disable, rename or share', async () => {
    const { owner, code } = await ownedTag(3);
    const members = await Promise.all([signUp(app), signUp(app), signUp(app), signUp(app)]);
    const share = (auth: Record<string, string>, email: string) =>
      app.inject({ method: 'POST', url: '/api/products/members', headers: auth, payload: { code, email } });
    for (const m of members.slice(0, 3)) expect((await share(owner.auth, m.email)).statusCode).toBe(201);
    expect((await share(owner.auth, members[3].email)).json()).toEqual({ message: tagMsg.membersFull });
    expect((await share(owner.auth, members[0].email)).statusCode).toBe(409);
    // TAG-11: an e-mail with no account would be invited — but the tag is full.
    expect((await share(owner.auth, 'ninguem.aqui@exemplo.com.br')).json()).toEqual({ message: tagMsg.membersFull });

    const member = members[0];
    expect(await list(member.auth)).toEqual([expect.objectContaining({ code, isOwner: false })]);
    const asMember = [
      await app.inject({ method: 'DELETE', url: '/api/products/disableQrCode', headers: member.auth, payload: { code } }),
      await app.inject({ method: 'PUT', url: '/api/products/updateName', headers: member.auth, payload: { code, name: 'x' } }),
      await share(member.auth, members[3].email),
    ];
    for (const r of asMember) expect([r.statusCode, r.json()]).toEqual([403, { message: tagMsg.ownerOnly }]);

    const listed = await app.inject({ method: 'GET', url: `/api/products/${code}/members`, headers: owner.auth });
    expect(listed.json<{ email: string }[]>().map((m) => m.email)).toEqual(members.slice(0, 3).map((m) => m.email));
    const removed = await app.inject({
      method: 'DELETE',
      url: '/api/products/members',
      headers: owner.auth,
      payload: { code, userId: listed.json<{ user_id: string }[]>()[0]!.user_id },
    });
    expect(removed.statusCode).toBe(200);
    expect(await list(member.auth)).toEqual([]);
  });

  test('[TAG-04] a stranger can neither see nor touch another\'s tag', async () => {
    const { code } = await ownedTag();
    const stranger = await signUp(app);
    expect(await list(stranger.auth)).toEqual([]);
    const attempts = [
      await app.inject({ method: 'PUT', url: '/api/products/updateName', headers: stranger.auth, payload: { code, name: 'x' } }),
      await app.inject({ method: 'GET', url: `/api/products/${code}/members`, headers: stranger.auth }),
      await app.inject({ method: 'DELETE', url: '/api/products/disableQrCode', headers: stranger.auth, payload: { code } }),
    ];
    for (const r of attempts) expect([r.statusCode, r.json()]).toEqual([404, { message: tagMsg.tagNotFound }]);
  });
});
