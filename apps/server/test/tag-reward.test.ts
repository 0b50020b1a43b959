import { describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { msg } from '@toque/contracts/messages';
import { REWARD_CENTS_MAX } from '@toque/contracts/money';
import type { Product } from '@toque/contracts/products';
import { productsApi } from '@toque/contracts/routes';
import { tags } from '../src/db/schema';
import { build, dbLabel, errorBody } from './helpers';
import { ownedTag } from './calls-support';

/** TAG-11: the lost tag's reward is an amount in reais (integer centavos), with optional text beside it. */
const { app } = await build();
type Auth = Record<string, string>;

const edit = (auth: Auth, payload: object) => app.inject({ method: 'PUT', url: `/api${productsApi.updateName}`, headers: auth, payload });
const row = async (code: string) => (await app.db.select().from(tags).where(eq(tags.code, code)))[0]!;

describe(`[TAG-11] the reward in reais ${dbLabel}`, () => {
  test('[TAG-11] saved in centavos beside the optional text; listed to the owner and members; shown to the finder; cleared with lost mode', async () => {
    const { owner, code, members } = await ownedTag(app, 3, 1);
    const lost = { code, name: 'Rex', lost: true, lostMessage: 'Rex fugiu!' };
    expect((await edit(owner.auth, { ...lost, lostRewardCents: 20_000, lostReward: 'e um abraço' })).statusCode).toBe(200);
    expect(await row(code)).toMatchObject({ lostRewardCents: 20_000, lostReward: 'e um abraço' });

    for (const who of [owner, members[0]!]) {
      const list = await app.inject({ method: 'GET', url: `/api${productsApi.list}`, headers: who.auth });
      expect(list.json<Product[]>()[0]).toMatchObject({ code, lost_message: 'Rex fugiu!', lost_reward: 'e um abraço', lost_reward_cents: 20_000 });
    }
    const pub = await app.inject({ method: 'GET', url: `/api/public/tags/${code}` });
    expect(pub.json<{ lost: unknown }>().lost).toEqual({ message: 'Rex fugiu!', reward: 'e um abraço', reward_cents: 20_000 });

    // The amount alone; then none (null) with the text alone.
    expect((await edit(owner.auth, { ...lost, lostRewardCents: 5_050 })).statusCode).toBe(200);
    expect(await row(code)).toMatchObject({ lostRewardCents: 5_050, lostReward: null });
    expect((await edit(owner.auth, { ...lost, lostRewardCents: null, lostReward: 'Uma pizza' })).statusCode).toBe(200);
    expect(await row(code)).toMatchObject({ lostRewardCents: null, lostReward: 'Uma pizza' });

    expect((await edit(owner.auth, { ...lost, lostRewardCents: 100 })).statusCode).toBe(200);
    expect((await edit(owner.auth, { code, name: 'Rex', lost: false })).statusCode).toBe(200);
    expect(await row(code)).toMatchObject({ lostMessage: null, lostReward: null, lostRewardCents: null });
  });

  test('[TAG-11] an amount that is not whole centavos, zero, negative, beyond R$ 100.000,00 or not a number is 400 in Portuguese, nothing written', async () => {
    const { owner, code } = await ownedTag(app, 3);
    const before = await row(code);
    const cases: [unknown, string][] = [
      [0, msg.lostRewardAmountInvalid],
      [-100, msg.lostRewardAmountInvalid],
      [150.5, msg.lostRewardAmountInvalid],
      [REWARD_CENTS_MAX + 1, msg.lostRewardAmountTooHigh],
      [2 ** 31, msg.lostRewardAmountTooHigh],
      ['20000', msg.lostRewardAmountInvalid],
      [true, msg.lostRewardAmountInvalid],
      [{}, msg.lostRewardAmountInvalid],
    ];
    for (const [value, message] of cases) {
      const res = await edit(owner.auth, { code, name: 'Rex', lost: true, lostMessage: 'Fugiu', lostRewardCents: value });
      expect(res.statusCode, JSON.stringify(value)).toBe(400);
      expect(errorBody(res), JSON.stringify(value)).toBe(message);
    }
    expect(await row(code)).toEqual(before);
  });
});
