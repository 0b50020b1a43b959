import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { adminUi } from '@toque/contracts/admin-ui';
import { paths } from '@toque/contracts/routes';
import { ui } from '@toque/contracts/ui';
import { CondoActivationPage } from './condo-activation';

describe('the condominium activation page (ADM-02)', () => {
  it("[ADM-02] its way out says where it goes ('Voltar ao painel', to /dashboard), never 'Sair', the account menu's logout", async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={[paths.condoActivation]}>
        <Routes>
          <Route path={paths.condoActivation} element={<CondoActivationPage />} />
          <Route path={paths.dashboard} element={<p>painel</p>} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.queryByRole('link', { name: ui.buttons.logout })).toBeNull();
    expect(screen.queryByRole('button', { name: ui.buttons.logout })).toBeNull();
    expect(adminUi.activation.exit).not.toBe(ui.buttons.logout);
    const exit = screen.getByRole('link', { name: adminUi.activation.exit });
    expect(exit.getAttribute('href')).toBe(paths.dashboard);
    await user.click(exit);
    expect(screen.getByText('painel')).toBeDefined();
  });
});
