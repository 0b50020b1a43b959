import { describe, expect, test } from 'vitest';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { callUi } from '@toque/contracts/call-ui';
import type { PublicTag } from '@toque/contracts/calls';
import { photoMsg } from '@toque/contracts/messages';
import type { Product, TagPhoto } from '@toque/contracts/products';
import { paths, productsApi } from '@toque/contracts/routes';
import { tagPhotos, tags } from '../src/db/schema';
import { build, dbLabel, errorBody, signUp } from './helpers';
import { ownedTag, plate } from './calls-support';
import { buildWeb } from './web-build';
import { phoneJpeg, pngDeclaring } from './photo-support';

/**
 * FIND-09: the owner's photo — re-encoded to a WebP of at most 1024 px with no metadata, served
 * under a URL that changes with it and cached for a year — and the finder page's switches, in the
 * API and in the server's HTML. Hostile uploads get a 400/413 in Portuguese and store nothing.
 */
const dist = await buildWeb();
const { app } = await build({ WEB_DIST: dist });
type Auth = Record<string, string>;

/** A 64 × 48 HEVC-coded HEIC, as an iPhone writes them (made with libheif's heif-enc, x265). */
const HEIC = Buffer.from(
  'AAAAHGZ0eXBoZWljAAAAAG1pZjFoZWljbWlhZgAAAaptZXRhAAAAAAAAACFoZGxyAAAAAAAAAABwaWN0AAAAAAAAAAAAAAAAAAAAAA5waXRtAAAAAAACAAAAEGlkYXQAAAAAAEAAMAAAADhpbG9jAQAAAERAAAIAAQAAAAAAAAHOAAEAAAAAAAAAHQACAAEAAAAAAAAAAQAAAAAAAAAIAAAAOGlpbmYAAAAAAAIAAAAVaW5mZQIAAAEAAQAAaHZjMQAAAAAVaW5mZQIAAAAAAgAAZ3JpZAAAAADVaXBycAAAALNpcGNvAAAAc2h2Y0MBA3AAAAAAAAAAAAAe8AD8/fj4AAAPAyAAAQAYQAEMAf//A3AAAAMAkAAAAwAAAwAeugJAIQABACdCAQEDcAAAAwCQAAADAAADAB6gIIEFlurkprmwIAAAAwAgAAADACEiAAEABkQBwXPAiQAAABRpc3BlAAAAAAAAAEAAAABAAAAAFGlzcGUAAAAAAAAAQAAAADAAAAAQcGl4aQAAAAADCAgIAAAAGmlwbWEAAAAAAAAAAgABAoECAAICA4QAAAAaaXJlZgAAAAAAAAAOZGltZwACAAEAAQAAACVtZGF0AAAAGSgBrxOA+BDhp//1Wo//tBc8PqUYvzopDPg=',
  'base64',
);

const upload = (auth: Auth | undefined, code: string, body: Buffer, type = 'image/jpeg') =>
  app.inject({
    method: 'PUT',
    url: `/api${productsApi.photo(code)}`,
    headers: { ...auth, 'content-type': type },
    payload: body,
  });
const edit = (auth: Auth, payload: object) =>
  app.inject({ method: 'PUT', url: `/api${productsApi.updateName}`, headers: auth, payload });
const publicView = async (code: string) =>
  (await app.inject({ method: 'GET', url: `/api/public/tags/${code}` })).json<PublicTag>();
const photoRows = async (code: string) =>
  (await app.db.select({ n: count() }).from(tagPhotos).where(eq(tagPhotos.tagCode, code)))[0]!.n;

/** A decompression bomb: a tiny PNG whose header declares 30000 × 30000 pixels. */
const pngBomb = () => pngDeclaring(30_000, 30_000);

async function expectWebpWithoutMetadata(url: string) {
  const res = await app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('image/webp');
  expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  const meta = await sharp(res.rawPayload).metadata();
  expect(meta.format).toBe('webp');
  expect(meta.exif).toBeUndefined();
  expect(meta.icc).toBeUndefined();
  expect(meta.xmp).toBeUndefined();
  expect(meta.iptc).toBeUndefined();
  expect(meta.orientation).toBeUndefined();
  expect(Math.max(meta.width, meta.height)).toBeLessThanOrEqual(1024);
  // No GPS, camera or owner's name anywhere in the bytes either.
  for (const word of ['Exif', 'GPS', 'Apple', 'iPhone', 'Joana', 'xmpmeta', 'ICC_PROFILE'])
    expect(res.rawPayload.includes(word)).toBe(false);
  return meta;
}

describe(`[FIND-09] the finder page's photo ${dbLabel}`, () => {
  test('[FIND-09] a phone JPEG with EXIF GPS, XMP and ICC comes back an upright WebP of at most 1024 px with no metadata, under a long-cached URL', async () => {
    const { owner, code } = await ownedTag(app, 3);
    const jpeg = await phoneJpeg();
    const original = await sharp(jpeg).metadata();
    expect([original.exif, original.icc, original.xmp].every(Boolean)).toBe(true);

    const res = await upload(owner.auth, code, jpeg);
    expect(res.statusCode).toBe(200);
    const { photo, message } = res.json<{ photo: TagPhoto; message: string }>();
    expect(message).toBe(photoMsg.saved);
    // Orientation 6: the 3000 × 2000 landscape pixels stand up as a portrait.
    expect(photo).toMatchObject({ width: 683, height: 1024 });
    expect(photo.url).toMatch(new RegExp(`^/api/public/tags/${code}/photo/[0-9a-f]{32}\\.webp$`));
    const meta = await expectWebpWithoutMetadata(photo.url);
    expect([meta.width, meta.height]).toEqual([683, 1024]);

    expect((await publicView(code)).photo).toEqual(photo);
    const listed = (await app.inject({ method: 'GET', url: `/api${productsApi.list}`, headers: owner.auth })).json<
      Product[]
    >();
    expect(listed.find((p) => p.code === code)?.photo).toEqual(photo);
  });

  test('[FIND-09] PNG, WebP and an HEVC HEIC from an iPhone are re-encoded the same way', async () => {
    const { owner, code } = await ownedTag(app, 1);
    const png = await sharp({ create: { width: 1600, height: 900, channels: 4, background: '#c33a' } })
      .png()
      .toBuffer();
    const webp = await sharp({ create: { width: 500, height: 500, channels: 3, background: '#33c' } })
      .withMetadata({ exif: { IFD0: { Make: 'Apple' } } })
      .webp()
      .toBuffer();
    const cases: [Buffer, string, number, number][] = [
      [png, 'image/png', 1024, 576],
      [webp, 'image/webp', 500, 500],
      [HEIC, 'image/heic', 64, 48],
      // The type a browser gives is not trusted: the bytes say what the file is.
      [HEIC, 'application/octet-stream', 64, 48],
    ];
    for (const [body, type, width, height] of cases) {
      const res = await upload(owner.auth, code, body, type);
      expect(res.statusCode, type).toBe(200);
      const { photo } = res.json<{ photo: TagPhoto }>();
      expect([photo.width, photo.height], type).toEqual([width, height]);
      await expectWebpWithoutMetadata(photo.url);
    }
  });

  test('[FIND-09] a new photo has a new URL and the old one is 404; removing it empties the page and its URL', async () => {
    const { owner, code } = await ownedTag(app, 3);
    const first = (await upload(owner.auth, code, await phoneJpeg())).json<{ photo: TagPhoto }>().photo;
    const other = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#fa0' } })
      .png()
      .toBuffer();
    const second = (await upload(owner.auth, code, other, 'image/png')).json<{ photo: TagPhoto }>().photo;
    expect(second.url).not.toBe(first.url);
    expect((await app.inject({ method: 'GET', url: first.url })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: second.url })).statusCode).toBe(200);
    expect(await photoRows(code)).toBe(1);
    // A name that is not a hash, or another tag's code with this hash, finds nothing.
    expect(
      (await app.inject({ method: 'GET', url: `/api/public/tags/${code}/photo/..%2F..%2Fetc.webp` })).statusCode,
    ).toBe(404);
    const stranger = await ownedTag(app, 3);
    expect((await app.inject({ method: 'GET', url: second.url.replace(code, () => stranger.code) })).statusCode).toBe(404);

    const removed = await app.inject({ method: 'DELETE', url: `/api${productsApi.photo(code)}`, headers: owner.auth });
    expect(removed.statusCode).toBe(200);
    expect(removed.json<{ message: string }>().message).toBe(photoMsg.removed);
    expect((await app.inject({ method: 'GET', url: second.url })).statusCode).toBe(404);
    expect((await publicView(code)).photo).toBeUndefined();
    expect(await photoRows(code)).toBe(0);
    const again = await app.inject({ method: 'DELETE', url: `/api${productsApi.photo(code)}`, headers: owner.auth });
    expect(again.statusCode).toBe(404);
  });

  test('[FIND-09] not an image, an SVG, a truncated JPEG and a decompression bomb are 400 in Portuguese; nothing is stored', async () => {
    const { owner, code } = await ownedTag(app, 3);
    const jpeg = await phoneJpeg();
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    );
    const cases: [string, Buffer, string, string][] = [
      ['text', Buffer.from('isto não é uma foto, é um texto qualquer'), 'image/jpeg', photoMsg.notImage],
      ['svg', svg, 'image/svg+xml', photoMsg.notImage],
      ['pdf', Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\n'), 'application/pdf', photoMsg.notImage],
      ['truncated jpeg', jpeg.subarray(0, 600), 'image/jpeg', photoMsg.notImage],
      ['empty', Buffer.alloc(0), 'image/jpeg', photoMsg.notImage],
      ['bomb', await pngBomb(), 'image/png', photoMsg.tooManyPixels],
      ['json', Buffer.from(JSON.stringify({ photo: 'x' })), 'application/json', photoMsg.notImage],
    ];
    for (const [what, body, type, message] of cases) {
      const res = await upload(owner.auth, code, body, type);
      expect(res.statusCode, what).toBe(400);
      expect(errorBody(res), what).toBe(message);
      expect(await photoRows(code), what).toBe(0);
    }
  });

  test('[FIND-09] 11 MB and 50 MB uploads are 413 in Portuguese, refused by their length; nothing is stored', async () => {
    const { owner, code } = await ownedTag(app, 3);
    const jpeg = await phoneJpeg();
    for (const size of [11, 50]) {
      const big = Buffer.concat([jpeg, Buffer.alloc(size * 1024 * 1024 - jpeg.length)]);
      const res = await upload(owner.auth, code, big);
      expect(res.statusCode, `${size} MB`).toBe(413);
      expect(errorBody(res)).toBe(photoMsg.tooLarge);
      expect(await photoRows(code)).toBe(0);
    }
  });

  test("[FIND-09] [SEC-02] only the tag's owner: anonymous 401, a member 403, another account's tag 404, a plate 400; nothing stored", async () => {
    const { owner, code, members } = await ownedTag(app, 3, 1);
    const jpeg = await phoneJpeg();
    expect((await upload(undefined, code, jpeg)).statusCode).toBe(401);
    expect((await upload(members[0]!.auth, code, jpeg)).statusCode).toBe(403);
    const stranger = await signUp(app, { name: 'Estranho Curioso' });
    expect((await upload(stranger.auth, code, jpeg)).statusCode).toBe(404);
    expect(
      (await app.inject({ method: 'DELETE', url: `/api${productsApi.photo(code)}`, headers: stranger.auth }))
        .statusCode,
    ).toBe(404);
    expect((await app.inject({ method: 'DELETE', url: `/api${productsApi.photo(code)}` })).statusCode).toBe(401);
    expect(await photoRows(code)).toBe(0);
    const building = await plate(app, 1);
    const res = await upload(building.owner.auth, building.code, jpeg);
    expect(res.statusCode).toBe(400);
    expect(errorBody(res)).toBe(photoMsg.plateHasNoPhoto);
    expect(await photoRows(building.code)).toBe(0);
    expect((await upload(owner.auth, code, jpeg)).statusCode).toBe(200);
  });

  test("[FIND-09] the switches hide first name, photo, important info and reward, and show the lost city only when on — in the API and the server's HTML", async () => {
    const { owner, code } = await ownedTag(app, 3);
    await upload(owner.auth, code, await phoneJpeg());
    const lost = {
      code,
      name: 'Rex',
      importantInfo: 'Alérgico a frango',
      showInfoToFinder: true,
      lost: true,
      lostMessage: 'Rex fugiu!',
      lostRewardCents: 20_000,
      lostCity: 'Belo Horizonte',
    };
    expect((await edit(owner.auth, lost)).statusCode).toBe(200);

    // Defaults: name, photo, info and reward shown; the city off.
    let view = await publicView(code);
    expect(view.owner_first_name).toBe('Joana');
    expect(view.photo).toBeDefined();
    expect(view.important_info).toBe('Alérgico a frango');
    expect(view.lost).toEqual({ message: 'Rex fugiu!', reward: null, reward_cents: 20_000 });
    let html = (await app.inject({ method: 'GET', url: paths.finder(code) })).body;
    expect(html).toContain(view.photo!.url);
    expect(html).toContain(callUi.finder.ownerIs('Joana'));
    expect(html).not.toContain('Belo Horizonte');

    expect(
      (
        await edit(owner.auth, {
          ...lost,
          showOwnerName: false,
          showPhoto: false,
          showInfoToFinder: false,
          showReward: false,
          showCity: true,
        })
      ).statusCode,
    ).toBe(200);
    const row = (await app.db.select().from(tags).where(eq(tags.code, code)))[0]!;
    expect(row).toMatchObject({
      showOwnerName: false,
      showPhoto: false,
      showReward: false,
      showCity: true,
      lostCity: 'Belo Horizonte',
    });
    view = await publicView(code);
    expect(view.owner_first_name).toBe('');
    expect(view.photo).toBeUndefined();
    expect(view.important_info).toBeUndefined();
    expect(view.lost).toEqual({ message: 'Rex fugiu!', reward: null, reward_cents: null, city: 'Belo Horizonte' });
    const res = await app.inject({ method: 'GET', url: paths.finder(code) });
    expect(res.statusCode).toBe(200);
    html = res.body;
    for (const hidden of ['Joana', '/photo/', 'Alérgico a frango', '200,00'])
      expect(html, hidden).not.toContain(hidden);
    expect(html).toContain(callUi.finder.lostCity('Belo Horizonte'));
    expect(html).toContain('Rex fugiu!');
    // A photo switched off is not served either, even under its current name.
    const listed = (await app.inject({ method: 'GET', url: `/api${productsApi.list}`, headers: owner.auth })).json<
      Product[]
    >();
    const mine = listed.find((p) => p.code === code)!;
    expect(mine).toMatchObject({
      show_owner_name: false,
      show_photo: false,
      show_reward: false,
      show_city: true,
      lost_city: 'Belo Horizonte',
    });
    expect((await app.inject({ method: 'GET', url: mine.photo!.url })).statusCode).toBe(404);

    // Lost mode off forgets the city with the message.
    expect((await edit(owner.auth, { code, name: 'Rex', lost: false })).statusCode).toBe(200);
    expect((await app.db.select().from(tags).where(eq(tags.code, code)))[0]!.lostCity).toBeNull();
  });

  test('[FIND-09] a released tag loses its photo and its switches go back to the defaults', async () => {
    const { owner, code } = await ownedTag(app, 3);
    await upload(owner.auth, code, await phoneJpeg());
    await edit(owner.auth, { code, name: 'Rex', showOwnerName: false });
    const { adminRepository } = await import('../src/modules/admin/repository');
    await app.db.transaction((tx) => adminRepository.release(tx, code));
    expect(await photoRows(code)).toBe(0);
    expect((await app.db.select().from(tags).where(eq(tags.code, code)))[0]!.showOwnerName).toBe(true);
  });
});
