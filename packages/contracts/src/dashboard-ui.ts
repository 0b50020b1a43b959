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
    /** CONDO-14: title-casing the path would drop the accent ('Meu Condominio'). */
    'meu-condominio': 'Meu Condomínio',
    'minha-unidade': 'Minha Unidade',
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
    /** FIN-05: the owner's tag whose plan is more than 30 days overdue (docs/decisions/0040). */
    suspended: 'Suspenso',
    suspendedHint: 'Plano com mais de 30 dias de atraso: recebe só mensagens, não chamadas (no modo perdido, continua chamando). Pagar no Financeiro reativa na hora.',
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
    /** FIND-09: the photo and the finder page's switches. */
    photoHeading: 'Foto para quem encontrar',
    photoHint: 'JPEG, PNG, WebP ou HEIC, até 10 MB. A foto é reduzida e a localização e os outros dados da câmera são apagados.',
    photoChoose: 'Escolher uma foto',
    photoReplace: 'Trocar a foto',
    photoRemove: 'Remover a foto',
    photoSending: 'Enviando a foto…',
    photoAlt: (name: string) => `Foto de ${name}`,
    photoNone: 'Nenhuma foto enviada.',
    photoFailurePrefix: 'Falha ao enviar a foto: ',
    finderHeading: 'O que quem encontrar vê',
    showOwnerName: 'Mostrar o meu primeiro nome',
    showPhoto: 'Mostrar a foto',
    showReward: 'Mostrar a recompensa (modo perdido)',
    showCity: 'Mostrar a cidade onde fui perdido',
    showCityHint: 'Só aparece no modo perdido, com a cidade que você escrever abaixo.',
    lostCity: 'Cidade onde foi perdido',
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
  /** FIN-02: the customer's real plans (FIN-01's placeholders gave way to them). */
  finance: {
    intro:
      'Cada Toque tem o seu plano, mensal ou anual (o anual custa 10 meses). Um Toque recém-ativado começa com 30 dias de teste.',
    plansTitle: 'Seus planos',
    caption: 'Planos dos seus Toques',
    headers: { tag: 'Toque', plan: 'Plano', value: 'Valor', due: 'Vencimento', status: 'Status', pay: 'Pagamento' },
    loading: 'Carregando seus planos…',
    loadError: 'Não foi possível carregar seus planos.',
    empty: 'Você ainda não tem Toques com plano. Quando ativar um Toque, ele aparece aqui com 30 dias de teste.',
    intervalLabel: (name: string) => `Plano de ${name}`,
    price: (reais: string, per: string) => `${reais} ${per}`,
    intervalFailure: 'Falha ao trocar o plano: ',
    payTitle: 'Pagamento',
    payNote:
      'Pague cada Toque, ou todos de uma vez, com Pix: o QR Code e o copia e cola aparecem na hora e o status muda sozinho quando o banco confirma. Dúvidas sobre cobrança? Fale com a nossa equipe.',
    rulesTitle: 'Avisos e renovação',
    rules: [
      'Avisamos por e-mail 7 dias e 1 dia antes do vencimento.',
      'Com mais de 30 dias de atraso, o Toque é suspenso, como dizem os termos de uso.',
    ],
    summary: {
      plans: (n: number) => (n === 1 ? '1 Toque com plano' : `${n} Toques com plano`),
      next: 'Próximo vencimento',
      late: (n: number) => (n === 1 ? '1 plano em atraso' : `${n} planos em atraso`),
      none: 'Nenhum plano ainda.',
      /** FIN-07: what all the owner's plans cost together — monthly ones per month, annual ones per year. */
      total: 'Total dos planos',
      perMonth: (reais: string) => `${reais} por mês`,
      perYear: (reais: string) => `${reais} por ano`,
      /** FIN-07: a plan never paid whose due date is still ahead is in its free trial. */
      trialUntil: (ddmm: string) => `Período de teste até ${ddmm}`,
    },
    /** FIN-03: paying by Pix. */
    pix: {
      payOne: (name: string) => `Pagar ${name} com Pix`,
      payOneShort: 'Pagar com Pix',
      payAll: 'Pagar todos com Pix',
      title: 'Pagar com Pix',
      amount: (reais: string) => `Valor: ${reais}`,
      expires: (when: string) => `Pague até ${when}.`,
      howTo: 'Abra o app do seu banco, escolha Pix e leia o QR Code, ou use o Pix copia e cola.',
      qrAlt: 'QR Code do Pix desta cobrança',
      copyLabel: 'Pix copia e cola',
      copy: 'Copiar código Pix',
      copied: 'Código Pix copiado.',
      copyFailed: 'Não foi possível copiar. Selecione o código e copie manualmente.',
      waiting: 'Aguardando o pagamento… Esta tela atualiza sozinha.',
      paid: 'Pagamento confirmado. Obrigado!',
      review: 'Recebemos um valor diferente do cobrado: a nossa equipe vai conferir e avisar você.',
      expired: 'Esta cobrança expirou. Feche e gere uma nova.',
      failure: 'Falha ao gerar a cobrança: ',
      close: 'Fechar',
      /** FIN-07: what the charge pays, tag by tag, from its recorded items. */
      linesLabel: 'O que esta cobrança paga',
      line: (name: string, from: string, to: string, reais: string) => `${name} — ${from} a ${to} — ${reais}`,
      plateName: (name: string, units: number) => `${name} (${units === 1 ? '1 unidade' : `${units} unidades`})`,
    },
    /** A tag's 'Vencimento' for someone who does not own it: the plan is the owner's. */
    ownerPays: 'A cargo do dono',
  },
} as const;
