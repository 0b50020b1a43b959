import { describe, expect, it } from 'vitest';
import { BREADCRUMB_BREAKPOINT_PX } from '@toque/contracts/constants';
import { paths } from '@toque/contracts/routes';
import { dashboardUi } from '@toque/contracts/dashboard-ui';
import { buildCrumbs, ELLIPSIS, titleCase, visibleCrumbs, type Crumb } from './breadcrumbs';

const c = dashboardUi.crumbs;
const root = dashboardUi.breadcrumbRoot;
const labels = (crumbs: readonly Crumb[]) => crumbs.map((crumb) => crumb.label);

describe('breadcrumbs', () => {
  it('[DASH-05] start with the product name and map the known segments', () => {
    expect(labels(buildCrumbs(paths.products))).toEqual([root, c.dashboard, c['meus-produtos']]);
    expect(labels(buildCrumbs(paths.account))).toEqual([root, c.dashboard, c['minha-conta']]);
    expect(labels(buildCrumbs(paths.finance))).toEqual([root, c.dashboard, c.financeiro]);
    expect(labels(buildCrumbs(paths.dashboardManual))).toEqual([root, c['dashboard-manual-do-usuario']]);
    // The specification names these crumbs, for the pages and for the link paths of its section 2.
    expect(labels(buildCrumbs(paths.productsAlias)).at(-1)).toBe('Meus Produtos');
    expect(labels(buildCrumbs(paths.accountAlias)).at(-1)).toBe('Minha Conta');
    expect(labels(buildCrumbs(paths.manualAlias)).at(-1)).toBe('Manual do Usuário');
  });

  it('[DASH-05] [CONDO-14] the síndico\'s building reads "Meu Condomínio", with its accent, not a title-cased path', () => {
    expect(labels(buildCrumbs(paths.myCondominium))).toEqual([root, c.dashboard, 'Meu Condomínio']);
  });

  it('[DASH-05] drop route parameter values and numeric segments', () => {
    expect(labels(buildCrumbs(paths.editTag('AB12CD34'), ['AB12CD34']))).toEqual([
      root,
      c.dashboard,
      c['meus-produtos'],
      c['edit-toque'],
    ]);
    expect(labels(buildCrumbs(paths.editUnit('COND1234', 42), ['COND1234', '42']))).toEqual([
      root,
      c.dashboard,
      c['meus-produtos'],
      c.apartamentos,
      c['edit-apartamento'],
    ]);
    // A number is dropped even when the route did not name it a parameter.
    expect(labels(buildCrumbs('/dashboard/2024/financeiro'))).toEqual([root, c.dashboard, c.financeiro]);
    // A parameter value is dropped even when it is not a number; an encoded one too.
    expect(labels(buildCrumbs('/dashboard/meus-produtos/edit-toque/C%C3%B3d1', ['Cód1']))).toEqual([
      root,
      c.dashboard,
      c['meus-produtos'],
      c['edit-toque'],
    ]);
  });

  it('[DASH-05] title-case unmapped segments from hyphenated text', () => {
    expect(titleCase('gerenciar-meus-toques')).toBe('Gerenciar Meus Toques');
    expect(titleCase('ótimo')).toBe('Ótimo');
    expect(labels(buildCrumbs('/dashboard/novidades-do-mes'))).toEqual([root, c.dashboard, 'Novidades Do Mes']);
    expect(labels(buildCrumbs('/dashboard/cart%C3%B5es-salvos')).at(-1)).toBe('Cartões Salvos');
  });

  it('[DASH-05] link the crumbs that are pages; the last one is the current page', () => {
    const crumbs = buildCrumbs(paths.editTag('AB12CD34'), ['AB12CD34']);
    expect(crumbs.map((crumb) => crumb.href)).toEqual([paths.home, paths.dashboard, paths.products, null]);
    // 'apartamentos' alone is not a page: it shows without a link.
    const unit = buildCrumbs(paths.editUnit('COND1234', 42), ['COND1234', '42']);
    expect(unit[3]).toEqual({ label: c.apartamentos, href: null });
    expect(buildCrumbs(paths.dashboard).at(-1)).toEqual({ label: c.dashboard, href: null });
  });

  it('[DASH-05] under 768 px only the last two crumbs show, after an ellipsis', () => {
    const crumbs = buildCrumbs(paths.editTag('AB12CD34'), ['AB12CD34']);
    expect(visibleCrumbs(crumbs, 1280)).toEqual(crumbs);
    expect(visibleCrumbs(crumbs, BREADCRUMB_BREAKPOINT_PX)).toEqual(crumbs);
    const narrow = visibleCrumbs(crumbs, BREADCRUMB_BREAKPOINT_PX - 1);
    expect(narrow).toEqual([ELLIPSIS, crumbs[2], crumbs[3]]);
    expect(visibleCrumbs(crumbs, 375)).toEqual(narrow);
  });

  it('[DASH-05] two crumbs or fewer need no ellipsis on a narrow screen', () => {
    const crumbs = buildCrumbs(paths.dashboardManual);
    expect(crumbs).toHaveLength(2);
    expect(visibleCrumbs(crumbs, 375)).toEqual(crumbs);
  });
});
