import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { storageKeys } from '@toque/contracts/constants';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Runs the operator CLI against the e2e server's database, exactly as an operator would. */
export function toque(...args: string[]): string {
  return execFileSync(process.execPath, ['scripts/toque.mjs', ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR },
    encoding: 'utf8',
  });
}

/** Mints fresh unclaimed codes with the CLI. */
export function mint(productId: number, count = 1): string[] {
  return toque('mint', String(productId), String(count))
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => /^[A-Z0-9]{8}$/.test(l));
}

export interface TestUser {
  name: string;
  email: string;
  password: string;
  phone: string;
  cpfOrCnpj: string;
}

export function newUser(overrides: Partial<TestUser> = {}): TestUser {
  const id = randomUUID().slice(0, 8);
  return {
    name: `Maria ${id}`,
    email: `maria.${id}@exemplo.com.br`,
    password: 'segredo123',
    phone: '31988887777',
    cpfOrCnpj: '12345678901',
    ...overrides,
  };
}

export async function registerUser(request: APIRequestContext, user: TestUser = newUser()) {
  const res = await request.post('/api/auth/register', { data: user });
  expect(res.status()).toBe(201);
  return user;
}

export async function apiLogin(request: APIRequestContext, user: TestUser): Promise<string> {
  const res = await request.post('/api/auth/login', { data: { email: user.email, password: user.password, platform: 'web', token: '' } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

/** Puts a session in the browser without going through the login screen. */
export async function loginAs(page: Page, token: string) {
  await page.addInitScript(
    ([key, value]) => {
      // Once per tab, so that a logout in the test is not undone by the next navigation.
      if (window.sessionStorage.getItem('e2e-session-seeded')) return;
      window.sessionStorage.setItem('e2e-session-seeded', '1');
      window.localStorage.setItem(key, value);
    },
    [storageKeys.authToken, token] as const,
  );
}

/** Fails the test on any console error or uncaught page error (Epic Stack habit). */
export const test = base.extend<{ failOnConsoleError: void }>({
  failOnConsoleError: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await use();
      expect(errors, 'uncaught page errors').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };
