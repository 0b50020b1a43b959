import { describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { accountApi, accountMsg, type DeletePreview } from '@toque/contracts/account';
import { chargesApi, type Charge } from '@toque/contracts/billing';
import { charges, tagMembers, tags, unitResidents } from '../src/db/schema';
import { build, dbLabel, signUp } from './helpers';
import { ownedTag, plate, userId } from './calls-support';

/** ACC-08: before deleting the account, the owner sees what goes — tags, plate and units, open charges, shares. */
const { app } = await build();
type Auth = Record<string, string>;
const preview = (auth: Auth) => app.inject({ method: 'GET', url: `/api${accountApi.deletePreview}`, headers: auth });

describe(`[ACC-08] the deletion's preview ${dbLabel}`, () => {
  test('[ACC-08] names the tags retired, the units left, the open charges cancelled and the shares, and writes nothing; the deletion then cancels the open charge', async () => {
    const mine = await ownedTag(app, 3, 1);
    await app.db.update(tags).set({ name: 'Coleira da Mel' }).where(eq(tags.code, mine.code));
    const member = mine.members[0]!;
    // The owner is also a member of someone else's tag, and a resident of a unit.
    const other = await ownedTag(app, 4);
    await app.db.update(tags).set({ name: 'Chave do João' }).where(eq(tags.code, other.code));
    await app.db.insert(tagMembers).values({ tagCode: other.code, userId: userId(mine.owner.token) });
    const building = await plate(app, 0);
    await app.db.insert(unitResidents).values({ unitId: building.unit.id, userId: userId(mine.owner.token) });
    const charged = await app.inject({
      method: 'POST',
      url: `/api${chargesApi.charges}`,
      headers: mine.owner.auth,
      payload: { codes: [mine.code] },
    });
    expect(charged.statusCode, charged.body).toBe(201);
    const charge = charged.json<Charge>();

    const res = await preview(mine.owner.auth);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<DeletePreview>();
    expect(body).toEqual({
      blocked: null,
      tags: [{ code: mine.code, name: 'Coleira da Mel', product_id: 3 }],
      plates: [],
      units: [{ condominium: 'Edifício Aurora', unit: '101' }],
      charges: [{ id: charge.id, amount_cents: 2990, names: ['Coleira da Mel'] }],
      shares: [
        { code: mine.code, name: 'Coleira da Mel', person: member.name, mine: true },
        { code: other.code, name: 'Chave do João', person: other.owner.name, mine: false },
      ],
    });
    // A preview writes nothing.
    expect((await app.db.select().from(tags).where(eq(tags.code, mine.code)))[0]?.ownerId).toBe(userId(mine.owner.token));

    const deleted = await app.inject({
      method: 'POST',
      url: `/api${accountApi.delete}`,
      headers: mine.owner.auth,
      payload: { password: mine.owner.password },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await app.db.select().from(charges).where(eq(charges.id, charge.id)))[0]?.status).toBe('expired');
  });

  test('[ACC-08] a síndico sees the plate with its units and why the account cannot go yet; a new account sees nothing to lose; no session is a 401', async () => {
    const building = await plate(app, 1);
    const body = (await preview(building.owner.auth)).json<DeletePreview>();
    expect(body.blocked).toBe(accountMsg.deleteCondominiumAdmin);
    expect(body.plates).toEqual([{ code: building.code, condominium: 'Edifício Aurora', units: ['101', null] }]);

    const fresh = await signUp(app);
    expect((await preview(fresh.auth)).json<DeletePreview>()).toEqual({
      blocked: null,
      tags: [],
      plates: [],
      units: [],
      charges: [],
      shares: [],
    });
    expect((await preview({})).statusCode).toBe(401);
  });
});
