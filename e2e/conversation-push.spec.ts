import {
  conversationMsg,
  conversationsApi,
  conversationsUi,
  type ConversationList,
} from '@toque/contracts/conversations';
import type { PushPayload } from '@toque/contracts/push';
import { paths } from '@toque/contracts/routes';
import {
  allow,
  expect,
  loginAs,
  ownedTag,
  pageErrors,
  PUSH_IN_INCOGNITO,
  serviceWorkerOf,
  shownNotifications,
  test,
  type WorkerScope,
} from './support';

// Chromium in a test profile refuses Web Push subscriptions and says so on the console itself; the
// app catches the refusal (the push half is delivered through CDP below, as call-push.spec.ts does).
test.use({ allowConsoleErrors: allow(PUSH_IN_INCOGNITO) });

test("[FIND-06] a finder's message pushed to the owner becomes a notification whose click opens that conversation, where the owner answers", async ({
  browser,
  request,
}) => {
  const { code, token } = await ownedTag(request, 3, { name: 'Carteira marrom' });
  // A real conversation: the finder wrote (the server pushes this payload to the owner's phones).
  const started = await request.post(`/api${conversationsApi.start(code)}`, {
    data: { body: 'Achei sua carteira no ônibus 4103.' },
  });
  expect(started.status(), await started.text()).toBe(201);
  const list = await request.get(`/api${conversationsApi.list}`, { headers: { authorization: `Bearer ${token}` } });
  const [conversation] = ((await list.json()) as ConversationList).conversations;
  expect(conversation).toBeDefined();

  const context = await browser.newContext({ permissions: ['notifications'] });
  const page = await context.newPage();
  const errors = pageErrors(page);
  await loginAs(page, token);
  const { origin, worker, pushAndExpectShown } = await serviceWorkerOf(context, page, paths.products);

  // The payload conversations/service.ts pushes for a finder's message (PushPayload 'conversation-message').
  const payload: PushPayload = {
    type: 'conversation-message',
    conversationId: conversation!.id,
    text: conversationMsg.pushText,
    url: paths.conversation(conversation!.id),
  };
  await pushAndExpectShown(payload, [{ title: 'Toque', body: conversationMsg.pushText, tag: `conversation-${conversation!.id}` }]);

  // The click listener's one call, run in the worker with the pushed notification.
  await worker.evaluate(async () => {
    const scope = self as unknown as WorkerScope;
    const [notification] = await scope.registration.getNotifications();
    await scope.openScanFromNotification(notification!);
  });
  await expect(page).toHaveURL(`${origin}${paths.conversation(conversation!.id)}`);
  const thread = page.getByTestId('owner-thread');
  await expect(thread).toContainText('Achei sua carteira no ônibus 4103.');
  await page.getByRole('textbox', { name: conversationsUi.label }).fill('Muito obrigado! Posso buscar hoje?');
  await page.getByRole('button', { name: conversationsUi.send, exact: true }).click();
  await expect(thread.getByRole('listitem')).toHaveCount(2);
  await expect.poll(() => shownNotifications(worker)).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
});
