import { describe, expect, test } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { doorApi } from '@toque/contracts/door';
import { deliveries, gateOpenings, visitorPasses } from '../src/db/schema';
import { doorCutoffs } from '../src/modules/door/retention';
import { bearer, build, dbLabel } from './helpers';
import { eventually, plate } from './calls-support';

// The purge runs every 100 ms here instead of hourly; the retention periods are the contracts' own.
const { app } = await build({ FINDER_DATA_PURGE_INTERVAL_MS: '100' });
const db = app.db;
const DAY_MS = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => sql`now() - make_interval(days => ${days})`;

describe(`the door's retention ${dbLabel}`, () => {
  test('[LEG-01] [CONDO-15] [CONDO-16] [CONDO-18] the cutoffs are 30 days for a package photo, 184 for a notice, 30 after a pass ends, 184 for a gate opening', () => {
    const now = Date.UTC(2026, 10, 28, 12);
    const cut = doorCutoffs(now);
    expect((now - cut.photoBefore.getTime()) / DAY_MS).toBe(30);
    expect((now - cut.deliveryBefore.getTime()) / DAY_MS).toBe(184);
    expect((now - cut.passBefore.getTime()) / DAY_MS).toBe(30);
    expect((now - cut.gateOpeningBefore.getTime()) / DAY_MS).toBe(184);
  });

  test("[LEG-01] [CONDO-18] the periodic job deletes a gate opening from the building's log after 184 days; newer ones are kept", async () => {
    const { unit } = await plate(app, 1);
    const opening = (days: number) =>
      db
        .insert(gateOpenings)
        .values({ condominiumId: unit.condominiumId, via: 'call', unitId: unit.id, ok: true, result: 'Portão aberto.' })
        .returning({ id: gateOpenings.id })
        .then(async ([row]) => {
          await db
            .update(gateOpenings)
            .set({ createdAt: daysAgo(days) })
            .where(eq(gateOpenings.id, row!.id));
          return row!.id;
        });
    const ancient = await opening(185);
    const recent = await opening(183);
    await eventually(async () => {
      const left = await db
        .select({ id: gateOpenings.id })
        .from(gateOpenings)
        .where(eq(gateOpenings.condominiumId, unit.condominiumId));
      expect(left.map((r) => r.id)).toEqual([recent]);
    }, 10_000);
    expect(ancient).not.toBe(recent);
  });

  test("[LEG-01] [CONDO-15] [CONDO-16] the periodic job deletes a package's photo after 30 days, the notice after 184, a pass 30 days after it ended or was revoked; newer ones are kept", async () => {
    const { unit, residents } = await plate(app, 1);
    const photo = Buffer.from('RIFF----WEBPVP8 ');
    const insert = (days: number) =>
      db
        .insert(deliveries)
        .values({ unitId: unit.id, company: 'Correios', photoWebp: photo, photoTokenHash: 'x'.repeat(64) })
        .returning({ id: deliveries.id })
        .then(async ([row]) => {
          await db
            .update(deliveries)
            .set({ createdAt: daysAgo(days) })
            .where(eq(deliveries.id, row!.id));
          return row!.id;
        });
    const ancient = await insert(185);
    const old = await insert(31);
    const recent = await insert(29);

    const pass = (name: string, until: number, revoked?: number) =>
      db
        .insert(visitorPasses)
        .values({
          unitId: unit.id,
          visitorName: name,
          validFrom: new Date(Date.now() - (until + 1) * DAY_MS),
          validUntil: new Date(Date.now() - until * DAY_MS),
          revokedAt: revoked === undefined ? null : new Date(Date.now() - revoked * DAY_MS),
          tokenHash: `${name}-${Date.now()}`,
        })
        .returning({ id: visitorPasses.id })
        .then(([row]) => row!.id);
    const endedLongAgo = await pass('Ana', 31);
    const endedLately = await pass('Bia', 29);
    const revokedLongAgo = await pass('Caio', 28, 31);
    const current = await pass('Davi', -2);

    await eventually(async () => {
      const left = await db.select({ id: deliveries.id }).from(deliveries).where(eq(deliveries.unitId, unit.id));
      expect(left.map((r) => r.id).sort()).toEqual([old, recent].sort());
      expect(left.map((r) => r.id)).not.toContain(ancient);
      const passes = await db
        .select({ id: visitorPasses.id })
        .from(visitorPasses)
        .where(eq(visitorPasses.unitId, unit.id));
      expect(passes.map((r) => r.id).sort()).toEqual([endedLately, current].sort());
    }, 10_000);
    expect(endedLongAgo).not.toBe(revokedLongAgo);

    const photos = await db
      .select({ id: deliveries.id, photo: deliveries.photoWebp, token: deliveries.photoTokenHash })
      .from(deliveries)
      .where(inArray(deliveries.id, [old, recent]));
    const byId = new Map(photos.map((p) => [p.id, p]));
    expect(byId.get(old)).toMatchObject({ photo: null, token: null });
    expect(byId.get(recent)!.photo).not.toBeNull();

    // The resident sees the notice still, without the photo.
    const auth = bearer(residents[0]!.token);
    const gone = await app.inject({ method: 'GET', url: `/api${doorApi.deliveryPhoto(old)}`, headers: auth });
    expect(gone.statusCode).toBe(404);
    const kept = await app.inject({ method: 'GET', url: `/api${doorApi.deliveryPhoto(recent)}`, headers: auth });
    expect(kept.statusCode).toBe(200);
  });
});
