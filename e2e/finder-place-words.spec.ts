import type { Page } from '@playwright/test';
import { callMsg } from '@toque/contracts/messages';
import { finderText, type FinderLang } from '@toque/contracts/finder-text';
import { condoApi, paths, productsApi } from '@toque/contracts/routes';
import { parseUnitNumber, type Unit } from '@toque/contracts/condominium';
import { expectNoSeriousA11yViolations } from './support/dashboard';
import {
  apiAs,
  apiLogin,
  createAdmin,
  expect,
  mintCodes,
  newUser,
  ownedTag,
  pageErrors,
  registerUser,
  test,
} from './support';

const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const locales: [FinderLang, string][] = [
  ['pt-BR', 'pt-BR'],
  ['en', 'en-US'],
  ['es', 'es-ES'],
];
const shots = process.env.E2E_SHOTS_DIR;

/** FIND-05: the page's own header and footer are in the finder's language too. */
async function expectChromeIn(page: Page, lang: FinderLang) {
  const t = finderText[lang];
  await expect(page.getByRole('banner').getByRole('link', { name: t.site.homeLink })).toBeVisible();
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('navigation', { name: t.site.footerLinks })).toBeVisible();
  for (const text of [t.site.slogan, t.site.manual, t.site.privacy, t.site.terms]) await expect(footer).toContainText(text);
}

test("[FIND-05] a condominium plate's page speaks of the building and its units in pt-BR, en and es; a unit not named yet is never a Portuguese placeholder", async ({
  browser,
  request,
}) => {
  test.setTimeout(135_000);
  const adminToken = await apiLogin(request, createAdmin());
  const sindico = await registerUser(request, newUser({ name: 'Sílvia Síndica' }));
  const [plate] = await mintCodes(5);
  const building = `Residencial Jacarandá ${Date.now() % 10_000}`;
  const { id: condominiumId } = await apiAs<{ id: number }>(request, adminToken, condoApi.createCondominium, {
    nameCondominium: building,
  });
  for (const nameOfUnit of ['Apto 101', ''])
    await apiAs(request, adminToken, condoApi.createUnit, { condominiumId, qrCode: plate, nameOfUnit, emailAdminCond: sindico.email });
  // CONDO-13: only units someone answers are offered: a resident joins the unit not named yet; Apto 101 has nobody.
  const sindicoToken = await apiLogin(request, sindico);
  const temporary = (await apiAs<Unit[]>(request, sindicoToken, condoApi.ownerQrCode, { qrCode: plate }))
    .map((u) => parseUnitNumber(u.unit_number))
    .find((u) => u.name === null)!;
  const residentToken = await apiLogin(request, await registerUser(request, newUser({ name: 'Rui Morador' })));
  await apiAs(request, residentToken, productsApi.associate, { code: temporary.code }, 'put');

  for (const [lang, locale] of locales) {
    const t = finderText[lang];
    const context = await browser.newContext({ ...phone, locale });
    const page = await context.newPage();
    const errors = pageErrors(page);
    await page.goto(paths.finder(plate!));
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.plateHeading(building));
    await expect(page.getByRole('button', { name: t.callUnit })).toBeDisabled();
    await expect(page.getByText(t.explainUnit)).toBeVisible();
    await expect(page.getByRole('radio', { name: t.temporaryUnit })).toBeVisible();
    await expect(page.getByText(t.unitsNotListed)).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Apto 101' })).toHaveCount(0);
    // Neither the owner's words nor a placeholder in another language.
    await expect(page.getByText(t.heading)).toHaveCount(0);
    await expect(page.getByRole('button', { name: t.call })).toHaveCount(0);
    if (lang !== 'pt-BR') await expect(page.locator('body')).not.toContainText(callMsg.temporaryUnit);
    await expectChromeIn(page, lang);
    if (lang === 'es') await expectNoSeriousA11yViolations(page, "the plate's page in Spanish");
    if (shots) {
      await page.screenshot({ path: `${shots}/plate-${lang}-390.png`, fullPage: true });
      if (lang === 'en') {
        await page.setViewportSize({ width: 1366, height: 900 });
        await page.screenshot({ path: `${shots}/plate-en-1366.png`, fullPage: true });
      }
    }
    expect(errors).toEqual([]);
    await context.close();
  }
});

test("[FIND-05] a house's doorbell speaks of a home, and other tags read naturally in English and Spanish", async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const { code: doorbell, user } = await ownedTag(request, 2, { name: 'Casa da praia' });
  const firstName = user.name.split(' ')[0]!;
  const { code: wristband } = await ownedTag(request, 1, { name: 'Pulseira do Léo' });

  for (const [lang, locale] of locales) {
    const t = finderText[lang];
    const context = await browser.newContext({ ...phone, locale });
    const page = await context.newPage();
    const errors = pageErrors(page);
    await page.goto(paths.finder(doorbell));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.homeHeading(firstName));
    await expect(page.getByRole('button', { name: t.callHome })).toBeEnabled();
    await expect(page.getByText(t.explainHome)).toBeVisible();
    await expectChromeIn(page, lang);
    if (shots) await page.screenshot({ path: `${shots}/doorbell-${lang}-390.png`, fullPage: true });

    await page.goto(paths.finder(wristband));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.heading);
    await expect(page.getByText(t.reached(t.productType(1)))).toBeVisible();
    await expect(page.getByRole('button', { name: t.call })).toBeEnabled();
    expect(errors).toEqual([]);
    await context.close();
  }
  // The English and Spanish say what the thing is, not "a Toque of the type Bracelet".
  expect(finderText.en.reached(finderText.en.productType(1))).toBe('This Toque is a wristband.');
  expect(finderText.es.reached(finderText.es.productType(1))).toBe('Este Toque es una pulsera.');
});
