import { devices } from '@playwright/test';
import { conversationFinderText, conversationsUi } from '@toque/contracts/conversations';
import { paths } from '@toque/contracts/routes';
import { expect, loginAs, ownedTag, pageErrors, test, watchCallSocket } from './support';
import { a11yAtBothSizes } from './support/shots';

/**
 * FIND-06 in two real browser contexts: a finder on a 390 px phone writes instead of calling, the
 * owner's dashboard shows the unread message and answers, the finder sees the answer without a
 * reload, the private link survives a reload, and a block is told to the finder.
 */
test.describe.configure({ timeout: 120_000 });

const c = conversationFinderText['pt-BR'];

test('[FIND-06] the finder writes from a 390 px phone, the owner answers from Conversas, the finder sees it live and after a reload; a block is told', async ({
  browser,
  request,
}) => {
  const { code, user, token } = await ownedTag(request, 3, { name: 'Mochila azul' });
  const ownerFirst = user.name.split(' ')[0]!;

  // The finder: a phone, no account. Keyboard only: the button, the message, Enviar.
  const finderContext = await browser.newContext({ ...devices['Pixel 7'], viewport: { width: 390, height: 844 } });
  const finder = await finderContext.newPage();
  const finderErrors = pageErrors(finder);
  await finder.goto(paths.finder(code));
  const write = finder.getByRole('button', { name: c.writeInstead });
  await write.focus();
  await finder.keyboard.press('Enter');
  const box = finder.getByRole('textbox', { name: c.label });
  await expect(box).toBeVisible();
  await box.focus();
  await finder.keyboard.type('Achei sua mochila no ponto de ônibus <b>https://exemplo.com</b>');
  await finder.getByRole('button', { name: c.send, exact: true }).focus();
  await finder.keyboard.press('Enter');
  const thread = finder.getByTestId('finder-thread');
  await expect(thread.getByRole('listitem')).toHaveCount(1);
  await expect(finder.getByRole('heading', { name: c.title(ownerFirst) })).toBeVisible();
  const link = await finder.getByTestId('conversation-link').textContent();
  expect(link).toMatch(new RegExp(`/t/${code}#conversa=[A-Za-z0-9_-]{22}$`));
  // Nothing of the owner but the first name on the finder's page.
  expect(await finder.content()).not.toContain(user.email);
  expect(await finder.content()).not.toContain(user.name.split(' ')[1]!);
  await a11yAtBothSizes(finder, 'conversation-finder');

  // The owner: the unread badge in the menu, the list, the thread; the finder's link is plain text.
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  const ownerErrors = pageErrors(owner);
  const socket = watchCallSocket(owner);
  await loginAs(owner, token);
  await owner.goto(paths.conversations);
  await socket.connected();
  await expect(owner.getByTestId('nav-unread').first()).toHaveText(/1/);
  await expect(owner.getByTestId('unread')).toHaveText(conversationsUi.unread(1));
  await a11yAtBothSizes(owner, 'conversations-list');
  await owner.getByRole('link', { name: /Mochila azul/ }).click();
  const ownerThread = owner.getByTestId('owner-thread');
  await expect(ownerThread).toContainText('<b>https://exemplo.com</b>');
  await expect(ownerThread.getByRole('link', { name: /exemplo/ })).toHaveCount(0);
  const answer = owner.getByRole('textbox', { name: conversationsUi.label });
  await answer.focus();
  await owner.keyboard.type('Obrigada! Passo aí em 10 minutos.');
  await owner.getByRole('button', { name: conversationsUi.send, exact: true }).focus();
  await owner.keyboard.press('Enter');
  await expect(ownerThread.getByRole('listitem')).toHaveCount(2);
  await a11yAtBothSizes(owner, 'conversation-owner');

  // The finder sees the answer without reloading, under the owner's first name.
  await expect(thread.getByRole('listitem')).toHaveCount(2);
  await expect(thread.getByRole('listitem').nth(1)).toContainText(ownerFirst);
  await expect(thread.getByRole('listitem').nth(1)).toContainText('Obrigada! Passo aí em 10 minutos.');

  // The private link, opened again (a reload of it), still shows the thread.
  await finder.goto(link!.replace(/^https?:\/\/[^/]+/, ''));
  await finder.reload();
  await expect(finder.getByTestId('finder-thread').getByRole('listitem')).toHaveCount(2);

  // The owner blocks: the finder is told, live, and cannot write any more.
  await owner.getByRole('button', { name: conversationsUi.block }).click();
  await owner.getByRole('alertdialog').getByRole('button', { name: conversationsUi.block }).click();
  await expect(owner.getByRole('status').filter({ hasText: conversationsUi.stateNotes.blocked })).toBeVisible();
  await expect(finder.getByRole('status').filter({ hasText: c.blocked })).toBeVisible();
  await expect(finder.getByRole('textbox', { name: c.label })).toHaveCount(0);

  expect(finderErrors).toEqual([]);
  expect(ownerErrors).toEqual([]);
  await finderContext.close();
  await ownerContext.close();
});
