import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { productsApi } from '@toque/contracts/routes';
import {
  apiLogin,
  expect,
  loginAs,
  mintCode,
  newUser,
  registerUser,
  seriousViolations,
  type TestUser,
} from '../support';

/**
 * What the dashboard tests start from: a fresh account, logged in in the browser, with tags. (A call's
 * owner, with a tab on a call socket, is support/calls.ts's `Owner`.)
 */
export interface AccountWithTags {
  user: TestUser;
  token: string;
  /** The codes of the tags, in the order of the product ids asked for. */
  codes: string[];
}

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** Claims a code for the account of `token`, as the add-tag modal does. */
export async function associate(request: APIRequestContext, token: string, code: string) {
  const res = await request.put(`/api${productsApi.associate}`, { headers: auth(token), data: { code } });
  expect(res.status(), `associating ${code}`).toBe(200);
}

/** Shares a tag with another account by e-mail (TAG-09). */
export async function share(request: APIRequestContext, token: string, code: string, email: string) {
  const res = await request.post(`/api${productsApi.member}`, { headers: auth(token), data: { code, email } });
  expect(res.status(), `sharing ${code} with ${email}`).toBe(201);
}

export async function renameTag(request: APIRequestContext, token: string, code: string, name: string) {
  const res = await request.put(`/api${productsApi.updateName}`, { headers: auth(token), data: { code, name } });
  expect(res.status(), `renaming ${code}`).toBe(200);
}

/** The account's tags as the server lists them. */
export async function listTags(request: APIRequestContext, token: string) {
  const res = await request.get(`/api${productsApi.list}`, { headers: auth(token) });
  expect(res.status()).toBe(200);
  return (await res.json()) as Array<{
    code: string;
    product_id: number;
    name: string;
    isOwner: boolean;
    important_info: string;
    show_info_to_finder: boolean;
  }>;
}

/** A fresh account owning one new tag of each product id given, logged in on `page` (when given). */
export async function ownerWithTags(
  request: APIRequestContext,
  page: Page | null,
  productIds: number[],
): Promise<AccountWithTags> {
  const [user, codes] = await Promise.all([
    registerUser(request, newUser()),
    Promise.all(productIds.map((id) => mintCode(id))),
  ]);
  const token = await apiLogin(request, user);
  for (const code of codes) await associate(request, token, code);
  if (page) await loginAs(page, token);
  return { user, token, codes };
}

/** The row of a tag in a tag list. */
export function tagRow(scope: Page | Locator, code: string): Locator {
  return scope.locator(`li[data-tag-code="${code}"]`);
}

/**
 * A row control by its visible label: screen readers hear the tag's name after it
 * ('Excluir: Pulseira da Júlia'), so the accessible name starts with the label.
 */
export function rowControl(row: Locator, label: string): Locator {
  const name = new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?!\\p{L})`, 'u');
  return row.getByRole('button', { name }).or(row.getByRole('link', { name }));
}

/** A tab whose name starts with the label (the tab also shows how many tags it holds). */
export function tab(page: Page, label: string): Locator {
  return page.getByRole('tab', { name: new RegExp(`^${label}\\b`) });
}

/** A11Y-01: axe-core finds no serious or critical violation on what the page shows now. */
export async function expectNoSeriousA11yViolations(page: Page, context: string) {
  const serious = (await seriousViolations(page)).map((v) => `${v.id} (${v.impact}): ${v.nodes.join(', ')}`);
  expect(serious, `serious or critical axe violations on ${context}`).toEqual([]);
}
