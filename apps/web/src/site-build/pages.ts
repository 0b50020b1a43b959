import { paths } from '@toque/contracts/routes';

export interface PrerenderedPage {
  path: string;
  /**
   * Source modules (keys of Vite's manifest) of the page's lazy chunks, preloaded by its HTML so
   * hydration does not wait for them one after the other.
   */
  preload: readonly string[];
  /** PERF-03: an account page (login, sign-up), whose first load is held to ACCOUNT_JS_BUDGET_BYTES. */
  account?: true;
}

/** The app itself: main.tsx imports it once the prerendered page has been painted. */
const boot = 'src/boot.tsx';
// Boot last: main.tsx evaluates the list in order, the app's start after everything it needs.
const marketing = (name: string) => [`src/features/marketing/pages/${name}.tsx`, boot];

/**
 * The finder's page /t/{code}, rendered by the server on each request with the tag it found
 * (PERF-05): its chunks are preloaded like a prerendered page's.
 */
export const finderPage: Omit<PrerenderedPage, 'path'> = {
  // Boot last: the island evaluates the list in order, the app's start after everything it needs.
  preload: ['src/app/layouts/services-layout.tsx', 'src/app/routes/public/finder.tsx', boot],
};

/** The public pages rendered to HTML at build time (PERF-03, docs/decisions/0009). */
export const prerenderedPages: readonly PrerenderedPage[] = [
  { path: paths.home, preload: marketing('home-page') },
  { path: paths.bracelets, preload: marketing('product-page') },
  { path: paths.collars, preload: marketing('product-page') },
  { path: paths.objects, preload: marketing('product-page') },
  { path: paths.doorbells, preload: marketing('product-page') },
  { path: paths.manual, preload: marketing('manual-page') },
  { path: paths.privacy, preload: marketing('legal-page') },
  { path: paths.terms, preload: marketing('legal-page') },
  { path: paths.landing, preload: marketing('landing-page') },
  { path: paths.comingSoon, preload: marketing('coming-soon-page') },
  {
    path: paths.login,
    preload: [
      'src/app/layouts/services-layout.tsx',
      'src/app/guards/guest-route.tsx',
      'src/app/routes/auth/login.tsx',
      boot,
    ],
    account: true,
  },
  {
    path: paths.signUp,
    preload: [
      'src/app/layouts/services-layout.tsx',
      'src/app/guards/guest-route.tsx',
      'src/app/routes/auth/sign-up.tsx',
      boot,
    ],
    account: true,
  },
];
