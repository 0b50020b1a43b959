import type { Page } from '@playwright/test';
import { dashboardUi } from '@toque/contracts/dashboard-ui';
import { msg, tagMsg } from '@toque/contracts/messages';
import { paths, productsApi } from '@toque/contracts/routes';
import { listTags, ownerWithTags, share } from './support/dashboard';
import {
  apiLogin,
  expect,
  expectFieldError,
  field,
  loginAs,
  newUser,
  recordApiRequests,
  registerUser,
  test,
  toast,
} from './support';

// The specification's literal values, written out (not imported): a constant that drifts fails here.
const MEMBERS_PER_TAG = 3;

const labels = dashboardUi.editTag;
const sharing = dashboardUi.sharing;

async function openEdit(page: Page, code: string) {
  await page.goto(paths.editTag(code));
  await expect(page.getByRole('heading', { level: 1, name: dashboardUi.headings.editTag })).toBeVisible();
  await expect(field(page, labels.name)).toBeVisible();
}

const save = (page: Page) => page.getByRole('button', { name: labels.save, exact: true }).click();

test.describe('edit tag', () => {
  // Each test mints its tags with the operator CLI, which takes seconds to start.
  test.describe.configure({ timeout: 90_000 });

  test('[TAG-05] an empty name is refused under the field and nothing is sent', async ({ page, request }) => {
    const { codes } = await ownerWithTags(request, page, [1]);
    await openEdit(page, codes[0]!);
    const puts = recordApiRequests(page, `/api${productsApi.updateName}`);
    await field(page, labels.name).fill('   ');
    await save(page);
    await expectFieldError(page, labels.name, msg.tagNameEmpty);
    expect(puts).toHaveLength(0);
  });

  test('[TAG-05] [TAG-07] renames the tag with its important information for the finder', async ({ page, request }) => {
    const owner = await ownerWithTags(request, page, [3]);
    const code = owner.codes[0]!;
    await openEdit(page, code);
    const name = `Coleira do Thor ${code}`;
    const info = 'Toma remédio às 8h. Não dê chocolate.';
    await field(page, labels.name).fill(name);
    await field(page, labels.importantInfo).fill(info);
    // FIND-13: with nothing written yet, what the owner writes for the finder is shown unless they say otherwise.
    const toggle = page.getByRole('switch', { name: labels.showToFinder });
    await expect(toggle).toBeChecked();
    await save(page);
    await expect(toast(page, dashboardUi.toasts.updated)).toBeVisible();

    const saved = (await listTags(request, owner.token)).find((t) => t.code === code);
    expect(saved).toMatchObject({ name, important_info: info, show_info_to_finder: true });
    await page.getByRole('link', { name: labels.back }).click();
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  });

  test('[TAG-05] a refusal from the server is shown after the failure prefix', async ({ page, request }) => {
    const owner = await ownerWithTags(request, page, [4]);
    const code = owner.codes[0]!;
    await openEdit(page, code);
    // The tag is deleted elsewhere while the page is open: the server no longer knows it.
    const res = await request.delete(`/api${productsApi.disable}`, {
      headers: { authorization: `Bearer ${owner.token}` },
      data: { code },
    });
    expect(res.status()).toBe(200);
    await field(page, labels.name).fill('Chaves de casa');
    await save(page);
    await expect(page.getByRole('alert').filter({ hasText: msg.updateNameFailurePrefix })).toHaveText(
      msg.updateNameFailurePrefix + tagMsg.tagNotFound,
    );
  });

  test('[TAG-09] the owner shares the tag by e-mail, up to 3 people, and removes one', async ({ page, request }) => {
    const people = await Promise.all(Array.from({ length: MEMBERS_PER_TAG }, () => registerUser(request, newUser())));
    const owner = await ownerWithTags(request, page, [1]);
    await openEdit(page, owner.codes[0]!);
    const block = page.getByRole('region', { name: dashboardUi.headings.sharing });
    const email = field(block, sharing.email);

    // (An e-mail with no account is invited instead: account-journeys.spec.ts, TAG-11.)
    await email.fill(owner.user.email);
    await block.getByRole('button', { name: sharing.add, exact: true }).click();
    await expect(block.getByRole('alert')).toHaveText(tagMsg.cannotShareWithSelf);

    for (const person of people) {
      await email.fill(person.email);
      await block.getByRole('button', { name: sharing.add, exact: true }).click();
      await expect(block.getByText(person.email, { exact: true })).toBeVisible();
      // The form empties its field after each share: typing the next before that would be wiped.
      await expect(email).toHaveValue('');
    }
    // Full: the form is inactive.
    await expect(email).toBeDisabled();
    await expect(block.getByRole('button', { name: sharing.add, exact: true })).toBeDisabled();

    const first = people[0]!;
    await block
      .getByRole('listitem')
      .filter({ hasText: first.email })
      .getByRole('button', { name: new RegExp(`^${sharing.remove}`) })
      .click();
    await expect(toast(page, dashboardUi.toasts.memberRemoved)).toBeVisible();
    await expect(block.getByText(first.email, { exact: true })).toBeHidden();
    await expect(email).toBeEnabled();
  });

  test('[TAG-09] a member sees the tag read-only and no sharing', async ({ page, request }) => {
    const member = await registerUser(request, newUser());
    const owner = await ownerWithTags(request, null, [2]);
    await share(request, owner.token, owner.codes[0]!, member.email);
    await loginAs(page, await apiLogin(request, member));
    await openEdit(page, owner.codes[0]!);
    await expect(field(page, labels.name)).toBeDisabled();
    await expect(page.getByRole('button', { name: labels.save })).toHaveCount(0);
    await expect(page.getByRole('region', { name: dashboardUi.headings.sharing })).toHaveCount(0);
  });
});
