import { describe, expect, it } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Outlet, Route, Routes } from 'react-router';
import { dashboardUi } from '@toque/contracts/dashboard-ui';
import { paths } from '@toque/contracts/routes';
import { Breadcrumbs } from './breadcrumbs';

const c = dashboardUi.crumbs;

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        {/* As in the dashboard layout: the crumbs sit above the page's outlet. */}
        <Route
          element={
            <>
              <Breadcrumbs />
              <Outlet />
            </>
          }
        >
          <Route path={paths.editTag(':code')} element={null} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
  return screen.getByRole('navigation', { name: dashboardUi.breadcrumb });
}

function resizeTo(width: number) {
  act(() => {
    window.innerWidth = width;
    window.dispatchEvent(new Event('resize'));
  });
}

describe('breadcrumbs in a layout', () => {
  it('[DASH-05] see the page route parameter from the layout and follow the window width', () => {
    resizeTo(1280);
    const nav = renderAt(paths.editTag('AB12CD34'));
    const items = () =>
      within(nav)
        .getAllByRole('listitem')
        .map((li) => li.textContent.replace(/^\//, '').trim());
    expect(items()).toEqual([dashboardUi.breadcrumbRoot, c.dashboard, c['meus-produtos'], c['edit-toque']]);
    expect(within(nav).getByText(c['edit-toque']).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: c['meus-produtos'] }).getAttribute('href')).toBe(paths.products);

    resizeTo(375);
    expect(items()).toEqual([`…${dashboardUi.breadcrumbEarlier}`, c['meus-produtos'], c['edit-toque']]);
    resizeTo(1024);
  });
});
