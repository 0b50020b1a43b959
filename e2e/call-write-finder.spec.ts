import { callUi } from '@toque/contracts/call-ui';
import { conversationFinderText, conversationsUi } from '@toque/contracts/conversations';
import { expectNoSeriousA11yViolations } from './support/dashboard';
import { allow, answeredCall, expect, GEOCODER_DOWN, openFinder, openOwner, test } from './support';
import { shotAtWidth } from './support/shots';

/**
 * CALL-17 (issue 33 item 8) / FIND-13: after an answered call the owner's end screen offers
 * "Escrever para quem chamou"; the owner writes in Conversas and the finder's page — still on its
 * end-of-call screen — shows the thread and the message live, and again after a reload; the finder
 * answers in it.
 */
const c = conversationFinderText['pt-BR'];

// The geocoder is down in the tests: the end screen's place falls back to the coordinates.
test.use({ allowConsoleErrors: allow(GEOCODER_DOWN) });

const sizes = [
  { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  { viewport: { width: 1366, height: 900 }, isMobile: false, hasTouch: false },
] as const;

for (const size of sizes) {
  test(`[CALL-17] [FIND-13] at ${size.viewport.width}×${size.viewport.height} after an answered call the owner writes to the finder from the end screen; the finder's page shows it live and after a reload`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(150_000);
    const owner = await openOwner(browser, request, { tag: { name: 'Coleira da Mel' }, context: { ...size } });
    const ownerFirst = owner.user.name.split(' ')[0]!;
    const finder = await openFinder(browser, { context: { ...size } });
    await answeredCall(owner, finder);
    await owner.page.getByRole('button', { name: callUi.owner.hangUp }).click();

    const ended = owner.page.locator('[data-call-ended]');
    await expect(ended.getByRole('heading', { level: 2, name: callUi.owner.nextSteps })).toBeVisible();
    const write = ended.getByRole('button', { name: callUi.owner.writeToFinder });
    await expect(write).toBeVisible();
    const box = (await write.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    await expect(finder.page.getByRole('status').filter({ hasText: callUi.finder.ended })).toBeVisible();
    await expectNoSeriousA11yViolations(owner.page, 'the end of the call, with the write step');
    await shotAtWidth(owner.page, 'call17-owner-ended');
    await shotAtWidth(finder.page, 'call17-finder-ended');

    await write.click();
    await expect(owner.page).toHaveURL(/\/dashboard\/conversas\/[0-9a-f-]{36}$/);
    const answer = owner.page.getByRole('textbox', { name: conversationsUi.label });
    await answer.fill('Obrigada por ligar! Onde posso buscar a Mel?');
    await owner.page.getByRole('button', { name: conversationsUi.send, exact: true }).click();
    await expect(owner.page.getByTestId('owner-thread').getByRole('listitem')).toHaveCount(1);
    await expect(answer).toHaveValue('');
    await shotAtWidth(owner.page, 'call17-owner-thread');

    // The finder's end-of-call screen learns of the thread and shows the message, without a reload.
    const thread = finder.page.getByTestId('finder-thread');
    await expect(finder.page.getByRole('heading', { name: c.title(ownerFirst) })).toBeVisible({ timeout: 20_000 });
    await expect(thread.getByRole('listitem')).toHaveCount(1, { timeout: 20_000 });
    await expect(thread.getByRole('listitem').first()).toContainText(ownerFirst);
    await expect(thread.getByRole('listitem').first()).toContainText('Obrigada por ligar! Onde posso buscar a Mel?');
    await expectNoSeriousA11yViolations(finder.page, "the finder's end of call with the owner's thread");
    await shotAtWidth(finder.page, 'call17-finder-thread');

    // After a reload the thread is still this browser's; the finder answers and the owner reads it live.
    await finder.page.reload();
    await expect(finder.page.getByTestId('finder-thread').getByRole('listitem')).toHaveCount(1);
    await finder.page.getByRole('textbox', { name: c.label }).fill('Estou na padaria da esquina.');
    await finder.page.getByRole('button', { name: c.send, exact: true }).click();
    await expect(finder.page.getByTestId('finder-thread').getByRole('listitem')).toHaveCount(2);
    await expect(owner.page.getByTestId('owner-thread').getByRole('listitem')).toHaveCount(2);
    await expect(owner.page.getByTestId('owner-thread').getByRole('listitem').nth(1)).toContainText('Estou na padaria da esquina.');

    await finder.close();
    await owner.close();
  });
}
