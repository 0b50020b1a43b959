import type { Browser } from '@playwright/test';
import { callUi } from '@toque/contracts/call-ui';
import { doorWords, FINDER_LANG_COOKIE, finderLangs, finderText, type FinderLang } from '@toque/contracts/finder-text';
import { msg } from '@toque/contracts/messages';
import { paths } from '@toque/contracts/routes';
import {
  buildingWith,
  expect,
  expectPath,
  markLost,
  newUser,
  onShortRingServer,
  openFinder,
  openOwner,
  openSession,
  ownedTag,
  test,
  watchCallSocket,
  GEOCODER_DOWN,
  allow,
} from './support';
import { expectNoSeriousA11yViolations } from './support/dashboard';

// The geocoder is down in the tests: the owner's screen shows its handled error.
test.use({ allowConsoleErrors: allow(GEOCODER_DOWN) });

/** The finder's phone (the shared one) in `locale`, at twice the pixels for the screenshots. */
const finderPhoneIn = (browser: Browser, locale: string) =>
  openFinder(browser, { context: { deviceScaleFactor: 2, geolocation: { latitude: -19.92, longitude: -43.93 }, locale } });

test('[FIND-03] a finder whose browser is in English sees the page, the switch, calling, ringing, connected and ended in English; the owner stays in Portuguese', async ({
  browser,
  request,
}) => {
  test.setTimeout(135_000);
  const ownerSide = await openOwner(browser, request, { tag: { name: 'Rex', importantInfo: 'Alérgico a frango' } });
  const { code, user, page: owner, errors: ownerErrors } = ownerSide;
  const firstName = user.name.split(' ')[0]!;
  const { en, es } = finderText;

  const finderSide = await finderPhoneIn(browser, 'en-US');
  const { context, page: finder, errors: finderErrors } = finderSide;
  await finder.goto(paths.finder(code));
  await expect(finder.locator('html')).toHaveAttribute('lang', 'en');
  await expect(finder.getByRole('heading', { name: en.heading })).toBeVisible();
  for (const text of [en.reached(en.productType(3)), en.ownerIs(firstName), en.importantInfo, en.explain, en.callMode])
    await expect(finder.getByText(text, { exact: true })).toBeVisible();
  await expect(finder.getByRole('radio', { name: en.video })).toBeChecked();
  await expect(finder.getByRole('radio', { name: en.voiceOnly })).toBeVisible();
  await expectNoSeriousA11yViolations(finder, 'the finder page in English');
  if (process.env.SHOTS_DIR) {
    await finder.screenshot({ path: `${process.env.SHOTS_DIR}/finder-en-390.png`, fullPage: true });
    await finder.setViewportSize({ width: 1366, height: 900 });
    await finder.screenshot({ path: `${process.env.SHOTS_DIR}/finder-en-1366.png` });
    await finder.setViewportSize({ width: 390, height: 844 });
  }

  // The visible switch: Spanish at once, and for the rest of the visit (the server renders it too).
  const switcher = finder.getByRole('group', { name: en.language });
  await expect(switcher.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
  await switcher.getByRole('button', { name: 'Español' }).click();
  await expect(finder.getByRole('heading', { name: es.heading })).toBeVisible();
  await expect(finder.locator('html')).toHaveAttribute('lang', 'es');
  await expect(finder.getByRole('button', { name: es.call })).toBeVisible();
  const cookie = (await context.cookies()).find((c) => c.name === FINDER_LANG_COOKIE);
  expect(cookie?.value).toBe('es');
  // A session cookie: kept for the visit, gone with the browser.
  expect(cookie?.expires).toBe(-1);
  await finder.reload();
  await expect(finder.getByRole('heading', { name: es.heading })).toBeVisible();
  await expect(finder.locator('html')).toHaveAttribute('lang', 'es');
  await finder.getByRole('group', { name: es.language }).getByRole('button', { name: 'English' }).click();
  await expect(finder.getByRole('heading', { name: en.heading })).toBeVisible();

  await finder.getByRole('button', { name: en.call }).click();
  await expect(finder.getByRole('status').filter({ hasText: en.ringing(firstName) })).toBeVisible();
  // The owner is rung now (before the slower checks below use up the ring's seconds).
  await expectPath(owner, paths.call);
  await expect(owner.getByRole('heading', { name: msg.callIncoming })).toBeVisible();
  await expect(finder.getByLabel(en.selfView)).toBeVisible();
  await expect(finder.getByRole('button', { name: en.mute })).toBeVisible();
  await expect(finder.getByRole('button', { name: en.switchCamera })).toBeVisible();
  // (The axe scan of these controls waits for the call: a scan while ringing spends the ring's seconds.)

  // The owner's side is Portuguese whatever the finder's language.
  await expectPath(owner, paths.call);
  await expect(owner.getByRole('heading', { name: msg.callIncoming })).toBeVisible();
  await owner.getByRole('button', { name: callUi.owner.answer }).click();
  await expect(owner.getByRole('button', { name: callUi.owner.hangUp })).toBeVisible();
  await expect(owner.locator('html')).toHaveAttribute('lang', 'pt-BR');

  await expect(finder.getByRole('status').filter({ hasText: en.connected })).toBeVisible({ timeout: 30_000 });
  await expectNoSeriousA11yViolations(finder, 'the English call controls in the call');
  // CALL-14: the owner answered with the microphone only: said in English, over the finder's own camera.
  await expect(finder.getByRole('status').filter({ hasText: en.ownerVoiceOnly })).toBeVisible();
  await expect(finder.getByLabel(en.selfView)).toBeVisible();
  if (process.env.SHOTS_DIR) await finder.screenshot({ path: `${process.env.SHOTS_DIR}/finder-en-call-390.png` });
  await finder.getByRole('button', { name: en.hangUp }).click();
  await expect(finder.getByRole('status').filter({ hasText: en.ended })).toBeVisible();
  await expect(owner.getByRole('heading', { name: callUi.owner.ended })).toBeVisible();

  // An unknown code's page, in English too.
  await finder.goto(paths.finder('ZZZZZZZ2'));
  await expect(finder.getByRole('heading', { name: en.server.tagNotFound })).toBeVisible();

  expect(ownerErrors).toEqual([]);
  // The 404 of the unknown page's own document is the browser's only complaint.
  expect(finderErrors.filter((e) => !/status of 404/.test(e))).toEqual([]);
  await Promise.all([ownerSide.close(), finderSide.close()]);
});

test("[FIND-03] a finder whose browser is in Spanish sees a plate's one line for units nobody answers yet (CONDO-13) in Spanish", async ({
  browser,
  request,
}) => {
  test.setTimeout(135_000);
  const { es } = finderText;

  // A condominium plate whose units nobody answers yet.
  const building = `Residencial Ipê ${Date.now() % 10_000}`;
  const { plate } = await buildingWith(request, { name: building, unitNames: ['Apto 101'], residents: [], unitOf: [] });

  const finderSide = await finderPhoneIn(browser, 'es-ES');
  const { page: finder, errors: finderErrors } = finderSide;
  await finder.goto(paths.finder(plate));
  await expect(finder.locator('html')).toHaveAttribute('lang', 'es');
  // CONDO-13: nobody answers any unit yet: no unit is offered, one neutral line says so, never how many (CONDO-19).
  await expect(finder.getByText(es.unitsNotListed)).toBeVisible();
  await expect(finder.getByRole('radio', { name: 'Apto 101' })).toHaveCount(0);
  await expect(finder.getByRole('button', { name: es.callUnit })).toBeDisabled();
  await expect(finder.getByRole('heading', { name: es.plateHeading(building) })).toBeVisible();
  if (process.env.SHOTS_DIR)
    await finder.screenshot({ path: `${process.env.SHOTS_DIR}/finder-es-plate-390.png`, fullPage: true });

  expect(finderErrors).toEqual([]);
  await finderSide.close();
});

onShortRingServer(135_000, () => {
  test("[FIND-03] a finder whose browser is in Spanish sees the unanswered call, the message form's error and the message sent in Spanish", async ({
    browser,
    request,
    ringServer,
  }) => {
    const { es } = finderText;
    // A pet tag whose owner is not online: nobody answers (this server's ring timeout is 15 s).
    const { code, user } = await ownedTag(request, 3, {}, ringServer!.cli);
    const finderSide = await finderPhoneIn(browser, 'es-ES');
    const { page: finder, errors: finderErrors } = finderSide;
    await finder.goto(paths.finder(code));
    await finder.getByRole('button', { name: es.call }).click();
    await expect(finder.getByRole('status').filter({ hasText: es.ringing(user.name.split(' ')[0]!) })).toBeVisible();
    await expect(finder.getByRole('status').filter({ hasText: es.unanswered })).toBeVisible({ timeout: 45_000 });
    await expect(finder.getByText(es.leaveMessage)).toBeVisible();
    await finder.getByRole('button', { name: es.sendMessage }).click();
    await expect(finder.getByText(es.server.messageEmpty)).toBeVisible();
    await finder.getByLabel(es.messageLabel).fill('Encontré tu perro en la plaza.');
    await finder.getByRole('button', { name: es.sendMessage }).click();
    await expect(finder.getByRole('status').filter({ hasText: es.messageSent })).toBeVisible();

    expect(finderErrors).toEqual([]);
    await finderSide.close();
  });
});

test("[FIND-03] [FIND-02] [FIND-01] a lost tag's notice and the location sharing speak the finder's language", async ({
  browser,
  request,
}) => {
  const { code, token } = await ownedTag(request, 3, { name: 'Rex' });
  await markLost(request, token, code, { name: 'Rex', message: 'Fugiu perto da praça.', reward: 'R$ 50' });
  const { en, es } = finderText;

  const finderSide = await finderPhoneIn(browser, 'en-US');
  const { page: finder, errors: finderErrors } = finderSide;
  await finder.goto(paths.finder(code));
  await expect(finder.getByRole('heading', { name: en.lostHeading })).toBeVisible();
  await expect(finder.getByText(en.reward('R$ 50'), { exact: true })).toBeVisible();
  // The owner's message is the owner's words, shown as written.
  await expect(finder.getByText('Fugiu perto da praça.', { exact: true })).toBeVisible();
  await finder.getByRole('button', { name: en.shareLocation }).click();
  await expect(finder.getByRole('status').filter({ hasText: en.locationShared })).toBeVisible();

  await finder.getByRole('group', { name: en.language }).getByRole('button', { name: 'Español' }).click();
  await expect(finder.getByRole('heading', { name: es.lostHeading })).toBeVisible();
  await expect(finder.getByText(es.reward('R$ 50'), { exact: true })).toBeVisible();
  await expect(finder.getByRole('status').filter({ hasText: es.locationShared })).toBeVisible();
  expect(finderErrors).toEqual([]);
  await finderSide.close();
});

/** What a door must not say (CONDO-19): the owner of a lost thing, in the finder's three languages. */
const ownerWord: Record<FinderLang, RegExp> = { 'pt-BR': /\bdon[oa]s?\b/i, en: /\bowners?\b/i, es: /\bdueñ[oa]s?\b/i };
const locales: Record<FinderLang, string> = { 'pt-BR': 'pt-BR', en: 'en-US', es: 'es-ES' };

for (const lang of finderLangs)
  test(`[CONDO-19] [FIND-03] a visitor at a plate on a 390 px phone in ${lang} reads of residents, never of an owner: the door, the declined call's next steps, the voice-only answer and the end; and no count of units nobody answers`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const building = `Residencial Cedro ${Date.now() % 10_000}`;
    // Apto 101 has a resident; the unit not named yet has nobody (the old page counted it).
    const { plate, tokens } = await buildingWith(request, {
      name: building,
      unitNames: ['Apto 101', ''],
      residents: [newUser({ name: 'Rui Morador' })],
      unitOf: [0],
    });
    const residentToken = tokens[0]!;

    // The resident's dashboard; after a declined call it goes back there and waits for its socket again.
    const ownerSide = await openSession(browser, residentToken);
    const { page: owner, errors: ownerErrors } = ownerSide;
    const ownerReady = async () => {
      const socket = watchCallSocket(owner);
      await owner.goto(paths.dashboard);
      await socket.connected();
    };

    {
      const t = finderText[lang];
      const noOwner = async (where: string) => {
        const text = await finder.locator('main').innerText();
        expect(text, `${lang}, ${where}`).not.toMatch(ownerWord[lang]);
      };
      const finderSide = await finderPhoneIn(browser, locales[lang]);
      const { page: finder, errors: finderErrors } = finderSide;
      await finder.goto(paths.finder(plate));
      await expect(finder.locator('html')).toHaveAttribute('lang', lang);
      await expect(finder.getByRole('heading', { name: t.plateHeading(building) })).toBeVisible();
      // The public page never counts the units nobody answers: it would tell a stranger which flats are empty.
      expect(await finder.locator('main').innerText()).not.toMatch(/\b\d+\s+(unidades?|units?|unidad(es)?)\b/i);
      await noOwner('the door');
      if (process.env.SHOTS_DIR)
        await finder.screenshot({ path: `${process.env.SHOTS_DIR}/door-words-${lang}-390.png`, fullPage: true });

      // A declined call: the next steps (the message and the way back) speak of the residents.
      await finder.getByRole('radio', { name: 'Apto 101' }).click();
      await finder.getByRole('button', { name: t.callUnit }).click();
      await expectPath(owner, paths.call);
      await expect(owner.getByRole('heading', { name: msg.callIncoming })).toBeVisible();
      await owner.getByRole('button', { name: callUi.owner.decline }).click();
      await expect(finder.getByRole('status').filter({ hasText: t.unitDeclined })).toBeVisible();
      await expect(finder.getByRole('button', { name: t.sendCallback })).toBeVisible();
      await noOwner('the next steps');
      if (process.env.SHOTS_DIR)
        await finder.screenshot({ path: `${process.env.SHOTS_DIR}/door-words-${lang}-next-390.png`, fullPage: true });

      // Rung again and answered with the microphone only (CALL-14), then hung up.
      await ownerReady();
      await finder.getByRole('button', { name: t.tryAgain }).click();
      await expectPath(owner, paths.call);
      await owner.getByRole('button', { name: callUi.owner.answer }).click();
      await expect(finder.getByRole('status').filter({ hasText: t.connectedUnit('Apto 101') })).toBeVisible({
        timeout: 30_000,
      });
      await expect(finder.getByRole('button', { name: t.hangUp })).toBeVisible();
      await expect(finder.getByLabel(t.selfView)).toBeVisible();
      await noOwner('the voice-only call');
      if (process.env.SHOTS_DIR)
        await finder.screenshot({ path: `${process.env.SHOTS_DIR}/door-words-${lang}-call-390.png` });
      await finder.getByRole('button', { name: t.hangUp }).click();
      await expect(finder.getByRole('button', { name: t.hangUp })).toHaveCount(0);
      await expect(finder.getByRole('status').filter({ hasText: doorWords[lang].ended })).toBeVisible();
      await expect(finder.getByText(t.ended)).toHaveCount(0);
      await noOwner('the end of the call');

      expect(finderErrors).toEqual([]);
      await finderSide.close();
    }
    expect(ownerErrors).toEqual([]);
    await ownerSide.close();
  });
