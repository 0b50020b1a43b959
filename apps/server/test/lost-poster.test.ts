import { describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { accountApi, type AccountExport } from '@toque/contracts/account';
import { PDF_MIME } from '@toque/contracts/admin';
import { formatReais } from '@toque/contracts/money';
import { posterApi, posterFilename, posterMsg, posterText, PREVIEW_HEIGHT, PREVIEW_WIDTH } from '@toque/contracts/poster';
import { paths, productsApi } from '@toque/contracts/routes';
import { tags, users } from '../src/db/schema';
import { pdfQrCode, readPdf } from '../../../e2e/support/pdf';
import { build, dbLabel, errorBody, mint } from './helpers';
import { ownedTag, plate, userId } from './calls-support';

/** FIND-10: the lost poster (A4 PDF) and the link preview of a lost tag's page. */
const { app } = await build({ RATE_PHOTO_PER_ACCOUNT: '6' });
type Auth = Record<string, string>;

const edit = (auth: Auth, payload: object) => app.inject({ method: 'PUT', url: `/api${productsApi.updateName}`, headers: auth, payload });
const poster = (auth: Auth, code: string) => app.inject({ method: 'GET', url: `/api${posterApi.poster(code)}`, headers: auth });
const row = async (code: string) => (await app.db.select().from(tags).where(eq(tags.code, code)))[0]!;
const pngPhoto = () => sharp({ create: { width: 800, height: 600, channels: 3, background: '#c63' } }).png().toBuffer();
const uploadPhoto = async (auth: Auth, code: string) => {
  const res = await app.inject({ method: 'PUT', url: `/api${productsApi.photo(code)}`, headers: auth, payload: await pngPhoto() });
  expect(res.statusCode).toBe(200);
  return res.json<{ photo: { url: string } }>().photo.url.match(/([0-9a-f]{32})\.webp$/)![1]!;
};
const brazilianDate = (d: Date) =>
  new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric' }).format(d);

/** A lost pet with everything a poster may show, all switched on. */
async function lostPet() {
  const tag = await ownedTag(app, 3, 1);
  await app.db.update(users).set({ phone: '31987654321' }).where(eq(users.id, userId(tag.owner.token)));
  const lost = {
    code: tag.code,
    name: 'Rex',
    importantInfo: 'Toma remédio para o coração às 8h',
    showInfoToFinder: true,
    showCity: true,
    lost: true,
    lostMessage: 'Fugiu perto da praça, é manso e atende por Rex',
    lostRewardCents: 20_000,
    lostReward: 'e um abraço',
    lostCity: 'Belo Horizonte',
  };
  expect((await edit(tag.owner.auth, lost)).statusCode).toBe(200);
  return { ...tag, lost };
}

describe(`[FIND-10] the lost poster ${dbLabel}`, () => {
  test("[FIND-10] the owner downloads an A4 PDF with the photo, the name, the message, the date and city lost, the reward, what to know and a large QR code of the tag's page — and nothing of the owner", async () => {
    const { owner, code, lost } = await lostPet();
    await uploadPhoto(owner.auth, code);
    const started = performance.now();
    const res = await poster(owner.auth, code);
    const took = performance.now() - started;
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(PDF_MIME);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${posterFilename(code)}"`);
    expect(res.headers['cache-control']).toBe('no-store');
    const bytes = new Uint8Array(res.rawPayload);
    // Bounded: one page, well under a megabyte, made in a few seconds even on a loaded machine.
    expect(bytes.byteLength).toBeLessThan(1_000_000);
    expect(took).toBeLessThan(10_000);
    console.log(`[FIND-10] ${dbLabel} poster with a 800 × 600 photo: ${bytes.byteLength} bytes in ${Math.round(took)} ms`);
    const again = performance.now();
    expect((await poster(owner.auth, code)).statusCode).toBe(200);
    console.log(`[FIND-10] ${dbLabel} the same poster again (photo worker warm): ${Math.round(performance.now() - again)} ms`);

    const pdf = await readPdf(bytes);
    expect(pdf.pages).toBe(1);
    expect(Math.round(pdf.sizes[0]!.width)).toBe(595);
    expect(Math.round(pdf.sizes[0]!.height)).toBe(842);
    const text = pdf.text[0]!;
    const since = (await row(code)).lostSince!;
    for (const shown of [
      posterText.heading,
      'Rex',
      lost.lostMessage,
      posterText.lostOn(brazilianDate(since), 'Belo Horizonte'),
      posterText.reward(`${formatReais(20_000)} — e um abraço`),
      posterText.importantInfo,
      lost.importantInfo,
      posterText.scan,
    ]) {
      expect(text).toContain(shown);
    }
    // The QR code, decoded from the rendered page, opens the tag's page.
    const pageUrl = `${app.config.publicUrl}${paths.finder(code)}`;
    expect(await pdfQrCode(bytes)).toBe(pageUrl);
    expect(text).toContain(posterText.orOpen(pageUrl));
    // The photo is on it (a JPEG image), re-made from the stored one.
    expect(Buffer.from(bytes).toString('latin1')).toContain('/DCTDecode');

    // Nothing private: not the owner's name, phone, e-mail or CPF (their address is nowhere in Toque).
    const flat = text.replace(/\s+/g, '');
    for (const hidden of ['Joana', 'Prado', 'Lima', owner.email, owner.cpfOrCnpj]) expect(text).not.toContain(hidden);
    for (const digits of ['31987654321', '987654321', '98765-4321']) expect(flat).not.toContain(digits);
    expect(flat).not.toMatch(/@/);
  });

  test("[FIND-10] the poster prints only what the finder's page shows: a field switched off is not on it, nor the photo", async () => {
    const { owner, code, lost } = await lostPet();
    await uploadPhoto(owner.auth, code);
    expect(
      (await edit(owner.auth, { ...lost, showPhoto: false, showReward: false, showCity: false, showInfoToFinder: false })).statusCode,
    ).toBe(200);
    const res = await poster(owner.auth, code);
    expect(res.statusCode).toBe(200);
    const text = (await readPdf(new Uint8Array(res.rawPayload))).text[0]!;
    expect(text).toContain(lost.lostMessage);
    expect(text).toContain(posterText.lostOn(brazilianDate((await row(code)).lostSince!), null));
    for (const hidden of ['Recompensa', '200,00', 'abraço', 'Belo Horizonte', posterText.importantInfo, 'remédio']) {
      expect(text).not.toContain(hidden);
    }
    expect(res.rawPayload.toString('latin1')).not.toContain('/DCTDecode');
  });

  test('[FIND-10] the date lost is when lost mode went on: saving again keeps it, switching off forgets it; it is in the export', async () => {
    const { owner, code, lost } = await lostPet();
    const first = (await row(code)).lostSince;
    expect(first).toBeInstanceOf(Date);
    expect(Math.abs(first!.getTime() - Date.now())).toBeLessThan(60_000);
    // An earlier date stands for a tag lost days ago: saving the box again does not move it.
    const daysAgo = new Date(Date.now() - 3 * 86_400_000);
    await app.db.update(tags).set({ lostSince: daysAgo }).where(eq(tags.code, code));
    expect((await edit(owner.auth, { ...lost, lostMessage: 'Ainda procurando o Rex' })).statusCode).toBe(200);
    expect((await row(code)).lostSince?.getTime()).toBe(daysAgo.getTime());
    const text = (await readPdf(new Uint8Array((await poster(owner.auth, code)).rawPayload))).text[0]!;
    expect(text).toContain(posterText.lostOn(brazilianDate(daysAgo), 'Belo Horizonte'));

    const exported = await app.inject({ method: 'POST', url: `/api${accountApi.export}`, headers: owner.auth, payload: { password: owner.password } });
    expect(exported.statusCode).toBe(200);
    const mine = exported.json<AccountExport>().tags.find((t) => t.code === code)!;
    expect(mine.lost?.since).toBe(daysAgo.toISOString());

    expect((await edit(owner.auth, { code, name: 'Rex', lost: false })).statusCode).toBe(200);
    expect((await row(code)).lostSince).toBeNull();
    expect((await edit(owner.auth, lost)).statusCode).toBe(200);
    expect((await row(code)).lostSince!.getTime()).toBeGreaterThan(daysAgo.getTime());
  });

  test('[FIND-10] only the owner, only in lost mode, never a plate: a member 403, a stranger 404, anonymous 401, a found tag 409, in Portuguese', async () => {
    const { owner, code, members, lost } = await lostPet();
    const stranger = (await ownedTag(app, 3)).owner;
    expect((await poster(owner.auth, code)).statusCode).toBe(200);
    expect((await poster(members[0]!.auth, code)).statusCode).toBe(403);
    expect((await poster(stranger.auth, code)).statusCode).toBe(404);
    expect((await poster({}, code)).statusCode).toBe(401);
    const [unclaimed] = await mint(app, 3);
    expect((await poster(owner.auth, unclaimed!)).statusCode).toBe(404);
    expect((await poster(owner.auth, 'not-a-code')).statusCode).toBe(400);

    expect((await edit(owner.auth, { code, name: 'Rex', lost: false })).statusCode).toBe(200);
    const found = await poster(owner.auth, code);
    expect(found.statusCode).toBe(409);
    expect(errorBody(found)).toBe(posterMsg.notLost);

    const building = await plate(app, 1);
    const plateRes = await poster(building.owner.auth, building.code);
    expect(plateRes.statusCode).toBe(400);
    expect(errorBody(plateRes)).toBe(posterMsg.plateHasNoPoster);
    expect(lost.lost).toBe(true);
  });

  test('[FIND-10] text a standard PDF font cannot write (emoji, another script) is left out, the poster is still made; the longest message fits', async () => {
    const { owner, code, lost } = await lostPet();
    const message = `Fugiu 🐶 ontem! 迷子 ${'muito manso e brincalhão '.repeat(20)}`.slice(0, 280);
    expect((await edit(owner.auth, { ...lost, lostMessage: message, name: 'Rex 🐾' })).statusCode).toBe(200);
    const res = await poster(owner.auth, code);
    expect(res.statusCode).toBe(200);
    const text = (await readPdf(new Uint8Array(res.rawPayload))).text[0]!;
    expect(text).toContain('Fugiu ontem!');
    expect(text).toContain('Rex');
    expect(text).toContain(posterText.scan);
    expect(await pdfQrCode(new Uint8Array(res.rawPayload))).toBe(`${app.config.publicUrl}${paths.finder(code)}`);
  });

  test('[FIND-10] [SEC-05] posters are limited per account: over the budget a 429 in Portuguese with Retry-After', async () => {
    const { owner, code } = await lostPet();
    const answers = [];
    for (let i = 0; i < 7; i++) answers.push(await poster(owner.auth, code));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200, 429]);
    const last = answers[6]!;
    expect(errorBody(last)).toBe(posterMsg.tooMany);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe(`[FIND-10] the link preview of a lost tag's page ${dbLabel}`, () => {
  test('[FIND-10] the preview image is the photo as a 1200 × 630 JPEG, only while the tag is lost and the page shows the photo', async () => {
    const { owner, code, lost } = await lostPet();
    const hash = await uploadPhoto(owner.auth, code);
    const preview = () => app.inject({ method: 'GET', url: `/api${posterApi.preview(code, hash)}` });
    const res = await preview();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', PREVIEW_WIDTH, PREVIEW_HEIGHT]);
    // No metadata travels with it.
    expect([meta.exif, meta.icc, meta.xmp]).toEqual([undefined, undefined, undefined]);
    expect(res.rawPayload.byteLength).toBeLessThan(300_000);
    // Served again from the cache: the same bytes.
    expect((await preview()).rawPayload.equals(res.rawPayload)).toBe(true);

    // Another name, an old photo's name, the photo switched off, the tag found: 404.
    for (const url of [posterApi.preview(code, '0'.repeat(32)), `/public/tags/${code}/preview/${hash}.webp`]) {
      expect((await app.inject({ method: 'GET', url: `/api${url}` })).statusCode).toBe(404);
    }
    expect((await edit(owner.auth, { ...lost, showPhoto: false })).statusCode).toBe(200);
    expect((await preview()).statusCode).toBe(404);
    expect((await edit(owner.auth, { ...lost, showPhoto: true })).statusCode).toBe(200);
    expect((await preview()).statusCode).toBe(200);
    expect((await edit(owner.auth, { code, name: 'Rex', lost: false })).statusCode).toBe(200);
    const gone = await preview();
    expect(gone.statusCode).toBe(404);
    expect(gone.json<{ message: string }>().message).toBeTruthy();
  });
});
