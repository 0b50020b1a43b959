import { api } from '@toque/contracts/routes';
import { apiUrl, expect, test } from './support';

// The guard of support.ts proved on itself: each of these pages does what a broken component
// would, and the test is expected to fail because of it (test.fail: it passes only if it fails).
test.describe('the console guard', () => {
  test('fails a test whose page logs console.error', async ({ page }) => {
    test.fail();
    await page.goto('/login');
    await page.evaluate(() => console.error('render went wrong'));
  });

  test('fails a test whose page throws', async ({ page }) => {
    test.fail();
    await page.goto('/login');
    await page.evaluate(() =>
      setTimeout(() => {
        throw new Error('boom');
      }),
    );
    await page.waitForTimeout(50);
  });

  test('watches contexts the test opens itself (a call has two)', async ({ browser }) => {
    test.fail();
    const context = await browser.newContext();
    const finder = await context.newPage();
    await finder.goto('/login');
    await finder.evaluate(() => console.error('finder side went wrong'));
    await context.close();
  });

  test('forgives the browser logging a 4xx the app asked for and handled', async ({ page }) => {
    await page.goto('/login');
    const status = await page.evaluate(async (url) => (await fetch(url)).status, apiUrl(api.userName));
    expect(status).toBe(401);
  });
});

// DEV-02: what a test opens is closed when it ends, even when it fails before closing it.
test.describe('contexts a test opens itself', () => {
  test.describe.configure({ mode: 'serial' });
  let closed: boolean | undefined;

  test('[DEV-02] a test that fails with a context open…', async ({ browser }) => {
    test.fail();
    const context = await browser.newContext();
    closed = false;
    context.on('close', () => (closed = true));
    await (await context.newPage()).goto('/login');
    expect(1, 'a step that fails before the test closes its context').toBe(2);
  });

  test('[DEV-02] …has that context closed by the suite', () => {
    expect(closed).toBe(true);
  });
});
