import { expect, type Locator, type Page, type Request } from '@playwright/test';
import { API_BASE } from '@toque/contracts/routes';
import { ui } from '@toque/contracts/ui';
import type { TestUser } from './accounts';

/** A react-toastify toast (role alert) with this catalogue text. */
export function toast(page: Page, text: string): Locator {
  return page.getByRole('alert').filter({ hasText: text });
}

/** Asserts the current path (query and hash ignored). */
export async function expectPath(page: Page, path: string) {
  await expect(page).toHaveURL((url) => url.pathname === path);
}

/** The input whose `<label>` is exactly this `ui.fields` text. */
export function field(scope: Page | Locator, label: string): Locator {
  return scope.getByLabel(label, { exact: true });
}

/** The account form's six fields, as sign-up, onboarding and the LGPD journeys fill them. */
type AccountFields = Pick<TestUser, 'name' | 'email' | 'phone' | 'cpfOrCnpj' | 'password'> & { confirmPassword?: string };

/** Fills name, e-mail, phone, CPF/CNPJ, password and its confirmation (the password unless `confirmPassword` is given). */
export async function fillAccountFields(scope: Page | Locator, account: AccountFields) {
  await field(scope, ui.fields.name).fill(account.name);
  await field(scope, ui.fields.email).fill(account.email);
  await field(scope, ui.fields.phone).fill(account.phone);
  await field(scope, ui.fields.cpfOrCnpj).fill(account.cpfOrCnpj);
  await field(scope, ui.fields.password).fill(account.password);
  await field(scope, ui.fields.confirmPassword).fill(account.confirmPassword ?? account.password);
}

/**
 * Asserts the validation message is shown as text right under the labelled field: visible, starting
 * below the input's bottom edge (within a line or two) and overlapping it horizontally.
 */
export async function expectFieldError(scope: Page | Locator, label: string, message: string) {
  const input = field(scope, label);
  const errors = scope.getByText(message, { exact: true });
  await expect(errors.first()).toBeVisible();
  await expect
    .poll(
      async () => {
        const box = await input.boundingBox();
        if (!box) return false;
        const bottom = box.y + box.height;
        for (const error of await errors.all()) {
          const b = await error.boundingBox();
          if (b && b.y >= bottom - 4 && b.y <= bottom + 64 && b.x < box.x + box.width && b.x + b.width > box.x) {
            return true;
          }
        }
        return false;
      },
      { message: `"${message}" under the field "${label}"` },
    )
    .toBe(true);
}

/**
 * Records every request the page makes to the API whose path starts with `path`: a route constant of
 * the contracts, relative to `API_BASE` (e.g. `api.register`); all of them when left out.
 */
export function recordApiRequests(page: Page, path = '/'): Request[] {
  const seen: Request[] = [];
  const prefix = `${API_BASE}${path}`;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith(prefix)) seen.push(request);
  });
  return seen;
}

/** A button or link (or menu item) with exactly this `ui.*` name. */
export function action(scope: Page | Locator, name: string): Locator {
  return scope
    .getByRole('button', { name, exact: true })
    .or(scope.getByRole('link', { name, exact: true }))
    .or(scope.getByRole('menuitem', { name, exact: true }));
}

/**
 * Opens the dashboard's avatar dropdown (DASH-03) and returns its panel: the element the avatar
 * button controls (disclosure pattern: aria-expanded + aria-controls).
 */
export async function openAccountMenu(page: Page): Promise<Locator> {
  const trigger = page.getByRole('button', { name: ui.buttons.accountMenu, exact: true });
  await trigger.click();
  await expect(trigger).toHaveAttribute('aria-expanded', 'true');
  const panelId = await trigger.getAttribute('aria-controls');
  expect(panelId, 'the avatar button names the dropdown it opens (aria-controls)').toBeTruthy();
  const panel = page.locator(`[id="${panelId}"]`);
  await expect(action(panel, ui.buttons.logout)).toBeVisible();
  return panel;
}

/** Logs out through the avatar dropdown. */
export async function logoutViaMenu(page: Page) {
  const menu = await openAccountMenu(page);
  await action(menu, ui.buttons.logout).click();
}
