import { FINDER_IP_RETENTION_DAYS, FINDER_LOCATION_RETENTION_DAYS } from '@toque/contracts/constants';
import { msg } from '@toque/contracts/messages';
import { paths } from '@toque/contracts/routes';
import { ui } from '@toque/contracts/ui';
import { products } from '../apps/web/src/content/products';
import { socialLinks } from '../apps/web/src/content/contact';
import { company, storeConfig } from '../apps/web/src/content/config';
import { manual } from '../apps/web/src/content/manual';
import { expect, expectPath, test } from './support';
import { expectNewTab, openPage, settle, testimonialNames } from './support/public';

const prices: Record<string, string> = {
  [paths.bracelets]: 'R$ 54,90',
  [paths.collars]: 'R$ 29,90',
  [paths.objects]: 'R$ 11,90',
  [paths.doorbells]: 'R$ 19,90',
};

for (const product of products) {
  test(`[PUB-10] [PUB-02] [PUB-09] ${product.path} explains the tag, shows its price and buys it in a new tab`, async ({
    page,
  }) => {
    await openPage(page, product.path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('[data-price]').first()).toHaveText(prices[product.path]!);
    const buy = page.getByRole('link', { name: new RegExp(`^${ui.site.buy.product} ${product.productName}`) });
    await expect(buy).toHaveCount(2);
    for (const link of await buy.all()) {
      await expect(link).toHaveAttribute('href', product.storeUrl);
      await expectNewTab(link);
    }
    await expect(page.locator('main h2')).not.toHaveCount(0);
  });
}

test('[PUB-11] the landing page: buy button, cards for collars, doorbell, objects and people, testimonials, slogan', async ({
  page,
}) => {
  await openPage(page, paths.landing);
  const buy = page.getByRole('link', { name: new RegExp(`^${ui.site.buy.nowAlt}`) });
  await expect(buy.first()).toHaveAttribute('href', storeConfig.store);
  await expectNewTab(buy.first());
  await expect(page.locator('[data-product]')).toHaveText([
    /Para pets/,
    /Para casas e condomínios/,
    /Para objetos/,
    /Para pessoas/,
  ]);
  await expect(page.locator('[data-product] [data-price]')).toHaveText([
    'R$ 29,90',
    'R$ 19,90',
    'R$ 11,90',
    'R$ 54,90',
  ]);
  expect(await testimonialNames(page)).toHaveLength(3);
  await expect(page.getByText('Toque. Quem encontra, chama você.')).toBeVisible();
});

test('[PUB-12] coming soon: "Falta só um toque.", the header menu, social links, privacy and terms', async ({
  page,
}) => {
  await openPage(page, paths.comingSoon);
  await expect(page.getByRole('heading', { level: 1, name: msg.comingSoonTitle })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('navigation', { name: ui.site.nav.mainMenu })).toBeVisible();
  const main = page.getByRole('main');
  for (const social of socialLinks) {
    const link = main.getByRole('link', { name: new RegExp(social.label) });
    await expect(link).toHaveAttribute('href', social.href);
    await expectNewTab(link);
  }
  await main.getByRole('link', { name: ui.site.headings.terms }).click();
  await expectPath(page, paths.terms);
  await page.goBack();
  await main.getByRole('link', { name: ui.site.headings.privacy }).click();
  await expectPath(page, paths.privacy);
});

test('[PUB-13] an unknown path shows the 404 texts and a button back to the start', async ({ page }) => {
  await openPage(page, '/esse-endereco/nao-existe');
  await expect(page.getByRole('heading', { level: 1, name: msg.notFoundTitle })).toBeVisible();
  await expect(page.getByText(msg.notFoundText, { exact: true })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(msg.notFoundTitle));
  await page.getByRole('link', { name: ui.buttons.backHome }).click();
  await expectPath(page, paths.home);
});

test('[PUB-14] the footer: company, e-mail, phone, WhatsApp and social links', async ({ page }) => {
  await openPage(page, paths.home);
  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText(company.legalName);
  await expect(footer.getByRole('link', { name: company.email })).toHaveAttribute('href', `mailto:${company.email}`);
  await expect(footer.getByRole('link', { name: company.phone })).toHaveAttribute('href', /^tel:\+55\d{10,11}$/);
  await expect(footer.getByRole('link', { name: new RegExp(ui.site.contact.whatsapp) })).toHaveAttribute(
    'href',
    /^https:\/\/wa\.me\//,
  );
  for (const social of socialLinks) {
    await expect(footer.getByRole('link', { name: new RegExp(social.label) })).toHaveAttribute('href', social.href);
  }
  await expect(footer).toContainText(ui.site.contact.hours);
});

test('[PUB-16] the manual: five steps, the ready block and the footer fade in once 30 % visible', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await openPage(page, paths.manual);
  const steps = page.locator('main ol > li');
  await expect(steps).toHaveCount(5);
  for (const [index, step] of manual.steps.entries()) {
    await expect(steps.nth(index).getByRole('heading', { level: 2, name: step.title })).toBeAttached();
  }
  await expect(page.getByRole('heading', { name: manual.ready.title })).toBeAttached();

  const last = steps.nth(4).locator('[data-revealed]');
  await expect(last).toHaveAttribute('data-revealed', 'false');
  const box = await last.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    return { top: rect.top + window.scrollY, height: rect.height };
  });
  const showing = async (share: number) => {
    await page.evaluate((y) => window.scrollTo(0, y), box.top - 720 + box.height * share);
    await settle(page);
  };
  await showing(0.2);
  await expect(last).toHaveAttribute('data-revealed', 'false');
  await expect(last).toHaveCSS('opacity', '0');
  await showing(0.35);
  await expect(last).toHaveAttribute('data-revealed', 'true');
  await expect(last).toHaveCSS('opacity', '1');

  const footer = page.locator('main > [data-revealed]').last();
  await footer.scrollIntoViewIfNeeded();
  await expect(footer).toHaveAttribute('data-revealed', 'true');
  await expect(footer.getByRole('link', { name: new RegExp(socialLinks[0]!.label) })).toBeVisible();
  await expect(footer).toContainText(company.address);
});

test('[PUB-16] [A11Y-01] with reduced motion every manual step shows at once', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await openPage(page, paths.manual);
  const revealed = page.locator('[data-revealed]');
  await expect(revealed).toHaveCount(7);
  for (const block of await revealed.all()) {
    await expect(block).toHaveAttribute('data-revealed', 'true');
    await expect(block).toHaveCSS('opacity', '1');
  }
});

const privacyPoints: [string, RegExp][] = [
  ['data collected', /Dados que coletamos[\s\S]*nome, e-mail, telefone, CPF ou CNPJ[\s\S]*localização/],
  ['sharing', /Com quem compartilhamos[\s\S]*Não vendemos dados pessoais/],
  ['retention of 5 years after the terms end', /por 5 \(cinco\) anos depois do seu término/],
  [
    "the finder's location and IP address (SEC-07)",
    new RegExp(
      `localização de quem encontrou[^.]*apagada[^.]*${FINDER_LOCATION_RETENTION_DAYS} dias[\\s\\S]*endereço IP de quem chamou é apagado ${FINDER_IP_RETENTION_DAYS} dias`,
    ),
  ],
  [
    'LGPD data-subject rights',
    /Seus direitos como titular[\s\S]*LGPD[\s\S]*portabilidade[\s\S]*revogação do consentimento/,
  ],
];

test('[LEG-01] [SEC-07] the privacy policy covers data collected, sharing, 5-year retention, the finder\'s location and IP retention, and LGPD rights', async ({
  page,
}) => {
  await openPage(page, paths.privacy);
  await expect(page.getByRole('heading', { level: 1, name: ui.site.headings.privacy })).toBeVisible();
  const text = await page.getByRole('main').innerText();
  for (const [point, pattern] of privacyPoints) expect(text, point).toMatch(pattern);
});

const termsPoints: [string, RegExp][] = [
  ['12-month comodato', /comodato[\s\S]*12 \(doze\) meses/],
  ['automatic renewal', /renovado automaticamente/],
  ["10 days' notice", /aviso prévio de 10 \(dez\) dias/],
  ['30-day licences', /licença é válida por 30 \(trinta\) dias/],
  ['no pro-rata refund', /Não há reembolso proporcional \(pro rata\)/],
  [
    'stops when more than 30 days overdue or misused',
    /deixa de funcionar[\s\S]*atraso há mais de 30 \(trinta\) dias, ou quando for constatado mau uso/,
  ],
  ['fraud', /suspender ou cancelar a conta[\s\S]*fraude/],
  ['false information', /informações falsas[\s\S]*serão excluídas/],
  ['fine for loss or damage', /perda ou pelo dano[\s\S]*multa/],
  [
    'Brazilian law and Belo Horizonte court',
    /leis da República Federativa do Brasil[\s\S]*Comarca de\s+Belo Horizonte/,
  ],
  ['cancellation in the app', /cancelamento é feito pelo Cliente no aplicativo/],
];

test('[LEG-02] the terms cover comodato, licences, overdue and misuse, fraud, false data, fine, law and court', async ({
  page,
}) => {
  await openPage(page, paths.terms);
  await expect(page.getByRole('heading', { level: 1, name: ui.site.headings.terms })).toBeVisible();
  const text = await page.getByRole('main').innerText();
  for (const [point, pattern] of termsPoints) expect(text, point).toMatch(pattern);
});

test('[PERF-03] the public pages arrive as HTML with their content, before any JavaScript', async ({ request }) => {
  const pages: [string, string][] = [
    [paths.home, ui.site.headings.faq],
    [paths.bracelets, 'R$ 54,90'],
    [paths.manual, manual.steps[0]!.title],
    [paths.terms, 'Belo Horizonte'],
    [paths.login, ui.headings.login],
    [paths.signUp, ui.headings.signUp],
  ];
  for (const [path, text] of pages) {
    const res = await request.get(path);
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(html, path).toContain(`data-prerendered="${path}"`);
    expect(html, path).toContain(text);
    expect(html, path).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  }
  const shell = await (await request.get(paths.dashboard)).text();
  expect(shell).toContain('<div id="root"></div>');
});
