import { callUi } from '@toque/contracts/call-ui';
import { medicalCardUi } from '@toque/contracts/medical-card';
import { paths } from '@toque/contracts/routes';
import { expect, field, onShortRingServer, openFinder, openOwner, test, toast } from './support';

const shots = process.env.E2E_SHOTS_DIR;
const phone = { width: 390, height: 844 };
const desk = { width: 1366, height: 900 };

onShortRingServer(180_000, () => {
  test('[FIND-11] the owner fills a wristband\'s medical card; its finder sees 192 and 193 as tel: links first, the fields switched on, and the links again after a call nobody answered', async ({
    browser,
    request,
    ringServer,
  }) => {
    const server = { url: ringServer!.url, cli: ringServer!.cli };
    const owner = await openOwner(browser, request, {
      tag: { productId: 1, name: 'Pulseira da Vó Lia' },
      server,
      context: { viewport: phone },
    });
    const { page } = owner;

    // The owner fills the card on the wristband's edit page (a phone, 390×844).
    await page.goto(paths.editTag(owner.code));
    const card = page.getByRole('region', { name: medicalCardUi.heading });
    await expect(card.getByRole('switch', { name: medicalCardUi.needsCare })).not.toBeChecked();
    await card.getByRole('switch', { name: medicalCardUi.needsCare }).check();
    await field(card, medicalCardUi.allergies).fill('Alergia grave a dipirona');
    await card.getByRole('switch', { name: `${medicalCardUi.show}: ${medicalCardUi.allergies}` }).check();
    await field(card, medicalCardUi.medication).fill('Donepezila 10 mg');
    await card.getByLabel(medicalCardUi.bloodType, { exact: true }).selectOption('O-');
    await card.getByRole('switch', { name: `${medicalCardUi.show}: ${medicalCardUi.bloodType}` }).check();
    if (shots) {
      await card.screenshot({ path: `${shots}/medical-card-form-390.png` });
      await page.setViewportSize(desk);
      await page.screenshot({ path: `${shots}/medical-card-form-1366.png`, fullPage: true });
      await page.setViewportSize(phone);
    }
    await card.getByRole('button', { name: medicalCardUi.save }).click();
    await expect(toast(page, medicalCardUi.saved)).toBeVisible();
    // Saved, not only typed: a reload reads it back.
    await page.reload();
    await expect(field(page.getByRole('region', { name: medicalCardUi.heading }), medicalCardUi.medication)).toHaveValue('Donepezila 10 mg');
    // Nobody is there to answer.
    await owner.close();

    // The finder's phone: the emergency numbers are the first thing of the page, real tel: links.
    const finder = await openFinder(browser);
    await finder.page.goto(paths.finder(owner.code));
    const main = finder.page.getByRole('main');
    const emergency = main.getByRole('navigation', { name: callUi.finder.emergencyLabel });
    await expect(emergency.getByRole('link', { name: callUi.finder.emergencySamu })).toHaveAttribute('href', 'tel:192');
    await expect(emergency.getByRole('link', { name: callUi.finder.emergencyBombeiros })).toHaveAttribute('href', 'tel:193');
    const firstLink = await main.getByRole('link').first().getAttribute('href');
    expect(firstLink).toBe('tel:192');
    const top = async (name: string) => (await main.getByText(name, { exact: true }).first().boundingBox())!.y;
    const samuBox = (await emergency.getByRole('link', { name: callUi.finder.emergencySamu }).boundingBox())!;
    expect(samuBox.y + samuBox.height).toBeLessThanOrEqual(phone.height);
    expect(samuBox.y).toBeLessThan(await top(callUi.finder.heading));
    // The card: what the owner switched on, never what stayed off.
    const medical = main.getByRole('region', { name: callUi.finder.medical.heading });
    await expect(medical).toContainText('Alergia grave a dipirona');
    await expect(medical).toContainText('O-');
    await expect(main).not.toContainText('Donepezila');
    if (shots) {
      await finder.page.screenshot({ path: `${shots}/wristband-finder-390.png`, fullPage: true });
      await finder.page.setViewportSize(desk);
      await finder.page.screenshot({ path: `${shots}/wristband-finder-1366.png`, fullPage: true });
      await finder.page.setViewportSize(phone);
    }

    // A call nobody answers: the next steps offer the emergency numbers again, first.
    await main.getByRole('button', { name: callUi.finder.call }).click();
    await expect(main.getByText(callUi.finder.unanswered)).toBeVisible({ timeout: 60_000 });
    const steps = main.getByRole('navigation', { name: callUi.finder.emergencyLabel });
    // The page's own links (top) and the next steps' (again).
    await expect(steps).toHaveCount(2);
    const again = steps.nth(1);
    await expect(again.getByRole('link', { name: callUi.finder.emergencySamu })).toHaveAttribute('href', 'tel:192');
    await expect(again.getByRole('link', { name: callUi.finder.emergencyBombeiros })).toHaveAttribute('href', 'tel:193');
    const againBox = (await again.boundingBox())!;
    expect(againBox.y).toBeLessThan(await top(callUi.finder.unanswered));
    if (shots) await finder.page.screenshot({ path: `${shots}/wristband-missed-390.png`, fullPage: true });
    await finder.close();
  });
});
