import { paths } from '@toque/contracts/routes';

export interface NavItem {
  label: string;
  to: string;
  /** Only the exact path marks the item as current (Início would otherwise match everything). */
  end?: boolean;
}

/** Public menu (NAV-01): these links, then the Contato panel and the account entry. */
export const publicNav: readonly NavItem[] = [
  { label: 'Início', to: paths.home, end: true },
  { label: 'Pulseiras', to: paths.bracelets },
  { label: 'Coleiras', to: paths.collars },
  { label: 'Objetos', to: paths.objects },
  { label: 'Campainhas', to: paths.doorbells },
  { label: 'Manual de Uso', to: paths.manual },
];

/** The four tag pages, for the footer (without loading the product copy). */
const productPaths: readonly string[] = [paths.bracelets, paths.collars, paths.objects, paths.doorbells];
export const productNav: readonly NavItem[] = publicNav.filter((item) => productPaths.includes(item.to));

/** Dashboard menu (DASH-02). Contato is a panel, placed between Financeiro and Manual de Uso. */
export const dashboardNavBeforeContact: readonly NavItem[] = [
  { label: 'Início', to: paths.dashboard, end: true },
  { label: 'Meus Produtos', to: paths.products },
  { label: 'Financeiro', to: paths.finance },
];
export const dashboardContactLabel = 'Contato';
export const dashboardNavAfterContact: readonly NavItem[] = [
  { label: 'Manual de Uso', to: paths.dashboardManual },
  { label: 'Minha Conta', to: paths.account },
  // callUi.history.menu; not imported, so the public pages' first load stays without the call's copy.
  { label: 'Chamadas', to: paths.callHistory },
];
export const dashboardAdminNav: readonly NavItem[] = [
  { label: 'Ativação de Condomínio', to: paths.condoActivation },
  { label: 'Administração de Clientes', to: paths.manageClients },
];

export const navLabels = {
  mainMenu: 'Menu principal',
  dashboardMenu: 'Menu da área logada',
  openMenu: 'Abrir menu',
  closeMenu: 'Fechar menu',
  homeLink: 'Toque, página inicial',
  footer: 'Links do rodapé',
  privacy: 'Política de Privacidade',
  terms: 'Termos e Condições',
  skipToContent: 'Pular para o conteúdo',
  loadingPage: 'Carregando a página',
} as const;
