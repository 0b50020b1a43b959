import type { Page } from '@playwright/test';
import { paths } from '@toque/contracts/routes';
import { ui } from '@toque/contracts/ui';
import { expect, field, newUser, registerUser, test, toast } from './support';

async function submitLogin(page: Page, email: string, password: string) {
  await field(page, ui.fields.login).fill(email);
  await field(page, ui.fields.password).fill(password);
  await page.getByRole('button', { name: ui.buttons.login, exact: true }).click();
}

// The texts are written out here, not imported: a drift of the constants must fail this test.
test('[API-05] the toast close button is announced in Portuguese, and a success closes the failed attempt’s toast', async ({
  page,
  request,
}) => {
  const user = await registerUser(request, newUser());
  await page.goto(paths.login);
  await submitLogin(page, user.email, 'senha-errada');
  const failure = toast(page, 'Falha no login. Verifique suas credenciais.');
  await expect(failure).toBeVisible();
  await expect(failure.getByRole('button', { name: 'Fechar notificação', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'close', exact: true })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Notificações (Alt+T)' })).toBeAttached();

  await submitLogin(page, user.email, user.password);
  await expect(toast(page, 'Login realizado com sucesso')).toBeVisible();
  await expect(failure).toHaveCount(0);
});
