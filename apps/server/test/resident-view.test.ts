import { describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import type { MyUnit } from '@toque/contracts/condominium';
import { condoApi } from '@toque/contracts/routes';
import { units } from '../src/db/schema';
import { build, dbLabel, signUp } from './helpers';
import { plate } from './calls-support';

/** CONDO-11: a resident's own view — their unit and building by name, the other residents by first name. */
const { app } = await build();
const myUnits = (auth: Record<string, string>) => app.inject({ method: 'GET', url: `/api${condoApi.myUnits}`, headers: auth });

describe(`[CONDO-11] the resident's own view ${dbLabel}`, () => {
  test('[CONDO-11] a resident sees the building and unit by name and the others by first name; nothing else of them', async () => {
    const building = await plate(app, 3);
    const [me, ...others] = building.residents;
    const res = await myUnits(me!.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json<MyUnit[]>()).toEqual([
      {
        plate_code: building.code,
        condominium_name: 'Edifício Aurora',
        unit_id: building.unit.id,
        unit_name: '101',
        residents: [
          { first_name: 'Morador', is_me: true },
          { first_name: 'Morador', is_me: false },
          { first_name: 'Morador', is_me: false },
        ],
      },
    ]);
    // Never the neighbours' e-mails or surnames, the síndico, or the unit's association code.
    for (const secret of [...others.map((o) => o.email), 'Silva', building.owner.email, building.unit.associationCode]) {
      expect(res.body, secret).not.toContain(secret);
    }
  });

  test('[CONDO-11] a temporary unit reads null; someone who lives nowhere gets []; after leaving, [] too; no session is 401', async () => {
    const building = await plate(app, 1);
    await app.db.update(units).set({ name: null }).where(eq(units.id, building.unit.id));
    const resident = building.residents[0]!;
    expect((await myUnits(resident.auth)).json<MyUnit[]>()[0]!.unit_name).toBeNull();
    // The síndico owns the plate but lives in no unit.
    expect((await myUnits(building.owner.auth)).json()).toEqual([]);
    expect((await myUnits((await signUp(app)).auth)).json()).toEqual([]);
    const left = await app.inject({ method: 'DELETE', url: `/api${condoApi.leave}`, headers: resident.auth, payload: { code: building.code } });
    expect(left.statusCode).toBe(200);
    expect((await myUnits(resident.auth)).json()).toEqual([]);
    expect((await myUnits({})).statusCode).toBe(401);
  });
});
