import { callUi } from '@toque/contracts/call-ui';
import { conversationFinderText, conversationsUi } from '@toque/contracts/conversations';
import { paths } from '@toque/contracts/routes';
import { allow, expect, GEOCODER_DOWN, onShortRingServer, openFinder, openOwner, test } from './support';
import { shotAtWidth } from './support/shots';

/**
 * FIND-13 in two real browser contexts: a finder's call on a 390 px phone goes unanswered, the
 * message they leave opens the conversation (the same thread "Escrever uma mensagem" opens), the
 * owner at 1366 px answers it in Conversas, the finder sees the answer live and after a reload, and
 * is not offered a second way to write.
 */
const c = conversationFinderText['pt-BR'];
const f = callUi.finder;

// The geocoder is down in the tests: the owner's call screen shows its handled error.
test.use({ allowConsoleErrors: allow(GEOCODER_DOWN) });

onShortRingServer(180_000, () => {
  test('[FIND-13] a missed call, the message, the owner answers in Conversas, the finder sees it live and after a reload: one thread, no second way to write', async ({
    browser,
    request,
    ringServer,
  }) => {
    const owner = await openOwner(browser, request, {
      tag: { name: 'Coleira da Mel' },
      server: ringServer,
      path: paths.conversations,
      context: { viewport: { width: 1366, height: 900 } },
    });
    const ownerFirst = owner.user.name.split(' ')[0]!;
    await expect(owner.page.getByText(conversationsUi.empty)).toBeVisible();

    const finder = await openFinder(browser);
    await finder.page.goto(paths.finder(owner.code));
    await finder.page.getByRole('button', { name: f.call }).click();
    await expect(finder.page.getByRole('status').filter({ hasText: f.ringing(ownerFirst) })).toBeVisible();
    // Nobody answers: the server's 15 s pass.
    await expect(finder.page.getByText(f.unanswered)).toBeVisible({ timeout: 60_000 });
    await finder.page.getByLabel(f.messageLabel).fill('Achei a Mel na praça, estou no banco perto do chafariz.');
    await finder.page.getByRole('button', { name: f.sendMessage }).click();
    await expect(finder.page.getByRole('status').filter({ hasText: f.messageSent })).toBeVisible();

    // The finder's page now shows the thread with that message, and no second way to write.
    const thread = finder.page.getByTestId('finder-thread');
    await expect(finder.page.getByRole('heading', { name: c.title(ownerFirst) })).toBeVisible();
    await expect(thread.getByRole('listitem')).toHaveCount(1);
    await expect(thread.getByRole('listitem').first()).toContainText('Achei a Mel na praça');
    await expect(finder.page.getByRole('button', { name: c.writeInstead })).toHaveCount(0);
    await shotAtWidth(finder.page, 'find13-finder-sent');

    // The owner: Conversas lists it; they answer there.
    await owner.page.goto(paths.conversations);
    await expect(owner.page.getByTestId('unread')).toHaveText(conversationsUi.unread(1));
    await shotAtWidth(owner.page, 'find13-owner-list');
    await owner.page.getByRole('link', { name: /Coleira da Mel/ }).click();
    const ownerThread = owner.page.getByTestId('owner-thread');
    await expect(ownerThread).toContainText('Achei a Mel na praça');
    await owner.page.getByRole('textbox', { name: conversationsUi.label }).fill('Obrigada! Chego em 10 minutos.');
    await owner.page.getByRole('button', { name: conversationsUi.send, exact: true }).click();
    await expect(ownerThread.getByRole('listitem')).toHaveCount(2);
    await shotAtWidth(owner.page, 'find13-owner-thread');

    // The finder sees the answer without reloading, under the owner's first name.
    await expect(thread.getByRole('listitem')).toHaveCount(2);
    await expect(thread.getByRole('listitem').nth(1)).toContainText(ownerFirst);
    await expect(thread.getByRole('listitem').nth(1)).toContainText('Obrigada! Chego em 10 minutos.');
    await shotAtWidth(finder.page, 'find13-finder-answered');

    // After a reload: the same thread, still no second way to write; the finder can answer in it.
    await finder.page.reload();
    await expect(finder.page.getByTestId('finder-thread').getByRole('listitem')).toHaveCount(2);
    await expect(finder.page.getByRole('button', { name: c.writeInstead })).toHaveCount(0);
    await expect(finder.page.getByRole('textbox', { name: c.label })).toBeVisible();
    await shotAtWidth(finder.page, 'find13-finder-reloaded');

    // Chamadas: the missed call shows the message and leads to the conversation.
    await owner.page.goto(paths.callHistory);
    const row = owner.page.getByRole('row').filter({ hasText: 'Coleira da Mel' });
    await expect(row).toContainText(callUi.history.status.missed);
    await expect(row).toContainText('Achei a Mel na praça');
    await shotAtWidth(owner.page, 'find13-owner-history');
    await row.getByRole('link', { name: callUi.history.openConversation }).click();
    await expect(owner.page.getByTestId('owner-thread').getByRole('listitem')).toHaveCount(2);
    expect(new URL(owner.page.url()).pathname).toMatch(/^\/dashboard\/conversas\/[0-9a-f-]{36}$/);

    await finder.close();
    await owner.close();
  });
});
