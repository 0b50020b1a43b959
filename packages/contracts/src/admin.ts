import { z } from 'zod';
import { adminMsg, msg } from './messages';
import { tagCode } from './products';
import { PRODUCT_IDS } from './constants';

export const CLIENTS_PAGE_SIZE = 20;
const CLIENTS_PAGE_SIZE_MAX = 100;

/** GET /products/listQrcodes (ADM-03, ADM-08): searched and paginated on the server. */
/** ADM-09: a filter that is on ('true') or off (absent, or 'false'). */
const flag = z
  .enum(['true', 'false'], { message: adminMsg.filterInvalid })
  .optional()
  .transform((v) => v === 'true');
/** ADM-09: a day (YYYY-MM-DD), as a date input gives it. */
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, adminMsg.dateInvalid)
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), adminMsg.dateInvalid)
  .optional();

export const listClientsQuery = z.object({
  /** CPF digits (any formatting), or part of the name or e-mail; empty = everyone. */
  search: z.string().trim().max(80).optional().default(''),
  page: z.coerce.number().int().min(1).max(1_000_000).optional().default(1),
  pageSize: z.coerce.number().int().min(1).max(CLIENTS_PAGE_SIZE_MAX).optional().default(CLIENTS_PAGE_SIZE),
  // ADM-09: filters.
  hasCondominium: flag,
  hasInactiveTag: flag,
  signedUpFrom: day,
  signedUpTo: day,
});
export type ClientsQuery = z.output<typeof listClientsQuery>;

const clientQrCode = z.object({
  code: z.string(),
  is_active: z.boolean(),
  product_id: z.number().int(),
  name: z.string(),
});
const client = z.object({
  user_id: z.string(),
  first_name: z.string(),
  /** ADM-09: the full name (two "Ana" side by side are told apart), and when the account was made. */
  name: z.string(),
  created_at: z.string(),
  /** Digits only (ADM-08). */
  cpf: z.string(),
  email: z.string(),
  blocked: z.boolean(),
  qrcodes: z.array(clientQrCode),
});
export type Client = z.infer<typeof client>;
export const clientList = z.array(client);
/** The list's total (for pagination) travels in this header; the body stays the specification's array. */
export const TOTAL_COUNT_HEADER = 'x-total-count';

export const qrStatusParams = z.object({ code: tagCode });
/** ADM-10: at most this many characters of reason for switching a tag off. */
const TAG_OFF_REASON_MAX = 300;
/** ADM-10: why a tag is switched off (the administration page asks for it; it reaches the owner and the log). */
export const tagOffReason = z
  .string()
  .trim()
  .min(3, adminMsg.reasonRequired)
  .max(TAG_OFF_REASON_MAX, adminMsg.reasonTooLong);
export const qrStatusBody = z.object({ is_active: z.boolean(), reason: tagOffReason.optional() });

// ── ADM-07: repairing abuse ──
export const transferBody = z.object({ email: z.string().trim().toLowerCase().email(msg.emailInvalid).max(254) });
export const userIdParams = z.object({ userId: z.string().uuid() });
export const blockBody = z.object({ blocked: z.boolean() });
export const memberIdParams = z.object({ memberId: z.coerce.number().int().positive().max(2_147_483_647) });

const auditEntry = z.object({
  id: z.number().int(),
  actor_id: z.string().nullable(),
  actor_email: z.string().nullable(),
  /** ADM-10: names, so the log reads in words. */
  actor_name: z.string().nullable(),
  target_owner_name: z.string().nullable(),
  /** ADM-10: a `unit:` entry's unit ('Bloco B 101'; null: a unit not named yet, or gone). */
  target_unit_name: z.string().nullable(),
  /** ADM-10: the building of a `condominium:` or `unit:` entry (null: gone). */
  target_condominium_name: z.string().nullable(),
  action: z.string(),
  target: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;
export const auditList = z.array(auditEntry);

/** Audit actions and how the log screen names them. */
export const auditActions = {
  'condominium.create': 'Condomínio criado',
  'unit.create': 'Unidade criada',
  'tag.status': 'QR Code ativado/desativado',
  'tag.release': 'Toque liberado',
  'tag.transfer': 'Toque transferido',
  'resident.remove': 'Morador removido',
  'user.block': 'Conta bloqueada',
  'user.unblock': 'Conta desbloqueada',
  'export.excel': 'Planilha exportada',
  'batch.mint': 'Lote de códigos gerado',
  'units.bulk_create': 'Unidades criadas em lote',
  'charge.paid': 'Pagamento registrado',
  'billing.settings': 'Preços e teste alterados',
  'plate.position': 'Posição da placa alterada',
} as const;
export type AuditAction = keyof typeof auditActions;

export const auditQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).optional().default(1),
  pageSize: z.coerce.number().int().min(1).max(CLIENTS_PAGE_SIZE_MAX).optional().default(50),
  // ADM-10: filters — who did it (e-mail, in part), the target (a code or an e-mail, in part), the action.
  actor: z.string().trim().max(254).optional(),
  target: z.string().trim().max(254).optional(),
  action: z.enum(Object.keys(auditActions) as [AuditAction, ...AuditAction[]]).optional(),
});
export type AuditQuery = z.infer<typeof auditQuery>;

export const EXPORT_FILENAME = 'relatorio.xlsx';
export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

// ── ADM-05: tag inventory ──
export const MINT_BATCH_MAX = 500;
/** A product id, as the catalogue numbers them (1…5): the one range the API and the mint form check. */
export const PRODUCT_ID_RANGE = { min: Math.min(...PRODUCT_IDS), max: Math.max(...PRODUCT_IDS) } as const;
export const mintBody = z.object({
  productId: z.number().int().min(PRODUCT_ID_RANGE.min).max(PRODUCT_ID_RANGE.max),
  count: z.number().int().min(1).max(MINT_BATCH_MAX),
});
const batch = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  count: z.number().int(),
  created_at: z.string(),
  created_by: z.string().nullable(),
  /** ADM-11: how many of its codes have an owner. */
  claimed: z.number().int(),
});
export type Batch = z.infer<typeof batch>;
export const batchList = z.array(batch);
export const batchIdParams = z.object({ batchId: z.coerce.number().int().positive().max(2_147_483_647) });

/**
 * ADM-11: the A4 label sheets a batch prints on (millimetres): 24 labels of 70 × 37 (3 × 8, no
 * margins), or 14 of 99.1 × 38.1 (2 × 7, Avery L7163's layout).
 */
export const labelLayouts = {
  'a4-3x8': { columns: 3, rows: 8, width: 70, height: 37, top: 0.5, left: 0, gapX: 0, gapY: 0 },
  'a4-2x7': { columns: 2, rows: 7, width: 99.1, height: 38.1, top: 15.1, left: 4.65, gapX: 2.5, gapY: 0 },
} as const;
export type LabelLayout = keyof typeof labelLayouts;
export const batchPdfQuery = z.object({
  layout: z
    .enum(Object.keys(labelLayouts) as [LabelLayout, ...LabelLayout[]], { message: adminMsg.layoutInvalid })
    .optional()
    .default('a4-3x8'),
});
export const PDF_MIME = 'application/pdf';
/** ADM-11: each layout of each batch saves under its own name (two layouts are two different sheets). */
export const batchPdfFilename = (id: number, layout: LabelLayout) => `toque-lote-${id}-etiquetas-${layout}.pdf`;
export const batchCodes = z.object({
  batch,
  codes: z.array(z.object({ code: z.string(), claimed: z.boolean() })),
});
export type BatchCodes = z.infer<typeof batchCodes>;
