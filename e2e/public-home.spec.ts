import { paths } from '@toque/contracts/routes';
import { ui } from '@toque/contracts/ui';
import { bannerSlides, howItWorks, testimonials, videos } from '../apps/web/src/content/home';
import { faq } from '../apps/web/src/content/faq';
import { products } from '../apps/web/src/content/products';
import { appStores } from '../apps/web/src/content/config';
import { expect, test } from './support';
import { activeSlide, expectNewTab, freezeClock, openPage, testimonialNames } from './support/public';

// The specification's literal values, written out (not imported): a constant that drifts fails here.
const BANNER_MS = 10_000;
const BANNER_SLIDES = 5;
const CAROUSEL_MS = 5_000;
const MARQUEE_SPEED = 216;

const headings = ui.site.headings;
const names = (from: number) =>
  [0, 1, 2].map((offset) => testimonials[(from + offset) % testimonials.length]!.userName);

test('[PUB-01] the home page has the banner, highlights, testimonials, videos, how it works, app, FAQ and footer @smoke', async ({
  page,
}) => {
  await openPage(page, paths.home);
  await expect(page.getByRole('region', { name: headings.banner })).toBeVisible();
  for (const title of [
    headings.highlights,
    headings.testimonials,
    headings.videos,
    headings.howItWorks,
    headings.app,
    headings.faq,
  ]) {
    await expect(page.getByRole('heading', { level: 2, name: title, exact: true })).toBeVisible();
  }
  await expect(page.locator('#faq')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
});

test('[PUB-01] the banner shows the next of its 5 slides every 10 s and starts over after the last', async ({
  page,
}) => {
  await freezeClock(page);
  await openPage(page, paths.home);
  await expect(page.locator('[aria-roledescription="slide"]')).toHaveCount(BANNER_SLIDES);
  await expect(activeSlide(page)).toHaveAttribute('aria-label', `1 de ${BANNER_SLIDES}: ${bannerSlides[0]!.eyebrow}`);

  await page.clock.runFor(BANNER_MS - 1);
  await expect(activeSlide(page)).toHaveAttribute('aria-label', new RegExp(`^1 de ${BANNER_SLIDES}`));
  await page.clock.runFor(1);
  await expect(activeSlide(page)).toHaveAttribute('aria-label', new RegExp(`^2 de ${BANNER_SLIDES}`));
  await expect(page.getByRole('heading', { name: bannerSlides[1]!.title })).toBeVisible();

  for (let slide = 3; slide <= BANNER_SLIDES; slide++) {
    await page.clock.runFor(BANNER_MS);
    await expect(activeSlide(page)).toHaveAttribute('aria-label', new RegExp(`^${slide} de`));
  }
  await page.clock.runFor(BANNER_MS);
  await expect(activeSlide(page)).toHaveAttribute('aria-label', new RegExp(`^1 de`));
});

test('[PUB-02] [PUB-09] the highlights show the four monthly prices in Brazilian format and buy in a new tab', async ({
  page,
}) => {
  await openPage(page, paths.home);
  const expected: Record<string, string> = {
    bracelet: 'R$ 54,90',
    collar: 'R$ 29,90',
    object: 'R$ 11,90',
    doorbell: 'R$ 19,90',
  };
  for (const product of products) {
    const card = page.locator(`[data-product="${product.key}"]`);
    await expect(card.locator('[data-price]')).toHaveText(expected[product.key]!);
    const buy = card.getByRole('link', { name: new RegExp(`^${ui.site.buy.now}`) });
    await expect(buy).toHaveAttribute('href', product.storeUrl);
    await expectNewTab(buy);
  }
  const bannerBuy = activeSlide(page).getByRole('link', { name: new RegExp(`^${ui.site.buy.now}`) });
  await expectNewTab(bannerBuy);
});

test('[PUB-03] three testimonial cards; the next one comes every 5 s', async ({ page }) => {
  await freezeClock(page);
  await openPage(page, paths.home);
  const cards = page.locator('[data-testimonial]');
  await expect(cards).toHaveCount(3);
  for (const card of await cards.all()) await expect(card).toBeVisible();
  expect(await testimonialNames(page)).toEqual(names(0));

  await page.clock.runFor(CAROUSEL_MS - 1);
  expect(await testimonialNames(page)).toEqual(names(0));
  await page.clock.runFor(1);
  await expect.poll(() => testimonialNames(page)).toEqual(names(1));
  await page.clock.runFor(CAROUSEL_MS);
  await expect.poll(() => testimonialNames(page)).toEqual(names(2));
});

test('[PUB-03] testimonials wrap both ways', async ({ page }) => {
  await openPage(page, paths.home);
  const previous = page.getByRole('button', { name: ui.site.carousel.testimonialsPrevious });
  const next = page.getByRole('button', { name: ui.site.carousel.testimonialsNext });

  await previous.click();
  await expect.poll(() => testimonialNames(page)).toEqual(names(testimonials.length - 1));
  const last = testimonials[testimonials.length - 1]!.userName;
  expect((await testimonialNames(page))[0]).toBe(last);

  await next.click();
  await expect.poll(() => testimonialNames(page)).toEqual(names(0));
  for (let step = 1; step <= testimonials.length; step++) await next.click();
  // A full turn forward passes the last card and starts again at the first.
  await expect.poll(() => testimonialNames(page)).toEqual(names(0));
});

test('[PUB-04] how it works lists five numbered steps', async ({ page }) => {
  await openPage(page, paths.home);
  const steps = page.locator('#como-funciona ol > li');
  await expect(steps).toHaveCount(5);
  for (const [index, step] of howItWorks.entries()) {
    await expect(steps.nth(index)).toContainText(String(step.number));
    await expect(steps.nth(index).getByRole('heading', { name: `Passo ${step.number}: ${step.title}` })).toBeVisible();
    await expect(steps.nth(index)).toContainText(step.description);
  }
});

test('[PUB-05] the FAQ at #faq has 7 questions, each expanding its answer', async ({ page }) => {
  await openPage(page, paths.home);
  const questions = page.locator('#faq').getByRole('button', { expanded: false });
  await expect(questions).toHaveCount(7);
  for (const item of faq) {
    const answer = page.getByText(item.answer);
    await expect(answer).toBeHidden();
    const question = page.getByRole('button', { name: item.question });
    await question.click();
    await expect(question).toHaveAttribute('aria-expanded', 'true');
    await expect(answer).toBeVisible();
  }
  const first = page.getByRole('button', { name: faq[0]!.question });
  await first.click();
  await expect(page.getByText(faq[0]!.answer)).toBeHidden();
});

test('[PUB-06] six videos; the player loads from youtube-nocookie only when one is clicked', async ({ page }) => {
  const youtube: string[] = [];
  page.on('request', (request) => {
    if (/youtube/.test(new URL(request.url()).hostname)) youtube.push(request.url());
  });
  await page.route(/youtube-nocookie\.com/, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<p>player</p>' }),
  );
  await openPage(page, paths.home);
  const play = page.getByRole('button', { name: new RegExp(`^${ui.site.carousel.playVideo}:`) });
  await expect(play).toHaveCount(videos.length);
  expect(videos).toHaveLength(6);
  await expect(page.locator('iframe')).toHaveCount(0);
  expect(youtube).toEqual([]);

  await play.first().click();
  const frame = page.locator('iframe');
  await expect(frame).toHaveAttribute(
    'src',
    new RegExp(`^https://www\\.youtube-nocookie\\.com/embed/${videos[0]!.youtubeId}`),
  );
  await expect(frame).toHaveAttribute('title', videos[0]!.title);
  await expect.poll(() => youtube.length).toBeGreaterThan(0);
});

test('[PUB-07] the partner marquee moves one copy of the logos at 216 px/s, in a seamless loop', async ({ page }) => {
  await openPage(page, paths.home);
  await page.locator('#parceiros-titulo').scrollIntoViewIfNeeded();
  const track = page.locator('[data-marquee]');
  const motion = await track.evaluate((element) => {
    const animation = element.getAnimations()[0];
    const keyframes = animation?.effect instanceof KeyframeEffect ? animation.effect.getKeyframes() : [];
    const end = String(keyframes[keyframes.length - 1]?.transform ?? '');
    return {
      distance: Number(/translateX\(-([\d.]+)px\)/.exec(end)?.[1]),
      duration: Number(animation?.effect?.getTiming().duration),
      iterations: animation?.effect?.getTiming().iterations,
      copyWidth: (element.firstElementChild as HTMLElement).offsetWidth,
    };
  });
  expect(motion.distance).toBeGreaterThan(0);
  expect(motion.distance).toBe(motion.copyWidth);
  expect(motion.iterations).toBe(Infinity);
  expect(motion.distance / (motion.duration / 1000)).toBeCloseTo(MARQUEE_SPEED, 5);
});

test('[PUB-08] the app promotion links to Google Play and the App Store in a new tab', async ({ page }) => {
  await openPage(page, paths.home);
  const app = page.locator('#app');
  const play = app.getByRole('link', { name: new RegExp(ui.site.stores.googlePlay) });
  const apple = app.getByRole('link', { name: new RegExp(ui.site.stores.appStore) });
  await expect(play).toHaveAttribute('href', appStores.googlePlay);
  await expect(apple).toHaveAttribute('href', appStores.appStore);
  await expectNewTab(play);
  await expectNewTab(apple);
});

test('[PUB-01] [PUB-03] [A11Y-01] with reduced motion nothing advances by itself', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await freezeClock(page);
  await openPage(page, paths.home);
  await page.clock.runFor(BANNER_MS * 3);
  await expect(activeSlide(page)).toHaveAttribute('aria-label', /^1 de/);
  expect(await testimonialNames(page)).toEqual(names(0));
  // The arrows still work.
  await page.getByRole('button', { name: ui.site.carousel.bannerNext }).click();
  await expect(activeSlide(page)).toHaveAttribute('aria-label', /^2 de/);
  await expect(page.locator('[data-marquee]')).toHaveJSProperty('childElementCount', 1);
});

test('[NAV-05] [A11Y-01] keyboard only: skip link, banner and testimonial arrows, FAQ — with a visible focus ring', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openPage(page, paths.home);
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Pular para o conteúdo' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();

  const focusRing = (name: string) =>
    page.getByRole('button', { name, exact: true }).evaluate((element) => getComputedStyle(element).outlineStyle);

  const bannerNext = page.getByRole('button', { name: ui.site.carousel.bannerNext });
  await bannerNext.focus();
  await page.keyboard.press('Enter');
  await expect(activeSlide(page)).toHaveAttribute('aria-label', /^2 de/);
  await page.keyboard.press('Space');
  await expect(activeSlide(page)).toHaveAttribute('aria-label', /^3 de/);

  const next = page.getByRole('button', { name: ui.site.carousel.testimonialsNext });
  await next.focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => testimonialNames(page)).toEqual(names(1));
  await page.keyboard.press('Shift+Tab');
  await expect(page.getByRole('button', { name: ui.site.carousel.testimonialsPrevious })).toBeFocused();
  expect(await focusRing(ui.site.carousel.testimonialsPrevious)).not.toBe('none');
  await page.keyboard.press('Enter');
  await expect.poll(() => testimonialNames(page)).toEqual(names(0));

  const question = page.getByRole('button', { name: faq[1]!.question });
  await question.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(faq[1]!.answer)).toBeVisible();
});
