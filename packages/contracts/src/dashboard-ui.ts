/**
 * Visible labels of the account area (DASH, TAG, FIN) that the screens and the browser tests share.
 * A module of its own rather than a key of `ui`: `ui` ships with the public home page, and these
 * labels would weigh on its first-load budget (PERF-03) without being used there.
 */
export const dashboardUi = {
  breadcrumb: 'Trilha de navegação',
  breadcrumbEarlier: 'Páginas anteriores',
  /** DASH-05: the first crumb is the product's name. */
  breadcrumbRoot: 'Toque',
  /** DASH-05: the crumb of each known path segment; others are title-cased from their hyphens. */
  crumbs: {
    dashboard: 'Início',
    'meus-produtos': 'Meus Produtos',
    products: 'Meus Produtos',
    'minha-conta': 'Minha Conta',
    account: 'Minha Conta',
    manual: 'Manual do Usuário',
    'dashboard-manual-do-usuario': 'Manual do Usuário',
    financeiro: 'Financeiro',
    'edit-toque': 'Editar Toque',
    apartamentos: 'Apartamentos',
    'edit-apartamento': 'Editar Apartamento',
    'ativacao-de-condominio': 'Ativação de Condomínio',
    'gerenciar-clientes': 'Gerenciar Clientes',
  },
  headings: {
    products: 'Meus Produtos',
    editTag: 'Editar Toque',
    finance: 'Financeiro',
    manual: 'Manual de Uso',
    sharing: 'Compartilhar este Toque',
  },
  blocks: {
    tags: 'Toques adquiridos',
    finance: 'Financeiro',
    manual: 'Manual de Uso',
    faq: 'Perguntas frequentes',
  },
  seeAllTags: 'Ver Todos',
  seeFinance: 'Ver Tudo',
  manualRows: {
    activate: 'Como ativar seu QR Code',
    install: 'Guia de Instalação',
    safeMeetings: 'Instruções para Encontros Seguros',
    full: 'Manual Completo',
  },
  faqPdf: 'Baixar as perguntas frequentes (PDF)',
  addTag: {
    open: 'Adicionar Toque',
    title: 'Adicionar Toque',
    field: 'Código do Toque',
    submit: 'Adicionar',
    cancel: 'Cancelar',
  },
  close: 'Fechar',
  /** Success toasts of the tag screens. */
  toasts: {
    addedTag: 'Toque adicionado com sucesso!',
    joinedUnit: 'Você agora é morador desta unidade.',
    deleted: 'Toque excluído.',
    updated: 'Toque atualizado.',
    shared: 'Toque compartilhado.',
    /** TAG-11: the e-mail has no account yet: it got an invitation. */
    invited: 'Convite enviado. A pessoa passa a receber as chamadas quando criar a conta com este e-mail.',
    invitationCancelled: 'Convite cancelado.',
    memberRemoved: 'Membro removido.',
  },
  tabs: {
    label: 'Tipos de Toque',
    residencias: 'Campainhas',
    pessoas: 'Pessoas',
    pets: 'Pets',
    objetos: 'Objetos',
  },
  status: {
    owner: 'Ativo',
    member: 'Membro',
    inactive: 'Inativo',
    inactiveHint: 'Desativado pelo suporte: não recebe chamadas.',
    /** TAG-11: a tag in lost mode, wherever the owner lists it. */
    lost: 'Perdido',
  },
  tagActions: {
    qr: 'QR Code',
    edit: 'Editar',
    details: 'Detalhes',
    delete: 'Excluir',
    units: 'Apartamentos',
  },
  tagDetails: {
    code: 'Código',
    type: 'Tipo',
    status: 'Status',
    dueDate: 'Vencimento',
    importantInfo: 'Informações importantes',
    shownToFinder: 'Visível para quem encontrar',
  },
  deleteTag: {
    title: 'Excluir este Toque?',
    confirm: 'Sim, excluir',
    cancel: 'Cancelar',
  },
  qr: {
    title: 'QR Code do Toque',
    download: 'Baixar PNG',
    print: 'Imprimir',
  },
  editTag: {
    name: 'Nome do Toque',
    importantInfo: 'Informações importantes',
    showToFinder: 'Mostrar as informações importantes para quem encontrar',
    save: 'Salvar',
    back: 'Voltar para Meus Produtos',
  },
  sharing: {
    email: 'E-mail da pessoa',
    add: 'Compartilhar',
    remove: 'Remover',
    /** TAG-11: invitations sent to e-mails with no account yet. */
    invitationsHeading: 'Convites pendentes',
    invitationSentOn: (date: string) => `Convite enviado em ${date}`,
    cancelInvitation: 'Cancelar convite',
    cancelInvitationLabel: (email: string) => `Cancelar o convite para ${email}`,
    hint: 'Se a pessoa ainda não tem conta no Toque, ela recebe um convite por e-mail.',
  },
  /** FIN-01: the specification's static placeholders, exactly as written there. */
  finance: {
    plan: 'Anual',
    planActive: 'Ativo',
    activeQrs: '1/5',
    type: 'Individual',
    dueDate: '11/06/2026',
    card: '**** **** **** 4242',
    annualValue: 'R$ 169,00',
    tableValue: 'R$ 179,00',
    dashboardPaid: 'R$ 120,0',
    tagDueDate: 'MM/YYYY',
    historyHeaders: ['Data', 'Valor', 'Método', 'Status'],
  },
} as const;
