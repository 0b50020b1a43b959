import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { conversationFinderText, conversationsUi } from '@toque/contracts/conversations';
import { paths } from '@toque/contracts/routes';
import { expectNoSeriousA11yViolations } from './support/dashboard';
import { buildingWith, expect, loginAs, newUser, pageErrors, test, watchCallSocket } from './support';

/**
 * FIND-06 at a condominium's door (CALL-02): a visitor on a 390 px phone, nobody answering, picks
 * 'Apto 101' on the plate's page and writes to it instead of calling; the unit's resident reads it
 * on /dashboard/conversas (1366 px) and answers; the visitor sees the answer without a reload,
 * signed by the unit — never by the resident's name.
 */
test.describe.configure({ timeout: 180_000 });

const SHOTS = process.env.SHOTS_DIR;
const c = conversationFinderText['pt-BR'];
const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

async function shots(page: Page, name: string, back: { width: number; height: number }) {
  for (const [label, size] of Object.entries({
    phone: { width: 390, height: 844 },
    desktop: { width: 1366, height: 900 },
  })) {
    await page.setViewportSize(size);
    await expectNoSeriousA11yViolations(page, `${name} at ${label}`);
    const path = SHOTS ? `${SHOTS}/${name}-${label}.png` : test.info().outputPath(`${name}-${label}.png`);
    if (SHOTS) mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path, fullPage: true });
  }
  await page.setViewportSize(back);
}

test("[FIND-06] [CALL-02] a visitor on a 390 px phone picks 'Apto 101' on a plate and writes; the resident answers from Conversas; the visitor sees the answer, signed by the unit; back later, one thread per unit", async ({
  browser,
  request,
}) => {
  const resident = newUser({ name: 'Rui Morador' });
  const building = await buildingWith(request, {
    name: `Residencial Jacarandá ${randomUUID().slice(0, 4)}`,
    unitNames: ['Apto 101', 'Apto 102'],
    residents: [resident, newUser({ name: 'Lia Vizinha' })],
    unitOf: [0, 1],
  });
  const { plate } = building;
  const residentToken = building.tokens[0]!;

  // The visitor: a phone, no account.
  const visitorContext = await browser.newContext(phone);
  const visitor = await visitorContext.newPage();
  const visitorErrors = pageErrors(visitor);
  await visitor.goto(paths.finder(plate));

  // Writing before a unit is chosen says to choose one first (the tap may land before the app runs: the island replays it).
  await visitor.getByRole('button', { name: c.writeInstead }).tap();
  await expect(visitor.getByRole('alert').filter({ hasText: c.pickUnitFirst })).toBeVisible();
  await expect(visitor.getByRole('textbox', { name: c.label })).toHaveCount(0);
  await shots(visitor, 'plate-conversation-pick-first', phone.viewport);

  // The unit, on the door's one picker (the call's): the entry now names it.
  const unit = visitor.getByRole('radio', { name: 'Apto 101' });
  await unit.tap();
  await expect(unit).toBeChecked();
  await visitor.getByRole('button', { name: c.writeToUnit('Apto 101') }).tap();
  await expect(visitor.getByRole('heading', { name: c.unitTitle('Apto 101') })).toBeVisible();
  await visitor
    .getByRole('textbox', { name: c.label })
    .fill('Ninguém atende no 101. Deixo a encomenda com o porteiro?');
  await visitor.getByRole('button', { name: c.send, exact: true }).tap();
  const thread = visitor.getByTestId('finder-thread');
  await expect(thread.getByRole('listitem')).toHaveCount(1);
  await expect(visitor.getByTestId('conversation-link')).toHaveText(
    new RegExp(`/t/${plate}#conversa=[A-Za-z0-9_-]{22}$`),
  );
  await shots(visitor, 'plate-conversation-visitor', phone.viewport);

  // The resident, at a desk: the unread conversation of their unit, the visitor's words, the answer.
  const residentContext = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const home = await residentContext.newPage();
  const residentErrors = pageErrors(home);
  const socket = watchCallSocket(home);
  await loginAs(home, residentToken);
  await home.goto(paths.conversations);
  await socket.connected();
  await expect(home.getByTestId('unread')).toHaveText(conversationsUi.unread(1));
  await home.getByRole('link', { name: /Apto 101/ }).click();
  const residentThread = home.getByTestId('owner-thread');
  await expect(residentThread).toContainText('Ninguém atende no 101. Deixo a encomenda com o porteiro?');
  await expect(residentThread.getByRole('listitem').first()).toContainText(conversationsUi.visitor);
  await expect(home.getByText(conversationsUi.unitNote)).toBeVisible();
  await home.getByRole('textbox', { name: conversationsUi.label }).fill('Pode deixar, obrigado! Desço em 5 minutos.');
  await home.getByRole('button', { name: conversationsUi.send, exact: true }).click();
  await expect(residentThread.getByRole('listitem')).toHaveCount(2);
  await shots(home, 'plate-conversation-resident', { width: 1366, height: 900 });

  // The visitor sees the answer without a reload, from 'Apto 101' — nothing of the resident.
  await expect(thread.getByRole('listitem')).toHaveCount(2);
  const answer = thread.getByRole('listitem').nth(1);
  await expect(answer).toContainText('Apto 101');
  await expect(answer).toContainText('Pode deixar, obrigado! Desço em 5 minutos.');
  const page = await visitor.content();
  expect(page).not.toContain(resident.name.split(' ')[0]!);
  expect(page).not.toContain(resident.email);
  await shots(visitor, 'plate-conversation-answered', phone.viewport);

  // Back later: the page chooses the unit this phone wrote to and shows its thread. Another unit is
  // another conversation (one thread per unit); back on 101, 101's thread.
  await visitor.reload();
  await expect(visitor.getByRole('radio', { name: 'Apto 101' })).toBeChecked();
  await expect(thread.getByRole('listitem')).toHaveCount(2);
  await visitor.getByRole('radio', { name: 'Apto 102' }).tap();
  await expect(visitor.getByRole('button', { name: c.writeToUnit('Apto 102') })).toBeVisible();
  await expect(thread).toHaveCount(0);
  await visitor.getByRole('radio', { name: 'Apto 101' }).tap();
  await expect(thread.getByRole('listitem')).toHaveCount(2);

  expect(visitorErrors).toEqual([]);
  expect(residentErrors).toEqual([]);
});
