import { readFileSync } from 'node:fs';
import { api, paths, productsApi } from '@toque/contracts/routes';
import { productTypes } from '@toque/contracts/constants';
import { msg } from '@toque/contracts/messages';
import { ui } from '@toque/contracts/ui';
import type { Download, Page } from '@playwright/test';
import {
  apiLogin,
  apiUrl,
  expect,
  expectFieldError,
  expectPath,
  field,
  fillAccountFields,
  loginAs,
  mintCodes,
  newUser,
  registerUser,
  storedToken,
  test,
  type TestUser,
  toast,
  toque,
} from './support';
import { a11yAtBothSizes, viewports } from './support/shots';

/**
 * ACC-03 (LGPD self-service) and ACC-04 (onboarding, reset link, sign-up origin) in Chromium. The
 * texts are the specification's literals written out, not imported: a typo in the catalogue fails here.
 */

const CONSENT = 'Li e aceito os Termos de uso e a Política de privacidade';

test.describe.configure({ timeout: 90_000 });

async function loginThroughForm(page: Page, user: TestUser) {
  // The page left behind may still be on screen while the login page loads: wait for the login page.
  await expect(page.getByRole('heading', { name: ui.headings.login, level: 1 })).toBeVisible();
  await field(page, ui.fields.login).fill(user.email);
  await field(page, ui.fields.password).fill(user.password);
  await page.getByRole('button', { name: ui.buttons.login, exact: true }).click();
}

test.describe('[ACC-03] consent at sign-up', () => {
  test('[ACC-03] sign-up needs the consent checkbox, which links both documents; nothing is posted without it', async ({
    page,
  }) => {
    await page.goto(paths.signUp);
    const user = newUser();
    await fillAccountFields(page, user);
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes(apiUrl(api.register))) posts.push(r.url());
    });
    await page.getByRole('button', { name: ui.buttons.signUp, exact: true }).click();
    await expectFieldError(page, CONSENT, 'É preciso aceitar os Termos de uso e a Política de privacidade.');
    expect(posts).toEqual([]);
    const consent = page.getByRole('checkbox', { name: CONSENT });
    await expect(page.getByRole('link', { name: 'Termos de uso', exact: true })).toHaveAttribute(
      'href',
      '/termos-de-condicoes',
    );
    await expect(page.getByRole('link', { name: 'Política de privacidade', exact: true })).toHaveAttribute(
      'href',
      '/politica-de-privacidade',
    );
    await a11yAtBothSizes(page, 'sign-up-consent-error');
    await consent.check();
    await page.getByRole('button', { name: ui.buttons.signUp, exact: true }).click();
    await expect(toast(page, 'Cadastro realizado com sucesso!')).toBeVisible();
  });
});

test.describe('[ACC-04] sign-up keeps the origin', () => {
  test('[ACC-04] a protected page → login → sign-up lands back on the protected page', async ({ page }) => {
    await page.goto(paths.account);
    await expectPath(page, paths.login);
    await page.getByRole('link', { name: ui.links.signUp, exact: true }).click();
    await expectPath(page, paths.signUp);
    await fillAccountFields(page, newUser());
    await page.getByRole('checkbox', { name: CONSENT }).check();
    await page.getByRole('button', { name: ui.buttons.signUp, exact: true }).click();
    await expectPath(page, paths.account);
    await expect(page.getByRole('heading', { name: 'Minha Conta', level: 1 })).toBeVisible();
  });
});

test.describe('[ACC-04] onboarding reads the code first', () => {
  test('[ACC-04] an activated code is explained, with a way to log in and add tags from the dashboard', async ({
    page,
    request,
  }) => {
    const owner = await registerUser(request, newUser());
    const [code] = await mintCodes(3);
    const token = await apiLogin(request, owner);
    const claimed = await request.put(apiUrl(productsApi.associate), {
      headers: { authorization: `Bearer ${token}` },
      data: { code },
    });
    expect(claimed.status()).toBe(200);
    await page.goto(paths.onboarding(code!));
    await expect(page.getByRole('heading', { name: 'Este Toque já foi ativado', level: 2 })).toBeVisible();
    await expect(page.getByText('QR Code não encontrado.')).toHaveCount(0);
    await expect(page.locator('#register')).toHaveCount(0);
    await a11yAtBothSizes(page, 'onboarding-activated');
    await page.getByRole('link', { name: 'Entrar na minha conta' }).click();
    await expectPath(page, paths.login);
    await loginThroughForm(page, owner);
    await expectPath(page, paths.products);
  });

  test('[ACC-04] an existing customer is offered to log in, comes back to the code and adds it in one click', async ({
    page,
    request,
  }) => {
    const existing = await registerUser(request, newUser());
    const [code] = await mintCodes(4);
    await page.goto(paths.onboarding(code!));
    const form = page.locator('#register');
    await expect(form.getByText(`Este código é de: ${productTypes[4]}.`)).toBeVisible();
    await fillAccountFields(form, { ...newUser(), email: existing.email });
    await form.getByRole('checkbox', { name: CONSENT }).check();
    await form.getByRole('button', { name: ui.buttons.onboarding, exact: true }).click();
    await expect(toast(page, msg.onboardingConflict)).toBeVisible();
    const offer = form.getByRole('status').filter({ hasText: 'Você já tem conta no Toque.' });
    await expect(offer).toBeVisible();
    await a11yAtBothSizes(page, 'onboarding-existing-customer');
    await offer.getByRole('link', { name: 'Entrar e adicionar este Toque' }).click();
    await expectPath(page, paths.login);
    await loginThroughForm(page, existing);
    // Back on the code's page, logged in: no sign-up form, one button.
    await expectPath(page, paths.onboarding(code!));
    await expect(page.getByRole('heading', { name: 'Você já está conectado', level: 2 })).toBeVisible();
    await expect(page.locator('#register')).toHaveCount(0);
    await a11yAtBothSizes(page, 'onboarding-logged-in');
    await page.getByRole('button', { name: 'Adicionar à minha conta' }).click();
    await expect(toast(page, 'Toque adicionado à sua conta!')).toBeVisible();
    await expectPath(page, paths.products);
    const token = await apiLogin(request, existing);
    const list = await request.get(apiUrl(productsApi.list), { headers: { authorization: `Bearer ${token}` } });
    expect(JSON.stringify(await list.json())).toContain(code!);
  });

  test('[ACC-04] an unknown code and a switched-off code each say so, without a form', async ({ page, request }) => {
    await page.goto(paths.onboarding('Z0Z0Z0Z0'));
    await expect(page.getByRole('heading', { name: 'Código não encontrado', level: 2 })).toBeVisible();
    await expect(page.locator('#register')).toHaveCount(0);
    await a11yAtBothSizes(page, 'onboarding-unknown');

    // A code the owner deleted cannot be activated again.
    const owner = await registerUser(request, newUser());
    const [code] = await mintCodes(1);
    const auth = { authorization: `Bearer ${await apiLogin(request, owner)}` };
    expect((await request.put(apiUrl(productsApi.associate), { headers: auth, data: { code } })).status()).toBe(200);
    expect((await request.delete(apiUrl(productsApi.disable), { headers: auth, data: { code } })).status()).toBe(200);
    await page.goto(paths.onboarding(code!));
    await expect(page.getByRole('heading', { name: 'Este código não pode ser ativado', level: 2 })).toBeVisible();
    await expect(page.locator('#register')).toHaveCount(0);
  });

  test('[ACC-04] on a phone, #register is not hidden under the sticky header', async ({ page }) => {
    await page.setViewportSize(viewports.phone);
    const [code] = await mintCodes(2);
    await page.goto(`${paths.onboarding(code!)}#register`);
    const form = page.locator('#register');
    await expect(form).toBeVisible();
    await expect
      .poll(async () => {
        const header = await page.locator('header').first().boundingBox();
        const heading = await form.getByRole('heading', { level: 2 }).boundingBox();
        return !!header && !!heading && heading.y >= header.y + header.height && heading.y < 844 / 2;
      })
      .toBe(true);
    await a11yAtBothSizes(page, 'onboarding-form');
  });
});

test.describe('[ACC-04] the reset e-mail', () => {
  test('[ACC-04] the link in the reset e-mail opens the reset page with the e-mail filled in', async ({
    page,
    request,
  }) => {
    const user = await registerUser(request, newUser({ email: `ana+${Date.now()}@exemplo.com.br` }));
    const asked = await request.post(apiUrl(api.generateCode), { data: { email: user.email } });
    expect(asked.status()).toBe(200);
    const mails = toque('outbox', '500').split(/^--- /m).slice(1);
    const mail = mails.find((m) => m.includes(`para: ${user.email}`));
    const link = /(https?:\/\/\S+\/reset-password\?email=\S+)/.exec(mail ?? '')?.[1];
    expect(link, 'a reset link in the mail').toBeDefined();
    expect(link).toContain(`/reset-password?email=${encodeURIComponent(user.email)}`);
    await page.goto(link!);
    await expect(page.getByRole('heading', { name: ui.headings.resetPassword })).toBeVisible();
    await expect(field(page, ui.fields.email)).toHaveValue(user.email);
  });
});

test.describe('[ACC-03] my account: contact, data, deletion', () => {
  let user: TestUser;
  test.beforeEach(async ({ page, request }) => {
    user = await registerUser(request, newUser());
    await loginAs(page, await apiLogin(request, user));
    await page.goto(paths.account);
    await expect(field(page, 'E-mail')).toHaveValue(user.email);
  });

  test('[ACC-03] phone and e-mail are shown and changed with the password; a wrong one changes nothing', async ({
    page,
    request,
  }) => {
    await expect(field(page, 'Telefone')).toHaveValue(user.phone);
    await a11yAtBothSizes(page, 'account');
    const newEmail = `novo.${user.email}`;
    await field(page, 'E-mail').fill(newEmail);
    await field(page, 'Telefone').fill('11912345678');
    await page.getByRole('button', { name: 'Salvar contato' }).click();
    // ACC-07: the password is asked once, in a prompt, when the change is saved.
    const prompt = page.getByRole('dialog', { name: 'Confirme para salvar o contato' });
    await field(prompt, 'Senha atual').fill('senha-errada');
    await prompt.getByRole('button', { name: 'Salvar contato' }).click();
    await expect(prompt.getByRole('alert')).toHaveText('Senha incorreta. Por favor, verifique sua senha e tente novamente.');
    expect(
      (await request.post(apiUrl(api.login), { data: { email: newEmail, password: user.password } })).status(),
    ).toBe(401);

    await field(prompt, 'Senha atual').fill(user.password);
    await prompt.getByRole('button', { name: 'Salvar contato' }).click();
    await expect(toast(page, 'Dados de contato atualizados.')).toBeVisible();
    await page.reload();
    // A busy machine may take a while to load the page's code again.
    await expect(page.getByRole('heading', { name: 'Minha Conta', level: 1 })).toBeVisible({ timeout: 30_000 });
    await expect(field(page, 'E-mail')).toHaveValue(newEmail);
    await expect(field(page, 'Telefone')).toHaveValue('11912345678');
  });

  test('[ACC-03] an e-mail of another account is refused with its message', async ({ page, request }) => {
    const other = await registerUser(request, newUser());
    await field(page, 'E-mail').fill(other.email);
    await page.getByRole('button', { name: 'Salvar contato' }).click();
    const prompt = page.getByRole('dialog', { name: 'Confirme para salvar o contato' });
    await field(prompt, 'Senha atual').fill(user.password);
    await prompt.getByRole('button', { name: 'Salvar contato' }).click();
    await expect(prompt.getByRole('alert')).toHaveText('Este e-mail já é usado por outra conta.');
  });

  test('[ACC-03] [ACC-07] "Baixar meus dados" downloads the account (a document and its JSON, from one confirmation), with nobody else in it', async ({
    page,
    request,
  }) => {
    const stranger = await registerUser(request, newUser());
    await page.getByRole('button', { name: 'Baixar meus dados' }).click();
    const prompt = page.getByRole('dialog', { name: 'Confirme para baixar os seus dados' });
    await field(prompt, 'Senha atual').fill(user.password);
    // One confirmation downloads both: the document, then its JSON.
    const downloads: Download[] = [];
    page.on('download', (d) => downloads.push(d));
    await prompt.getByRole('button', { name: 'Baixar meus dados' }).click();
    await expect
      .poll(() => downloads.map((d) => d.suggestedFilename()))
      .toEqual(['meus-dados-toque.html', 'meus-dados-toque.json']);
    const file = downloads[1]!;
    const text = readFileSync(await file.path(), 'utf8');
    const data = JSON.parse(text) as { profile: { email: string; name: string; termsVersion: string } };
    expect(data.profile).toMatchObject({ email: user.email, name: user.name });
    expect(data.profile.termsVersion).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(text).not.toContain(stranger.email);
    await expect(toast(page, 'Download dos seus dados iniciado.')).toBeVisible();
  });

  test('[ACC-03] [ACC-08] "Excluir minha conta": an accessible dialog, the password confirms, the session ends, and the tags are retired, not handed to whoever holds them', async ({
    page,
    request,
  }) => {
    const [code] = await mintCodes(1);
    const auth = { authorization: `Bearer ${await apiLogin(request, user)}` };
    expect((await request.put(apiUrl(productsApi.associate), { headers: auth, data: { code } })).status()).toBe(200);
    await page.getByRole('button', { name: 'Excluir minha conta' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Excluir minha conta' });
    await expect(dialog).toBeVisible();
    // Cancel has the focus: Enter does no harm.
    await expect(dialog.getByRole('button', { name: 'Cancelar' })).toBeFocused();
    await dialog.getByLabel('Sua senha', { exact: true }).fill('senha-errada');
    await dialog.getByRole('button', { name: 'Excluir definitivamente' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      'Senha incorreta. Por favor, verifique sua senha e tente novamente.',
    );
    await a11yAtBothSizes(page, 'account-delete-dialog');

    await dialog.getByLabel('Sua senha', { exact: true }).fill(user.password);
    await dialog.getByRole('button', { name: 'Excluir definitivamente' }).click();
    await expect(toast(page, 'Sua conta foi excluída. Até logo!')).toBeVisible();
    await expectPath(page, paths.home);
    await expect.poll(() => storedToken(page)).toBeNull();
    const login = await request.post(apiUrl(api.login), { data: { email: user.email, password: user.password } });
    expect(login.status()).toBe(401);
    // ACC-08: whoever scans the tag now reads that it no longer rings, and its onboarding offers no sign-up.
    await page.goto(paths.finder(code!));
    await expect(page.getByText('Este toque foi excluído e não pode receber chamadas.')).toBeVisible();
    await page.goto(paths.onboarding(code!));
    await expect(page.getByRole('heading', { name: 'Este código não pode ser ativado', level: 2 })).toBeVisible();
    await expect(page.locator('#register')).toHaveCount(0);
  });
});
