import { describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { callUi } from '@toque/contracts/call-ui';
import type { PublicTag } from '@toque/contracts/calls';
import { FINDER_DATA_ID, type FinderSeed } from '@toque/contracts/finder-page';
import { FINDER_LANG_COOKIE, finderText } from '@toque/contracts/finder-text';
import { callMsg, tooManyAttemptsMessage } from '@toque/contracts/messages';
import { paths, productsApi } from '@toque/contracts/routes';
import { emptyMedicalCard, medicalCardApi } from '@toque/contracts/medical-card';
import { tags, unitResidents, units, users } from '../src/db/schema';
import { newTagCode } from '../src/lib/codes';
import { build, dbLabel, mint, signUp } from './helpers';
import { ownedTag, plate, userId } from './calls-support';
import { activate, signUpAdmin } from './condo-support';
import { buildWeb } from './web-build';

const dist = await buildWeb();
const { app } = await build({ WEB_DIST: dist });

let nextIp = 1;
/** Each test views from addresses of its own: only the limit test meets the per-address limit. */
const freshIp = () => `10.5.${Math.floor(nextIp / 250)}.${nextIp++ % 250}`;
const page = (code: string, ip = freshIp(), headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: paths.finder(code), remoteAddress: ip, headers });
const api = (code: string, ip = freshIp()) =>
  app.inject({ method: 'GET', url: `/api/public/tags/${code}`, remoteAddress: ip });

const OPEN = `<script type="application/json" id="${FINDER_DATA_ID}">`;

/** The page's JSON data block, as the browser's JSON.parse reads it. */
function seedOf(html: string): FinderSeed {
  const start = html.indexOf(OPEN);
  expect(start).toBeGreaterThan(0);
  const end = html.indexOf('</script>', start);
  return JSON.parse(html.slice(start + OPEN.length, end)) as FinderSeed;
}

/** The page's text as a reader sees it: markup gone, React's entities decoded. */
function textOf(html: string): string {
  const root = html.slice(html.indexOf('<div id="root"'), html.indexOf(OPEN));
  return root
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

/** Every <script> of the page: the module scripts and the one data block, nothing that runs inline. */
const scriptTags = (html: string) => html.match(/<script\b[^>]*>/g) ?? [];

describe(`the finder's page rendered by the server ${dbLabel}`, () => {
  test("[PERF-05] [PERF-06] [CALL-01] the first HTML of an active tag shows what was found and the call button, carries the API's view for hydration, and runs only the island", async () => {
    const { code } = await ownedTag(app, 3);
    await app.db
      .update(tags)
      .set({ name: 'Rex', importantInfo: 'Alérgico a frango', showInfoToFinder: true })
      .where(eq(tags.code, code));
    const res = await page(code);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    // The security headers every page has (SEC-04, SEC-06).
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['permissions-policy']).toContain('camera=(self)');

    const text = textOf(res.body);
    for (const shown of [
      callUi.finder.heading,
      callUi.finder.reached('Pet'),
      `${callUi.finder.tagName}: Rex`,
      callUi.finder.ownerIs('Joana'),
      callUi.finder.importantInfo,
      'Alérgico a frango',
      callUi.finder.call,
    ]) {
      expect(text).toContain(shown);
    }
    expect(res.body).toMatch(/<button[^>]*>Chamar o dono<\/button>/);
    // Shown disabled until a script runs: the finder page's island enables it (PERF-06), marked so.
    // (the video/voice choice, FIND-04, is a fieldset inside it)
    expect(res.body).toMatch(
      /<fieldset disabled="" data-awaits-script=""[^>]*>(?:(?!<\/fieldset>)[\s\S])*<fieldset>(?:(?!<\/fieldset>)[\s\S])*Só voz(?:(?!<\/fieldset>)[\s\S])*<\/fieldset>(?:(?!<\/fieldset>)[\s\S])*Chamar o dono/,
    );
    expect(res.body).toContain(`data-prerendered="${paths.finder(code)}"`);
    // The data block is exactly what GET /api/public/tags/:code answers.
    expect(seedOf(res.body)).toEqual({ code, inApp: false, lang: 'pt-BR', tag: (await api(code)).json<PublicTag>() });
    // PERF-06: the page runs only its island; the app's code (the finder route among it) is
    // prefetched while idle and runs on the tap. Nothing runs inline (CSP script-src 'self').
    expect(res.body).toMatch(/data-prefetch="[^"]*\/assets\/finder-[^"]*\.js/);
    expect(res.body).not.toContain('data-preload=');
    expect(scriptTags(res.body).filter((tag) => tag.includes('type="module"'))).toEqual([
      expect.stringMatching(/ src="\/assets\/finder-island-[^"]*\.js"/),
    ]);
    for (const tag of scriptTags(res.body)) {
      expect(tag).toMatch(
        /^<script (type="module" fetchpriority="low"[^>]* src="\/assets\/|type="application\/json" id=)/,
      );
    }
  });

  test("[FIND-11] [PERF-06] [SEC-10] a wristband marked as needing care: 192 and 193 as tel: links before anything else in the first HTML, the card's switched-on fields (no script needed), a switched-off one nowhere, in the finder's language", async () => {
    const { code, owner } = await ownedTag(app, 1);
    const lost = await app.inject({ method: 'PUT', url: `/api${productsApi.updateName}`, headers: owner.auth, payload: { code, name: 'Vovó Lia', lost: true, lostMessage: 'Saiu de casa sozinha' } });
    expect(lost.statusCode, lost.body).toBe(200);
    const card = await app.inject({
      method: 'PUT',
      url: `/api${medicalCardApi.card(code)}`,
      headers: owner.auth,
      payload: { ...emptyMedicalCard, needsCare: true, conditions: 'Alzheimer', showConditions: true, medication: 'Donepezila 10 mg', showMedication: false, bloodType: 'A-', showBloodType: true },
    });
    expect(card.statusCode, card.body).toBe(200);
    const res = await page(code);
    expect(res.statusCode).toBe(200);
    // The page's own header (logo, language switch) aside, the first thing of its main region.
    const root = res.body.slice(res.body.indexOf('<main'));
    const samu = root.indexOf('href="tel:192"');
    expect(samu).toBeGreaterThan(0);
    expect(root.indexOf('href="tel:193"')).toBeGreaterThan(samu);
    // Before the lost notice, the heading and the call button: the first thing of the card.
    for (const later of [callUi.finder.lostHeading, callUi.finder.heading, callUi.finder.call]) expect(root.indexOf(later), later).toBeGreaterThan(samu);
    expect(root.slice(0, samu)).not.toMatch(/<(h1|h2|button|section)\b/);
    const text = textOf(res.body);
    for (const shown of [callUi.finder.emergencySamu, callUi.finder.emergencyBombeiros, callUi.finder.needsCare, callUi.finder.medical.heading, callUi.finder.medical.conditions, 'Alzheimer', callUi.finder.medical.bloodType, 'A-']) {
      expect(text, shown).toContain(shown);
    }
    // Switched off: in neither the page nor its data block.
    expect(res.body).not.toContain('Donepezila');
    expect(text).not.toContain(callUi.finder.medical.medication);
    // PERF-06: still only the island runs.
    expect(scriptTags(res.body).filter((tag) => tag.includes('type="module"'))).toEqual([expect.stringMatching(/ src="\/assets\/finder-island-[^"]*\.js"/)]);
    // FIND-03: the same links in Spanish.
    const es = textOf((await page(code, freshIp(), { 'accept-language': 'es-AR,es;q=0.9' })).body);
    expect(es).toContain(finderText.es.emergencySamu);
    expect(es).toContain(finderText.es.medical.heading);

    // Not marked: no emergency links before the call (they come after a call nobody answered).
    const calm = await ownedTag(app, 1);
    expect((await page(calm.code)).body).not.toContain('tel:19');
  });

  test("[PERF-05] [CALL-02] [CONDO-10] [CONDO-13] a condominium plate's first HTML has the unit picker, the units nobody can answer said in one neutral line, not counted (CONDO-19)", async () => {
    const p = await plate(app, 1);
    const res = await page(p.code);
    expect(res.statusCode).toBe(200);
    const text = textOf(res.body);
    expect(text).toContain(callUi.finder.chooseUnit);
    expect(text).toContain('Edifício Aurora');
    expect(text).toContain(callUi.finder.unitsNotListed);
    // CONDO-15: visit or delivery; the one unit someone answers; then video / voice only (FIND-04).
    expect(res.body.match(/<input type="radio"/g)).toHaveLength(5);
    // FIND-05: the building's entrance, and its units are called, not "the owner".
    expect(text).toContain(callUi.finder.plateHeading('Edifício Aurora'));
    expect(res.body).toMatch(new RegExp(`<button[^>]*disabled=""[^>]*>${callUi.finder.callUnit}</button>`));
  });

  test("[PERF-05] [CALL-13] an app's webview gets the text-message path in its first HTML, as the browser would show it", async () => {
    const { code } = await ownedTag(app, 3);
    const res = await page(code, freshIp(), { 'user-agent': 'Mozilla/5.0 (Linux; Android 13; wv) Instagram 300.0' });
    expect(seedOf(res.body).inApp).toBe(true);
    expect(textOf(res.body)).toContain(callUi.finder.inAppBrowser);
    expect(textOf(res.body)).not.toContain(callUi.finder.call);
  });

  test('[PERF-05] [CALL-01] [ADM-06] inactive and disabled tags say so in the HTML; unclaimed goes to onboarding; unknown and malformed codes are a 404 page', async () => {
    const inactive = await ownedTag(app, 2);
    await app.db.update(tags).set({ isActive: false, name: 'Casa' }).where(eq(tags.code, inactive.code));
    const disabled = await ownedTag(app, 4);
    await app.db.update(tags).set({ disabledAt: new Date() }).where(eq(tags.code, disabled.code));
    const [unclaimed] = await mint(app, 1);

    for (const [code, message, type] of [
      [inactive.code, callMsg.inactive, 'Campainha'],
      [disabled.code, callMsg.disabled, 'Objeto'],
    ] as const) {
      const res = await page(code);
      expect([res.statusCode, res.headers['cache-control']]).toEqual([200, 'no-store']);
      expect(textOf(res.body)).toContain(message);
      expect(textOf(res.body)).toContain(callUi.finder.reached(type));
      expect(textOf(res.body)).not.toContain(callUi.finder.call);
      expect(textOf(res.body)).not.toContain('Casa');
      expect(seedOf(res.body).tag).toEqual((await api(code)).json());
    }

    const claim = await page(unclaimed!.toLowerCase());
    expect([claim.statusCode, claim.headers.location, claim.headers['cache-control']]).toEqual([
      303,
      paths.onboarding(unclaimed!),
      'no-store',
    ]);

    for (const unknown of ['ZZZZZZZZ', 'abc', 'ABCD-123', '%3Cb%3Eoi%3C%2Fb%3E']) {
      const res = await page(unknown);
      expect([unknown, res.statusCode, res.headers['content-type']]).toEqual([
        unknown,
        404,
        'text/html; charset=utf-8',
      ]);
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      expect(textOf(res.body)).toContain(callMsg.tagNotFound);
      expect(seedOf(res.body).error).toEqual({ status: 404, message: callMsg.tagNotFound });
      expect(res.body).not.toContain('<b>oi');
    }
  });

  test("[PERF-05] [CALL-02] an owner's </script> or <!-- in the tag name or info neither ends the data block nor becomes markup", async () => {
    const { code } = await ownedTag(app, 3);
    const name = '</script><script>alert(1)</script>';
    const info = '<!--<script>alert(2)//\u2028</script>"\'&amp;';
    await app.db.update(tags).set({ name, importantInfo: info, showInfoToFinder: true }).where(eq(tags.code, code));
    const res = await page(code);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<script>alert');
    expect(res.body).not.toContain('<!--<script>');
    // Still only the app's module scripts and the one data block.
    expect(scriptTags(res.body).filter((tag) => !tag.includes('src="/assets/'))).toEqual([
      `<script type="application/json" id="${FINDER_DATA_ID}">`,
    ]);
    expect(seedOf(res.body).tag).toMatchObject({ name, important_info: info });
    expect(textOf(res.body)).toContain(name);
    expect(textOf(res.body)).toContain(info.replace(/\s+/g, ' '));
  });

  test("[SEC-10] [FIND-09] the owner's first name switched off is in neither the page nor its data block; switched on, both name them", async () => {
    const owner = await signUp(app, { name: 'Carlos Eduardo Moura' });
    const [code] = await mint(app, 3);
    await app.inject({ method: 'PUT', url: '/api/products/associateQrCode', headers: owner.auth, payload: { code } });
    const setName = (showOwnerName: boolean) =>
      app.inject({ method: 'PUT', url: `/api${productsApi.updateName}`, headers: owner.auth, payload: { code, name: 'Rex', showOwnerName } });
    expect((await setName(false)).statusCode).toBe(200);
    const hidden = (await page(code!)).body;
    expect(seedOf(hidden).tag).toMatchObject({ state: 'active', name: 'Rex', owner_first_name: '' });
    for (const part of ['Carlos', 'Eduardo', 'Moura']) expect(hidden).not.toContain(part);

    expect((await setName(true)).statusCode).toBe(200);
    const shown = (await page(code!)).body;
    expect(seedOf(shown).tag!.owner_first_name).toBe('Carlos');
    expect(textOf(shown)).toContain(callUi.finder.ownerIs('Carlos'));
  });

  test("[SEC-04] [CONDO-13] [PERF-05] units named with $`, $', $& and $$ (replacement patterns): the plate's page has one doctype, its data block parses and holds each name as written", async () => {
    const admin = await signUpAdmin(app);
    const sindico = await signUp(app, { name: 'Sílvia Síndica' });
    const names = ['Apto $`', "Apto $'", 'Apto $&', 'Apto $$', "$` $' $& $$ $1"];
    const { plate: code, unitIds } = await activate(app, admin, sindico, names.length, names);
    // Units someone answers are listed one by one on the page (the others are only counted).
    for (const unitId of unitIds) {
      const resident = await signUp(app, { name: 'Rui Residente' });
      await app.db.insert(unitResidents).values({ unitId, userId: userId(resident.token) });
    }
    const res = await page(code);
    expect(res.statusCode).toBe(200);
    expect(res.body.match(/<!doctype html>/gi)).toHaveLength(1);
    expect(res.body.match(/<\/body>/g)).toHaveLength(1);
    expect(res.body.match(new RegExp(`<script type="application/json" id="${FINDER_DATA_ID}">`, 'g'))).toHaveLength(1);
    const seed = seedOf(res.body);
    expect(seed.tag!.units.map((u) => u.name).sort()).toEqual([...names].sort());
    const text = textOf(res.body);
    for (const name of names) expect(text).toContain(name);
  });

  test('[CALL-02] the HTML and its data block carry nothing of the owner or a member beyond the public view', async () => {
    const { owner, code, members } = await ownedTag(app, 1, 1);
    await app.db
      .update(tags)
      .set({ name: 'Pulseira do vovô', importantInfo: 'Diabético', showInfoToFinder: true })
      .where(eq(tags.code, code));
    const html = (await page(code)).body;
    expect(textOf(html)).toContain(callUi.finder.ownerIs('Joana'));
    for (const person of [owner, members[0]!]) {
      const [row] = await app.db
        .select()
        .from(users)
        .where(eq(users.id, userId(person.token)));
      for (const secret of [
        row!.email,
        row!.phone,
        row!.cpfCnpj,
        row!.id,
        'Prado',
        'Lima',
        'Sobrenome',
        row!.passwordHash,
      ]) {
        expect(html).not.toContain(secret);
      }
    }
    expect(Object.keys(seedOf(html)).sort()).toEqual(['code', 'inApp', 'lang', 'tag']);
    expect(Object.keys(seedOf(html).tag!).sort()).toEqual(
      ['code', 'important_info', 'name', 'owner_first_name', 'product_id', 'state', 'type', 'units'].sort(),
    );
  });

  test("[FIND-03] [FIND-05] the page is rendered in the browser's language (en, es), or the switch's; <html lang> says which; pt-BR otherwise", async () => {
    const { code } = await ownedTag(app, 3);
    const { en, es } = finderText;
    const english = await page(code, freshIp(), { 'accept-language': 'en-US,en;q=0.9' });
    expect(english.statusCode).toBe(200);
    expect(english.body).toContain('<html lang="en">');
    expect(english.headers.vary).toContain('Accept-Language');
    expect(seedOf(english.body).lang).toBe('en');
    for (const shown of [en.heading, en.reached(en.productType(3)), en.ownerIs('Joana'), en.call, en.video, en.voiceOnly])
      expect(textOf(english.body)).toContain(shown);
    expect(textOf(english.body)).not.toContain(callUi.finder.heading);

    const spanish = await page(code, freshIp(), { 'accept-language': 'es-ES,es;q=0.9' });
    expect(spanish.body).toContain('<html lang="es">');
    for (const shown of [es.heading, es.reached(es.productType(3)), es.call, es.callMode])
      expect(textOf(spanish.body)).toContain(shown);

    // The switch's choice (a session cookie) wins over the browser's language.
    const switched = await page(code, freshIp(), {
      'accept-language': 'en-US',
      cookie: `other=1; ${FINDER_LANG_COOKIE}=es`,
    });
    expect(seedOf(switched.body).lang).toBe('es');
    expect(textOf(switched.body)).toContain(es.heading);

    const other = await page(code, freshIp(), { 'accept-language': 'fr-FR', cookie: `${FINDER_LANG_COOKIE}=fr` });
    expect(other.body).toContain('<html lang="pt-BR">');
    expect(textOf(other.body)).toContain(callUi.finder.heading);

    // The plate's unit picker, and an unknown code's page, in the finder's language too.
    const p = await plate(app, 1);
    // The unit not named yet gets a resident (only units someone answers are offered, CONDO-13), and
    // another unit has nobody yet.
    const resident = await signUp(app, { name: 'Rosa Morais' });
    await app.db.insert(unitResidents).values({ unitId: p.empty.id, userId: userId(resident.token) });
    await app.db.insert(units).values({ condominiumId: p.empty.condominiumId, name: '102', associationCode: newTagCode() });
    const plateText = textOf((await page(p.code, freshIp(), { 'accept-language': 'es' })).body);
    expect(plateText).toContain(es.chooseUnit);
    expect(plateText).toContain(es.unitsNotListed);
    // FIND-05: the building's words, and a unit not named yet, in Spanish.
    expect(plateText).toContain(es.plateHeading('Edifício Aurora'));
    expect(plateText).toContain(es.temporaryUnit);
    expect(plateText).not.toContain(callMsg.temporaryUnit);
    const unknown = await page('ZZZZZZZZ', freshIp(), { 'accept-language': 'en' });
    expect(unknown.statusCode).toBe(404);
    expect(textOf(unknown.body)).toContain(en.server.tagNotFound);
    // The API itself stays Portuguese.
    expect((await app.inject({ method: 'GET', url: '/api/public/tags/ZZZZZZZZ', headers: { 'accept-language': 'en' }, remoteAddress: freshIp() })).json()).toEqual({ message: callMsg.tagNotFound });
  });

  test("[PERF-05] the server bundle and the build's manifests are not served", async () => {
    for (const url of ['/.ssr/entry-server.js', '/.ssr/finder.json', '/.ssr/finder.html', '/.vite/manifest.json']) {
      const res = await app.inject({ method: 'GET', url });
      expect([url, res.statusCode]).toEqual([url, 404]);
    }
  });
});

describe(`the finder's page and the per-address limit ${dbLabel}`, async () => {
  const limited = await build({ WEB_DIST: dist, RATE_TAG_VIEW_PER_IP: '3' });
  const view = (url: string, ip: string) => limited.app.inject({ method: 'GET', url, remoteAddress: ip });

  test('[PERF-05] [SEC-05] page and API views share one limit; over it the page says so (429, Retry-After), and other addresses still see the tag', async () => {
    const { code } = await ownedTag(limited.app, 3);
    const ip = '10.9.9.9';
    expect((await view(paths.finder(code), ip)).statusCode).toBe(200);
    expect((await view(`/api/public/tags/${code}`, ip)).statusCode).toBe(200);
    // A malformed code counts too: sweeping guesses spends the budget.
    expect((await view(paths.finder('abc'), ip)).statusCode).toBe(404);
    const over = await view(paths.finder(code), ip);
    expect([over.statusCode, over.headers['content-type'], over.headers['cache-control']]).toEqual([
      429,
      'text/html; charset=utf-8',
      'no-store',
    ]);
    const retryAfter = Number(over.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    const message = tooManyAttemptsMessage(retryAfter);
    expect(textOf(over.body)).toContain(message);
    expect(seedOf(over.body)).toEqual({
      code,
      inApp: false,
      lang: 'pt-BR',
      error: { status: 429, message, retryAfterS: retryAfter },
    });
    expect(textOf(over.body)).not.toContain(callUi.finder.call);
    expect((await view(`/api/public/tags/${code}`, ip)).statusCode).toBe(429);
    // The flood spends its own address's budget, never the tag's for other finders.
    const other = await view(paths.finder(code), '10.9.9.10');
    expect(other.statusCode).toBe(200);
    expect(textOf(other.body)).toContain(callUi.finder.call);
    // FIND-03: the wait is said in the finder's language.
    const english = await limited.app.inject({
      method: 'GET',
      url: paths.finder(code),
      remoteAddress: ip,
      headers: { 'accept-language': 'en' },
    });
    expect(english.statusCode).toBe(429);
    expect(textOf(english.body)).toContain(finderText.en.tooManyAttempts(Number(english.headers['retry-after'])));
  });
});
