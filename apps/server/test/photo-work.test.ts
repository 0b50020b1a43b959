import { describe, expect, test } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { doorApi, type CreateDeliveryResponse } from '@toque/contracts/door';
import { photoMsg } from '@toque/contracts/messages';
import { productsApi } from '@toque/contracts/routes';
import { deliveries, tagPhotos } from '../src/db/schema';
import { build, dbLabel, errorBody } from './helpers';
import { ownedTag, plate } from './calls-support';
import { heic24mp, heic7000, smallJpeg } from './photo-support';

/**
 * SEC-09 (issue 32, item 3): decoding a photo never runs on the event loop. A pool of worker
 * threads re-encodes it, with a bound on the jobs at once and waiting, a time cap and a pixel cap
 * sized to its memory; the photo routes are rate-limited per account and per address.
 */
const { app } = await build({
  RATE_PHOTO_PER_ACCOUNT: '3',
  RATE_PHOTO_PER_IP: '5',
  PHOTO_WORKERS: '1',
  PHOTO_QUEUE: '1',
  // The time cap has its own app below; here a shared, loaded test machine must not reach it.
  PHOTO_TIMEOUT_MS: '120000',
});

let addresses = 0;
/** Every test its own client address, so that one test's uploads do not spend another's budget. */
const freshIp = () => `10.32.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`;

const upload = (auth: Record<string, string>, code: string, body: Buffer, ip: string, type = 'image/heic') =>
  app.inject({
    method: 'PUT',
    url: `/api${productsApi.photo(code)}`,
    headers: { ...auth, 'content-type': type },
    payload: body,
    remoteAddress: ip,
  });
const photoRows = async (code: string) =>
  (await app.db.select({ n: count() }).from(tagPhotos).where(eq(tagPhotos.tagCode, code)))[0]!.n;

/**
 * Asks `/api/health` again and again until `work` settles: the longest wait between one answer and
 * the next (a block of the event loop at any moment lands in one of them, whether or not a request
 * was in flight), and the process's highest RSS seen meanwhile (worker threads are in this
 * process: their memory counts).
 */
async function whileWorking<T>(app: FastifyInstance, work: Promise<T>) {
  let done = false;
  const settled = work.finally(() => {
    done = true;
  });
  const gaps: number[] = [];
  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  let last = performance.now();
  while (!done) {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const now = performance.now();
    gaps.push(now - last);
    last = now;
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return {
    result: await settled,
    answers: gaps.length,
    slowest: Math.max(...gaps),
    rssGrowthMb: (rssPeak - rssBefore) / 2 ** 20,
  };
}

/**
 * How long `/api/health` may take while a photo is worked on: the 200 ms, or — on a test
 * machine shared with other work, where the operating system alone may hold the process that
 * long — three times the slowest answer of the same loop over one idle second, measured just
 * before. Decoding on the event loop takes seconds, far past either.
 */
async function healthBudget(app: FastifyInstance) {
  const idle = await whileWorking(app, new Promise((resolve) => setTimeout(resolve, 1000)));
  return Math.max(200, 3 * idle.slowest);
}

describe(`[SEC-09] photo decoding off the event loop ${dbLabel}`, () => {
  test("[SEC-09] [FIND-09] while a 24-megapixel HEIC (an iPhone's size) is decoded, /api/health keeps answering within 200 ms (or 3× its idle slowest on a loaded machine); the photo is saved", async () => {
    const { owner, code } = await ownedTag(app, 3);
    const budget = await healthBudget(app);
    const { result, answers, slowest } = await whileWorking(app, upload(owner.auth, code, heic24mp(), freshIp()));
    expect(result.statusCode, result.body).toBe(200);
    expect(result.json<{ photo: { width: number; height: number } }>().photo).toMatchObject({
      width: 1024,
      height: 768,
    });
    // Decoding on the event loop, no answer at all could come while it ran: here many did, each fast.
    expect(answers).toBeGreaterThanOrEqual(5);
    expect(slowest).toBeLessThanOrEqual(budget);
  });

  test('[SEC-09] [FIND-09] a hostile 7000 × 7000 HEIC (12 kB) is refused by its declared size before decoding: 400 in Portuguese, nothing stored, /api/health as fast as idle, RSS grows < 200 MB', async () => {
    const { owner, code } = await ownedTag(app, 3);
    const budget = await healthBudget(app);
    const { result, slowest, rssGrowthMb } = await whileWorking(app, upload(owner.auth, code, heic7000(), freshIp()));
    expect(result.statusCode, result.body).toBe(400);
    expect(errorBody(result)).toBe(photoMsg.heifTooManyPixels);
    expect(await photoRows(code)).toBe(0);
    expect(slowest).toBeLessThanOrEqual(budget);
    expect(rssGrowthMb).toBeLessThan(200);
  });

  test('[SEC-09] the queue bound: one photo decoding and one waiting, a third upload is 503 with Retry-After and a Portuguese message; the first two are saved', async () => {
    const owners = await Promise.all([1, 2, 3].map(() => ownedTag(app, 3)));
    const answers = await Promise.all(owners.map(({ owner, code }) => upload(owner.auth, code, heic24mp(), freshIp())));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([200, 200, 503]);
    const busy = answers.find((a) => a.statusCode === 503)!;
    expect(errorBody(busy)).toBe(photoMsg.busy);
    expect(Number(busy.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    const refusedCode = owners[answers.indexOf(busy)]!.code;
    expect(await photoRows(refusedCode)).toBe(0);
  });

  test("[SEC-09] [FIND-09] the owner's uploads are rate-limited per account and per address: 429 with Retry-After and a Portuguese message", async () => {
    const jpeg = await smallJpeg();
    // Per account: three uploads in the window, from any address; the fourth is refused.
    const { owner, code } = await ownedTag(app, 3);
    for (let i = 0; i < 3; i++)
      expect((await upload(owner.auth, code, jpeg, freshIp(), 'image/jpeg')).statusCode).toBe(200);
    const perAccount = await upload(owner.auth, code, jpeg, freshIp(), 'image/jpeg');
    expect(perAccount.statusCode).toBe(429);
    expect(errorBody(perAccount)).toBe(photoMsg.tooManyUploads);
    expect(Number(perAccount.headers['retry-after'])).toBeGreaterThanOrEqual(1);

    // Per address: five uploads from one address, whoever sends them; the sixth is refused.
    const ip = freshIp();
    const others = await Promise.all([1, 2, 3].map(() => ownedTag(app, 3)));
    const sent = [0, 0, 1, 1, 2].map((i) => others[i]!);
    for (const { owner: o, code: c } of sent)
      expect((await upload(o.auth, c, jpeg, ip, 'image/jpeg')).statusCode).toBe(200);
    const perAddress = await upload(others[2]!.owner.auth, others[2]!.code, jpeg, ip, 'image/jpeg');
    expect(perAddress.statusCode).toBe(429);
    expect(errorBody(perAddress)).toBe(photoMsg.tooManyUploads);
    expect(Number(perAddress.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // From elsewhere, the same owner still uploads.
    expect((await upload(others[2]!.owner.auth, others[2]!.code, jpeg, freshIp(), 'image/jpeg')).statusCode).toBe(200);
  });

  test("[SEC-09] [CONDO-15] the courier's uploads are rate-limited per address: 429 with Retry-After and a Portuguese message; nothing stored", async () => {
    const building = await plate(app, 1);
    const jpeg = await smallJpeg();
    const notices: CreateDeliveryResponse[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await app.inject({
        method: 'POST',
        url: `/api${doorApi.deliver(building.code)}`,
        payload: { unitId: building.unit.id, company: 'correios' },
        remoteAddress: freshIp(),
      });
      expect(res.statusCode, res.body).toBe(201);
      notices.push(res.json<CreateDeliveryResponse>());
    }
    const ip = freshIp();
    const courier = (notice: CreateDeliveryResponse) =>
      app.inject({
        method: 'PUT',
        url: `/api${doorApi.deliveryPhotoUpload(notice.id)}`,
        headers: { 'content-type': 'image/jpeg', authorization: `Bearer ${notice.photoToken}` },
        payload: jpeg,
        remoteAddress: ip,
      });
    for (const notice of notices.slice(0, 5)) expect((await courier(notice)).statusCode).toBe(200);
    const limited = await courier(notices[5]!);
    expect(limited.statusCode).toBe(429);
    expect(errorBody(limited)).toBe(photoMsg.tooManyUploads);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    const [row] = await app.db
      .select({ photo: deliveries.photoWebp })
      .from(deliveries)
      .where(eq(deliveries.id, notices[5]!.id));
    expect(row!.photo).toBeNull();
  });
});

describe(`[SEC-09] the time cap on one photo ${dbLabel}`, async () => {
  // A cap far below a 24-megapixel HEIC's decoding time: the worker is stopped and the upload refused.
  const { app: capped } = await build({ PHOTO_TIMEOUT_MS: '300' });

  test('[SEC-09] [FIND-09] a photo still decoding when the time cap passes is abandoned: 400 in Portuguese, nothing stored, /api/health as fast as idle', async () => {
    const { owner, code } = await ownedTag(capped, 3);
    const budget = await healthBudget(capped);
    const { result: res, slowest } = await whileWorking(
      capped,
      capped.inject({
        method: 'PUT',
        url: `/api${productsApi.photo(code)}`,
        headers: { ...owner.auth, 'content-type': 'image/heic' },
        payload: heic24mp(),
      }),
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(errorBody(res)).toBe(photoMsg.tooSlow);
    expect(slowest).toBeLessThanOrEqual(budget);
    expect((await capped.db.select({ n: count() }).from(tagPhotos).where(eq(tagPhotos.tagCode, code)))[0]!.n).toBe(0);
  });
});
