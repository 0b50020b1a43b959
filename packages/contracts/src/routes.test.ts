import { describe, expect, test } from 'vitest';
import { isClientRoute, paths } from './routes';

describe('isClientRoute', () => {
  test('[SEC-06] every page of `paths` is a route, parameters filled in, any case, with or without a trailing slash', () => {
    const pages = [
      paths.home,
      paths.privacy,
      paths.finder('AB12CD34'),
      paths.onboarding('AB12CD34'),
      paths.editTag('AB12CD34'),
      paths.units('AB12CD34'),
      paths.editUnit('AB12CD34', 12),
      paths.manageClients,
      '/DASHBOARD/meus-produtos/',
    ];
    for (const page of pages) expect([page, isClientRoute(page)]).toEqual([page, true]);
  });

  test('[SEC-06] anything else is not: unknown paths, extra or missing segments, empty parameters', () => {
    for (const path of [
      '/nada',
      '/t',
      '/t/',
      '/t/AB12CD34/x',
      '/dashboard/meus-produtos/edit-toque',
      '/wp-admin/',
      '/login.php',
    ]) {
      expect([path, isClientRoute(path)]).toEqual([path, false]);
    }
  });
});
