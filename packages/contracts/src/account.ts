import { z } from 'zod';
import { PHONE_MIN } from './constants';
import { medicalCard } from './medical-card';
import { msg } from './messages';

/**
 * ACC-03: the version of the Terms of use and Privacy policy a new account accepts. It is the
 * date of the newer of the two documents; when either changes, this moves on and the server refuses
 * a sign-up that accepted an older text (the page was open before the change).
 */
export const TERMS_VERSION = '2026-11-29';

/** ACC-07: what the consent recorded at sign-up covers. */
export const CONSENT_DOCUMENTS = 'Termos de uso e Política de privacidade';

/** ACC-03 / ACC-04: every Portuguese text of the LGPD self-service and the onboarding fixes. */
export const accountMsg = {
  termsRequired: 'É preciso aceitar os Termos de uso e a Política de privacidade.',
  termsOutdated: 'Os Termos de uso ou a Política de privacidade mudaram. Recarregue a página e aceite a versão atual.',
  emailTaken: 'Este e-mail já é usado por outra conta.',
  contactSaved: 'Dados de contato atualizados.',
  contactError: 'Não foi possível atualizar os dados de contato. Tente novamente.',
  passwordRequired: 'Informe sua senha para confirmar.',
  exportError: 'Não foi possível baixar os seus dados. Tente novamente.',
  exportReady: 'Download dos seus dados iniciado.',
  deleted: 'Sua conta foi excluída. Até logo!',
  deleteError: 'Não foi possível excluir a conta. Tente novamente.',
  /** docs/decisions/0020: the plate's residents must stay reachable. */
  deleteCondominiumAdmin:
    'Você é síndico de um condomínio. Peça ao suporte para transferir a placa a outro síndico antes de excluir a conta.',
  /** docs/decisions/0020: an administrator's account is staff, with an audit trail; the operator demotes it first. */
  deleteAdmin:
    'Uma conta de administrador não pode ser excluída por aqui. Peça ao operador do Toque para retirar o acesso de administrador antes.',
} as const;

/** Subjects of the account's mails. */
export const accountMailMsg = {
  emailChangedSubject: 'Toque: o e-mail da sua conta foi alterado',
} as const;

/** Visible labels of my account's LGPD sections, the consent checkbox and the onboarding page. */
export const accountUi = {
  consent: {
    before: 'Li e aceito os ',
    terms: 'Termos de uso',
    and: ' e a ',
    privacy: 'Política de privacidade',
    /** The checkbox's accessible name: the whole sentence. */
    label: 'Li e aceito os Termos de uso e a Política de privacidade',
  },
  contact: {
    heading: 'Dados de contato',
    intro: 'O e-mail é o seu login e recebe os avisos de chamadas perdidas e de segurança.',
    email: 'E-mail',
    phone: 'Telefone',
    save: 'Salvar contato',
  },
  privacy: {
    heading: 'Seus dados (LGPD)',
    intro:
      'Você pode baixar uma cópia de tudo o que o Toque guarda sobre você, ou excluir a sua conta. ' +
      'Os dois pedem a sua senha.',
    download: 'Baixar meus dados',
    delete: 'Excluir minha conta',
    fileName: 'meus-dados-toque.json',
    /** ACC-07: after the download, the same data for machines, without asking the password again. */
    readyHeading: 'Seus dados estão prontos',
    readyText:
      'Baixamos dois arquivos: o documento em português (HTML), para abrir no navegador ou imprimir, e os mesmos dados em JSON, para levá-los a outro serviço. Se o navegador perguntar, permita o download de vários arquivos.',
    openHtml: 'Baixar o documento de novo (HTML)',
    downloadJson: 'Baixar o JSON de novo',
  },
  /** ACC-07: the consent on record, shown on my account. */
  consentRecord: {
    heading: 'Termos aceitos',
    accepted: (version: string, date: string) =>
      `Você aceitou os Termos de uso e a Política de privacidade na versão ${version}, em ${date}.`,
    none: 'Não há registro de aceite dos Termos de uso e da Política de privacidade nesta conta (ela é anterior a esse registro).',
    read: 'Ler os Termos de uso',
    readPrivacy: 'Ler a Política de privacidade',
  },
  /** ACC-07: the current password, asked once per change, when the change is made. */
  passwordPrompt: {
    cancel: 'Cancelar',
    profileTitle: 'Confirme para salvar',
    profileIntro: 'Para alterar o nome ou a senha, digite a sua senha atual.',
    profileConfirm: 'Salvar alterações',
    contactTitle: 'Confirme para salvar o contato',
    contactIntro: 'Para alterar o e-mail ou o telefone, digite a sua senha atual.',
    contactConfirm: 'Salvar contato',
    exportTitle: 'Confirme para baixar os seus dados',
    exportIntro: 'Os seus dados pessoais serão baixados neste aparelho. Digite a sua senha atual.',
    exportConfirm: 'Baixar meus dados',
  },
  deleteDialog: {
    title: 'Excluir minha conta',
    body:
      'Esta ação não pode ser desfeita. Seus Toques serão desativados e deixarão de tocar (ninguém poderá usá-los), você sairá ' +
      'dos Toques compartilhados e das unidades de condomínio, e o histórico de chamadas será anonimizado.',
    password: 'Sua senha',
    /** ACC-08: what goes, each named (GET /account/delete-preview). */
    loading: 'Verificando o que será excluído…',
    loadError: 'Não foi possível verificar o que será excluído. Feche e tente de novo.',
    tagsHeading: 'Toques que deixarão de tocar (não poderão ser ativados por outra pessoa)',
    platesHeading: 'Placas de condomínio que você administra',
    plateLine: (condominium: string, units: number) =>
      `${condominium}: a placa e ${units === 1 ? 'a sua 1 unidade' : `as suas ${units} unidades`}`,
    unnamedUnit: 'Unidade sem nome',
    unitsHeading: 'Unidades de condomínio de que você sairá',
    unitLine: (unit: string, condominium: string) => `${unit} — ${condominium}`,
    chargesHeading: 'Cobranças em aberto que serão canceladas',
    chargeLine: (reais: string, names: string) => `${reais} — ${names}`,
    sharesHeading: 'Compartilhamentos que terminam',
    shareMine: (tag: string, person: string) => `${tag}: ${person} deixará de receber as chamadas`,
    shareTheirs: (tag: string, owner: string) => `${tag} (de ${owner}): você deixará de receber as chamadas`,
    nothing: 'Nenhum Toque, unidade, cobrança ou compartilhamento na sua conta.',
    confirm: 'Excluir definitivamente',
    cancel: 'Cancelar',
  },
  onboarding: {
    checking: 'Verificando o código…',
    productIs: (type: string) => `Este código é de: ${type}.`,
    typeLocked: 'O tipo vem do código escaneado e não pode ser trocado.',
    activatedTitle: 'Este Toque já foi ativado',
    activatedText:
      'Este código já está ligado a uma conta. Se ele é seu, entre na sua conta; para adicionar outro ' +
      'Toque, use "Adicionar Toque" no painel.',
    unavailableTitle: 'Este código não pode ser ativado',
    unavailableText: 'Este Toque está inativo ou foi excluído. Fale com o suporte do Toque.',
    notFoundTitle: 'Código não encontrado',
    notFoundText: 'Confira o código impresso na etiqueta. Se ele estiver certo, fale com o suporte do Toque.',
    loginAndAdd: 'Entrar e adicionar este Toque',
    login: 'Entrar na minha conta',
    existingCustomer: 'Você já tem conta no Toque. Entre para adicionar este Toque à sua conta.',
    loggedInTitle: 'Você já está conectado',
    loggedInText: 'Adicione este Toque à sua conta com um clique.',
    addToAccount: 'Adicionar à minha conta',
    goToProducts: 'Ir para Meus Produtos',
    alreadyCustomer: 'Já tem conta no Toque?',
    added: 'Toque adicionado à sua conta!',
    addFailurePrefix: 'Falha ao adicionar toque: ',
  },
} as const;

/** POST /auth/register and /auth/web-onboarding: the version accepted, which must be the current one. */
export const termsVersionField = z.literal(TERMS_VERSION, {
  error: (issue) =>
    issue.input === undefined || issue.input === null ? accountMsg.termsRequired : accountMsg.termsOutdated,
});

/** The sign-up forms' checkbox, sent as `termsVersion: TERMS_VERSION` once ticked. */
export const acceptTermsField = z.boolean().refine((v) => v, accountMsg.termsRequired);

/** GET /account: what the user edits on my account (ACC-03). */
export const accountResponse = z.object({
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  termsVersion: z.string().nullable(),
  termsAcceptedAt: z.string().nullable(),
});
export type AccountResponse = z.infer<typeof accountResponse>;

const currentPassword = z.string().min(1, accountMsg.passwordRequired).max(200);

/** PUT /account/contact: phone and e-mail, the change confirmed by the current password. */
export const updateContactBody = z.object({
  email: z.string().trim().toLowerCase().min(1, msg.required).email(msg.emailInvalid).max(254),
  phone: z.string().trim().min(PHONE_MIN, msg.phoneInvalid).max(30, msg.phoneInvalid),
  password: currentPassword,
});
export type UpdateContactBody = z.infer<typeof updateContactBody>;

/** POST /account/export and POST /account/delete: the current password. */
export const confirmPasswordBody = z.object({ password: currentPassword });
export type ConfirmPasswordBody = z.infer<typeof confirmPasswordBody>;

/** FIND-07: quiet hours as stored (days 0 = Sunday … 6 = Saturday, the day a window starts on). */
const exportQuietHours = z.object({
  days: z.array(z.number().int()),
  from: z.string(),
  until: z.string(),
  timeZone: z.string(),
});

/** Only an image the server encoded: a base64 `data:` URL of a WebP, JPEG or PNG (nothing else reaches the document's `<img>`). */
export const EXPORT_PHOTO_DATA_URL = /^data:image\/(webp|jpeg|png);base64,[A-Za-z0-9+/]+=*$/;

const exportPhoto = z.object({
  contentType: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
  uploadedAt: z.string(),
  dataUrl: z.string().regex(EXPORT_PHOTO_DATA_URL),
});

/**
 * The data export (ACC-03, ACC-07): everything held about the user, nothing of anyone else beyond
 * what the app shows them. The machine-readable half; `renderExportHtml` makes the readable one.
 */
export const accountExport = z.object({
  exportedAt: z.string(),
  profile: z.object({
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    cpfOrCnpj: z.string(),
    createdAt: z.string(),
    termsVersion: z.string().nullable(),
    termsAcceptedAt: z.string().nullable(),
    isToqueAdmin: z.boolean(),
  }),
  /** ACC-07: each consent on record, with the version of the texts and when. */
  consents: z.array(z.object({ document: z.string(), version: z.string(), acceptedAt: z.string() })),
  tags: z.array(
    z.object({
      code: z.string(),
      productId: z.number().int(),
      productName: z.string(),
      name: z.string(),
      importantInfo: z.string(),
      showInfoToFinder: z.boolean(),
      isActive: z.boolean(),
      /** FIND-01: scan alerts on or off. */
      scanAlerts: z.boolean(),
      /** FIND-02 / TAG-11: lost mode (null: not lost), its message and reward. */
      lost: z
        .object({
          message: z.string(),
          reward: z.string().nullable(),
          rewardCents: z.number().int().nullable(),
          /** FIND-10: when lost mode was switched on (null: switched on before it was recorded). */
          since: z.string().nullable(),
        })
        .nullable(),
      disabledAt: z.string().nullable(),
      createdAt: z.string(),
      /** The people the user shares the tag with, as the app shows them (first name and e-mail). */
      members: z.array(z.object({ firstName: z.string(), email: z.string(), since: z.string() })),
      /** TAG-11: invitations sent to e-mails with no account yet. */
      pendingInvitations: z.array(z.object({ email: z.string(), sentAt: z.string() })),
      /** FIN-02: the tag's plan — monthly or annual, and its due date (null: no plan running). */
      plan: z.object({ interval: z.string(), dueAt: z.string().nullable() }),
      /** FIND-09: what the finder's page shows (the important info: `showInfoToFinder`), and the city typed with lost mode. */
      finderPage: z.object({
        showOwnerName: z.boolean(),
        showPhoto: z.boolean(),
        showReward: z.boolean(),
        showCity: z.boolean(),
        lostCity: z.string().nullable(),
      }),
      /** FIND-09: the photo the owner uploaded, as stored (re-encoded, no metadata), openable as a `data:` URL; null: none. */
      photo: exportPhoto.nullable(),
      /** FIND-07: quiet hours (null: none). FIND-08: seconds the owner rings alone before the members (null: everyone at once). */
      quietHours: exportQuietHours.nullable(),
      ringOrderSeconds: z.number().int().nullable(),
      /** FIND-11: a wristband's medical card, every field with its switch (null: none, or not a wristband). */
      medicalCard: medicalCard.nullable(),
    }),
  ),
  memberships: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      productId: z.number().int(),
      productName: z.string(),
      ownerFirstName: z.string(),
      since: z.string(),
    }),
  ),
  residencies: z.array(
    z.object({
      condominium: z.string(),
      unit: z.string().nullable(),
      since: z.string(),
      /** CONDO-11: the other residents, by first name. */
      otherResidents: z.array(z.string()),
      /** FIND-07: the unit's quiet hours, chosen by its residents (stored per unit, not per resident); null: none. */
      quietHours: exportQuietHours.nullable(),
    }),
  ),
  calls: z.array(
    z.object({
      id: z.string(),
      tagCode: z.string(),
      tagName: z.string(),
      productName: z.string(),
      unit: z.string().nullable(),
      status: z.string(),
      startedAt: z.string(),
      answeredAt: z.string().nullable(),
      endedAt: z.string().nullable(),
      answeredByMe: z.boolean(),
      latitude: z.number().nullable(),
      longitude: z.number().nullable(),
      message: z.string().nullable(),
      /** CALL-15: a phone or e-mail the finder left to be called back. */
      callbackContact: z.string().nullable(),
    }),
  ),
  /** FIND-01: the scans of the tags the user owns or shares. */
  scans: z.array(
    z.object({
      tagCode: z.string(),
      tagName: z.string(),
      productName: z.string(),
      lost: z.boolean(),
      latitude: z.number().nullable(),
      longitude: z.number().nullable(),
      locality: z.string().nullable(),
      scannedAt: z.string(),
    }),
  ),
  /** FIN-03: the Pix charges made for the user, paid or not (amounts in centavos). */
  charges: z.array(
    z.object({
      txid: z.string(),
      tagCodes: z.array(z.string()),
      amountCents: z.number().int(),
      status: z.string(),
      createdAt: z.string(),
      expiresAt: z.string(),
      paidAt: z.string().nullable(),
      paidCents: z.number().int().nullable(),
    }),
  ),
  /**
   * FIND-06: the conversations with finders the user answers (tags owned or shared, units lived in),
   * each message as the Conversas page shows it; in a conversation the user no longer answers, only
   * the messages they wrote. Neither the finder's token nor their address is in it.
   */
  conversations: z.array(
    z.object({
      id: z.string(),
      tagCode: z.string(),
      tagName: z.string(),
      productName: z.string(),
      /** A plate's conversation: the unit (null: a tag's). */
      unit: z.string().nullable(),
      state: z.string(),
      startedAt: z.string(),
      lastMessageAt: z.string(),
      closedAt: z.string().nullable(),
      blockedAt: z.string().nullable(),
      messages: z.array(
        z.object({
          from: z.enum(['finder', 'owner']),
          /** The answering person's first name ('' for the finder, or an erased account). */
          authorFirstName: z.string(),
          mine: z.boolean(),
          body: z.string(),
          latitude: z.number().nullable(),
          longitude: z.number().nullable(),
          createdAt: z.string(),
        }),
      ),
    }),
  ),
  /** CONDO-15: the deliveries left for the units the user lives in, and any the user marked collected. */
  deliveries: z.array(
    z.object({
      condominium: z.string(),
      unit: z.string().nullable(),
      company: z.string(),
      companyName: z.string(),
      createdAt: z.string(),
      collectedAt: z.string().nullable(),
      /** Who marked it collected, by first name ('' for an erased account; null: waiting). */
      collectedBy: z.string().nullable(),
      collectedByMe: z.boolean(),
      /** A photo of the package is kept (for 30 days, DELIVERY_PHOTO_RETENTION_DAYS); its bytes are seen on the dashboard, not copied here. */
      hasPhoto: z.boolean(),
    }),
  ),
  /** CONDO-16: the visitor passes the user created (the link's token is not kept: only its hash, which is not exported). */
  passes: z.array(
    z.object({
      condominium: z.string(),
      unit: z.string().nullable(),
      visitorName: z.string(),
      validFrom: z.string(),
      validUntil: z.string(),
      status: z.enum(['active', 'upcoming', 'expired', 'revoked']),
      revokedAt: z.string().nullable(),
      /** CONDO-18: whether the pass may open the gate by itself within its window. */
      canOpenGate: z.boolean(),
      createdAt: z.string(),
    }),
  ),
  /** CONDO-18: the gate openings the user made (in a call, or testing as síndico) and those of the user's passes. */
  gateOpenings: z.array(
    z.object({
      condominium: z.string(),
      unit: z.string().nullable(),
      via: z.enum(['call', 'pass', 'test']),
      /** A pass's opening: the visitor's name as the pass said it. */
      visitorName: z.string().nullable(),
      opened: z.boolean(),
      /** The words both screens showed. */
      result: z.string(),
      createdAt: z.string(),
    }),
  ),
  pushSubscriptions: z.array(z.object({ endpoint: z.string(), createdAt: z.string() })),
  /** The e-mails the service wrote to the user: subject and date (a reset code in a body is not repeated). */
  mails: z.array(z.object({ subject: z.string(), createdAt: z.string() })),
});
export type AccountExport = z.infer<typeof accountExport>;

/**
 * ACC-08: what deleting the account would take, each named: the tags retired (plates apart), the plates
 * the user runs with their units (these block the deletion: `blocked` says why), the units left, the open
 * charges cancelled, and the shares that end — of the user's tags (`mine`) and of others' tags.
 */
export const deletePreview = z.object({
  blocked: z.string().nullable(),
  tags: z.array(z.object({ code: z.string(), name: z.string(), product_id: z.number().int() })),
  plates: z.array(z.object({ code: z.string(), condominium: z.string(), units: z.array(z.string().nullable()) })),
  units: z.array(z.object({ condominium: z.string(), unit: z.string().nullable() })),
  charges: z.array(z.object({ id: z.number().int(), amount_cents: z.number().int(), names: z.array(z.string()) })),
  shares: z.array(z.object({ code: z.string(), name: z.string(), person: z.string(), mine: z.boolean() })),
});
export type DeletePreview = z.infer<typeof deletePreview>;

/** Account API paths (ACC-03), relative to the `/api` base. */
export const accountApi = {
  account: '/account',
  contact: '/account/contact',
  export: '/account/export',
  delete: '/account/delete',
  /** ACC-08: what a deletion would take, named, before the password is asked. */
  deletePreview: '/account/delete-preview',
} as const;
