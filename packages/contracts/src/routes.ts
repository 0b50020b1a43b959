/** Web paths of the specification's section 2 (plus the finder's /t/:code). */
export const paths = {
  home: '/',
  manual: '/manual-do-usuario',
  privacy: '/politica-de-privacidade',
  terms: '/termos-de-condicoes',
  bracelets: '/pulseiras',
  collars: '/coleiras',
  objects: '/objetos',
  doorbells: '/campainhas',
  landing: '/landing-page',
  comingSoon: '/coming-soon',
  onboarding: (code: string) => `/onboarding/${code}`,
  call: '/call',
  finder: (code: string) => `/t/${code}`,
  login: '/login',
  signUp: '/sign-up',
  forgotPassword: '/forgot-password',
  forgotPasswordSuccess: '/forgot-password/success',
  resetPassword: '/reset-password',
  resetPasswordSuccess: '/reset-password/success',
  dashboard: '/dashboard',
  finance: '/dashboard/financeiro',
  account: '/dashboard/minha-conta',
  dashboardManual: '/dashboard-manual-do-usuario',
  products: '/dashboard/meus-produtos',
  editTag: (code: string) => `/dashboard/meus-produtos/edit-toque/${code}`,
  units: (condoCode: string) => `/dashboard/meus-produtos/apartamentos/${condoCode}`,
  editUnit: (condoCode: string, id: number | string) =>
    `/dashboard/meus-produtos/apartamentos/${condoCode}/${id}/edit-apartamento`,
  productsAlias: '/dashboard/products',
  accountAlias: '/dashboard/account',
  manualAlias: '/dashboard/manual',
  condoActivation: '/dashboard/ativacao-de-condominio',
  manageClients: '/dashboard/gerenciar-clientes',
  callHistory: '/dashboard/chamadas',
  /** FIND-06: the conversations with finders, beside the call history. */
  conversations: '/dashboard/conversas',
  conversation: (id: string) => `/dashboard/conversas/${id}`,
  /** CONDO-14: the síndico's building, one tap from the dashboard (its plate's units page, or a choice of plates). */
  myCondominium: '/dashboard/meu-condominio',
  /** CONDO-15 / CONDO-16: a resident's unit — its deliveries and its expected visitors' passes. */
  myUnit: (unitId: number | string) => `/dashboard/minha-unidade/${unitId}`,
} as const;

/** API paths, relative to the `/api` base. */
export const api = {
  login: '/auth/login',
  register: '/auth/register',
  webOnboarding: '/auth/web-onboarding',
  generateCode: '/auth/generate-code',
  resetPassword: '/auth/reset-password',
  validateToken: '/auth/validateToken',
  userName: '/profile/userName',
  isToqueAdmin: '/profile/isToqueAdmin',
  updateUser: '/profile/updateUser',
  /** CALL-02: a new call (calls.ts `callsApi.create`; here too for the finder page's island, which loads no Zod). */
  createCall: '/calls',
} as const;
export const API_BASE = '/api';

/** Tag API paths (TAG-02…09), relative to the `/api` base. */
export const productsApi = {
  list: '/products/listProducts',
  associate: '/products/associateQrCode',
  disable: '/products/disableQrCode',
  updateName: '/products/updateName',
  members: (code: string) => `/products/${encodeURIComponent(code)}/members`,
  member: '/products/members',
  /** TAG-11: invitations to e-mails with no account yet (list per tag; cancel). */
  invitations: (code: string) => `/products/${encodeURIComponent(code)}/invitations`,
  invitation: '/products/invitations',
  /** FIND-09: the tag's photo (PUT the file itself; DELETE removes it). */
  photo: (code: string) => `/products/${encodeURIComponent(code)}/photo`,
} as const;

/** Condominium API paths (CONDO-*, ADM-02), relative to the `/api` base. */
export const condoApi = {
  createCondominium: '/condominium/createCondominium',
  createUnit: '/condominium/createUnitOfCondominium',
  ownerQrCode: '/connects/ownerQrCode',
  listUnits: '/connects/listUnits',
  updateUnitName: '/condominium/updateUnitName',
  deleteMember: '/condominium/deleteMemberFromUnit',
  regenerateCode: '/condominium/regenerateUnitCode',
  leave: '/products/leave',
  /** CONDO-11: the resident's own units. */
  myUnits: '/condominium/myUnits',
  /** CONDO-12: many units at once (preview, then confirm). */
  bulkUnits: '/condominium/units/bulk',
  /** CONDO-14: a resident by e-mail (an invitation when there is no account yet), and its cancellation. */
  inviteResident: '/condominium/units/residents',
  unitInvitation: (id: number) => `/condominium/invitations/${id}`,
  /** CONDO-17: where the plate hangs, and whether a call needs the visitor there (GET ?qrCode=, PUT). */
  platePosition: '/condominium/plate-position',
} as const;

/** Administration API paths (ADM-*), relative to the `/api` base. */
export const adminApi = {
  listClients: '/products/listQrcodes',
  qrStatus: (code: string) => `/products/qrcode/${encodeURIComponent(code)}/status`,
  exportExcel: '/export/excel',
  releaseTag: (code: string) => `/admin/tags/${encodeURIComponent(code)}/release`,
  transferTag: (code: string) => `/admin/tags/${encodeURIComponent(code)}/transfer`,
  blockUser: (userId: string) => `/admin/users/${encodeURIComponent(userId)}/block`,
  removeResident: (memberId: number) => `/admin/residents/${memberId}`,
  audit: '/admin/audit',
  batches: '/admin/batches',
  batch: (id: number) => `/admin/batches/${id}`,
  /** ADM-11: the batch's print sheet (PDF). */
  batchPdf: (id: number) => `/admin/batches/${id}/pdf`,
} as const;

/** OPS-04: liveness and readiness, relative to the `/api` base. */
export const opsApi = { health: '/health', ready: '/ready' } as const;

/** Every page path of `paths` as a pattern: a `:param` segment matches any one segment. */
const pagePatterns: RegExp[] = Object.values(paths).map((entry) => {
  const template = typeof entry === 'function' ? entry(':a', ':b') : entry;
  const source = template
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  // React Router matches paths case-insensitively, with or without a trailing slash.
  return new RegExp(`^${source}/?$`, 'i');
});

/**
 * True when the web app has a page at `pathname` (no query string). The server answers any other
 * path with the app shell and HTTP 404 (SEC-06), and the app renders its 404 page there.
 */
export function isClientRoute(pathname: string): boolean {
  return pagePatterns.some((pattern) => pattern.test(pathname));
}
