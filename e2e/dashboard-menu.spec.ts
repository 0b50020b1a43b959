import { ui } from '@toque/contracts/ui';
import { paths } from '@toque/contracts/routes';
import {
  dashboardAdminNav,
  dashboardContactLabel,
  dashboardNavAfterContact,
  dashboardNavBeforeContact,
  navLabels,
} from '../apps/web/src/content/navigation';
import { apiLogin, createAdmin, expect, loginAs, registerUser, test } from './support';

const customerItems = [...dashboardNavBeforeContact, ...dashboardNavAfterContact];

test('[DASH-02] a customer\'s menu has its items, the Contato panel and the buy button, and no admin pages', async ({
  page,
  request,
}) => {
  await loginAs(page, await apiLogin(request, await registerUser(request)));
  await page.goto(paths.dashboard);
  const menu = page.getByRole('navigation', { name: navLabels.dashboardMenu });
  for (const item of customerItems) {
    await expect(menu.getByRole('link', { name: item.label, exact: true })).toHaveAttribute('href', item.to);
  }
  await expect(menu.getByRole('button', { name: dashboardContactLabel })).toBeVisible();
  for (const item of dashboardAdminNav) await expect(menu.getByRole('link', { name: item.label })).toHaveCount(0);
  const buy = menu.getByRole('link', { name: ui.site.buy.now });
  await expect(buy).toHaveAttribute('target', '_blank');
  await expect(buy).toHaveAttribute('rel', 'noopener noreferrer');
  await menu.getByRole('link', { name: 'Meus Produtos', exact: true }).click();
  await expect(page).toHaveURL(paths.products);
});

test('[DASH-02] an admin also sees Ativação de Condomínio and Administração de Clientes', async ({
  page,
  request,
}) => {
  const admin = createAdmin();
  await loginAs(page, await apiLogin(request, admin));
  await page.goto(paths.dashboard);
  const menu = page.getByRole('navigation', { name: navLabels.dashboardMenu });
  for (const item of dashboardAdminNav) {
    await expect(menu.getByRole('link', { name: item.label, exact: true })).toHaveAttribute('href', item.to);
  }
  await menu.getByRole('link', { name: dashboardAdminNav[1]!.label, exact: true }).click();
  await expect(page).toHaveURL(paths.manageClients);
});
