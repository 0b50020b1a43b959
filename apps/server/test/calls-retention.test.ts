import { describe, expect, test } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { CallHistoryItem } from '@toque/contracts/calls';
import { FINDER_IP_RETENTION_DAYS, FINDER_LOCATION_RETENTION_DAYS } from '@toque/contracts/constants';
import { loadConfig } from '../src/config';
import { calls } from '../src/db/schema';
import { build, dbLabel } from './helpers';
import { eventually, ownedTag, startCall } from './calls-support';

// The job runs every 100 ms here instead of hourly; the retention periods are the defaults.
const { app } = await build({ FINDER_DATA_PURGE_INTERVAL_MS: '100' });

const row = (roomId: string) =>
  app.db
    .select({
      latitude: calls.latitude,
      longitude: calls.longitude,
      callerAddress: calls.callerAddress,
      status: calls.status,
      message: calls.message,
    })
    .from(calls)
    .where(eq(calls.id, roomId))
    .then((r) => r[0]!);

/** Moves a call's start `days` into the past (the test's stand-in for waiting that long). */
const startedDaysAgo = (roomId: string, days: number) =>
  app.db
    .update(calls)
    .set({ startedAt: sql`now() - make_interval(days => ${days})` })
    .where(eq(calls.id, roomId));

describe(`finder data retention ${dbLabel}`, () => {
  test("[SEC-07] [LEG-01] the privacy policy's retention is the default: the finder's location 90 days, the IP address six months", () => {
    const { retention } = loadConfig({ NODE_ENV: 'test' });
    expect(retention.locationDays).toBe(FINDER_LOCATION_RETENTION_DAYS);
    expect(retention.ipDays).toBe(FINDER_IP_RETENTION_DAYS);
    expect([FINDER_LOCATION_RETENTION_DAYS, FINDER_IP_RETENTION_DAYS]).toEqual([90, 184]);
    expect(() => loadConfig({ NODE_ENV: 'test', FINDER_DATA_RETENTION_DAYS: '0' })).toThrow(
      /FINDER_DATA_RETENTION_DAYS/,
    );
  });

  test("[SEC-07] the periodic job clears the finder's location after 90 days and the IP address after 184; newer calls and the rest of the record are kept", async () => {
    const { owner, code } = await ownedTag(app);
    const at = { latitude: -19.9191, longitude: -43.9386 };
    const ancient = await startCall(app, code, at, '203.0.113.7');
    const old = await startCall(app, code, at, '203.0.113.8');
    const recent = await startCall(app, code, at, '203.0.113.9');
    const fresh = await startCall(app, code, at, '203.0.113.10');
    for (const c of [ancient, old, recent, fresh]) {
      const msg = await app.inject({
        method: 'POST',
        url: `/api/calls/${c.roomId}/message`,
        headers: { authorization: `Bearer ${c.callerToken}` },
        payload: { message: 'Achei a coleira na praça.' },
      });
      expect(msg.statusCode).toBeLessThan(300);
    }
    await startedDaysAgo(ancient.roomId, FINDER_IP_RETENTION_DAYS + 1);
    await startedDaysAgo(old.roomId, FINDER_LOCATION_RETENTION_DAYS + 1);
    await startedDaysAgo(recent.roomId, FINDER_LOCATION_RETENTION_DAYS - 1);

    // Both cutoffs are applied in the same run, so once `ancient` lost its IP, `recent` and `fresh` were seen too.
    await eventually(async () => {
      expect(await row(ancient.roomId)).toMatchObject({ latitude: null, longitude: null, callerAddress: null });
      expect(await row(old.roomId)).toMatchObject({ latitude: null, longitude: null });
    }, 10_000);

    expect(await row(old.roomId)).toMatchObject({ callerAddress: '203.0.113.8' });
    expect(await row(recent.roomId)).toMatchObject({ ...at, callerAddress: '203.0.113.9' });
    expect(await row(fresh.roomId)).toMatchObject({ ...at, callerAddress: '203.0.113.10' });
    // Only the finder's data goes: the outcome and the message stay in the history.
    expect(await row(ancient.roomId)).toMatchObject({ status: 'ended', message: 'Achei a coleira na praça.' });

    const history = await app.inject({ method: 'GET', url: '/api/calls/history', headers: owner.auth });
    const byRoom = new Map(history.json<CallHistoryItem[]>().map((h) => [h.roomId, h]));
    expect(byRoom.size).toBe(4);
    expect(byRoom.get(ancient.roomId)).toMatchObject({
      latitude: null,
      longitude: null,
      message: 'Achei a coleira na praça.',
    });
    expect(byRoom.get(old.roomId)).toMatchObject({ latitude: null, longitude: null });
    expect(byRoom.get(recent.roomId)).toMatchObject(at);
    expect(byRoom.get(fresh.roomId)).toMatchObject(at);
  });
});
