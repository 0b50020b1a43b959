import type { APIRequestContext } from '@playwright/test';
import { callUi } from '@toque/contracts/call-ui';
import type { CallHistoryItem } from '@toque/contracts/calls';
import { callMsg } from '@toque/contracts/messages';
import { paths } from '@toque/contracts/routes';
import { callsApi } from '@toque/contracts/calls';
import { expectNoSeriousA11yViolations } from './support/dashboard';
import { apiUrl, expect, ownedTag, test, toque } from './support';

const finderAt = { latitude: -23.5505, longitude: -46.6333 };
const shots = process.env.E2E_SHOTS_DIR;

// The finder's phone (the `finder` fixture) in São Paulo, at twice the pixels for the screenshot.
test.use({ finderOptions: { context: { geolocation: finderAt, deviceScaleFactor: 2 } } });

async function history(request: APIRequestContext, token: string): Promise<CallHistoryItem[]> {
  const res = await request.get(apiUrl(callsApi.history), { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return (await res.json()) as CallHistoryItem[];
}

test("[FIN-05] a suspended tag's finder page on a phone: the tag's information, no call, a message that reaches the owner; paying brings the call back", async ({
  finder,
  request,
}) => {
  test.setTimeout(90_000);
  const { code, token } = await ownedTag(request, 3, { name: 'Rex', importantInfo: 'Toma remédio às 8h' });
  // The operator sets the plan 31 days overdue: suspended (docs/decisions/0040).
  expect(toque('set-due', code, '-31')).toContain(code);

  const { page } = finder;
  await page.goto(paths.finder(code));
  await expect(page.getByText(callMsg.suspended)).toBeVisible();
  await expect(page.getByText(`${callUi.finder.tagName}: Rex`)).toBeVisible();
  await expect(page.getByText('Toma remédio às 8h')).toBeVisible();
  await expect(page.getByRole('button', { name: callUi.finder.call })).toHaveCount(0);
  await expect(page.getByText(/pagamento|plano|R\$|vencid/i)).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, "a suspended tag's message form");
  if (shots) await page.screenshot({ path: `${shots}/finder-suspended-390.png`, fullPage: true });

  await page.getByLabel(callUi.finder.messageLabel).fill('Achei o Rex na praça da Liberdade.');
  await page.getByRole('button', { name: callUi.finder.sendMessage }).click();
  await expect(page.getByRole('status').filter({ hasText: callUi.finder.messageSent })).toBeVisible();
  const [entry] = await history(request, token);
  expect(entry).toMatchObject({ kind: 'message', message: 'Achei o Rex na praça da Liberdade.' });

  // Paying moves the due date on: the call button is back at once.
  toque('set-due', code, '30');
  await page.goto(paths.finder(code));
  await expect(page.getByRole('button', { name: callUi.finder.call })).toBeVisible();
  await expect(page.getByText(callMsg.suspended)).toHaveCount(0);

  expect(finder.errors).toEqual([]);
});
