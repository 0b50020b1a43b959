import { z } from 'zod';
import { msg } from './messages';
import { tagCode } from './products';

export const CLIENTS_PAGE_SIZE = 20;
export const CLIENTS_PAGE_SIZE_MAX = 100;

/** GET /products/listQrcodes (ADM-03, ADM-08): searched and paginated on the server. */
export const listClientsQuery = z.object({
  /** CPF digits (any formatting) or part of the name; empty = everyone. */
  search: z.string().trim().max(80).optional().default(''),
  page: z.coerce.number().int().min(1).max(1_000_000).optional().default(1),
  pageSize: z.coerce.number().int().min(1).max(CLIENTS_PAGE_SIZE_MAX).optional().default(CLIENTS_PAGE_SIZE),
});
export type ListClientsQuery = z.input<typeof listClientsQuery>;

export const clientQrCode = z.object({
  code: z.string(),
  is_active: z.boolean(),
  product_id: z.number().int(),
  name: z.string(),
});
export const client = z.object({
  user_id: z.string(),
  first_name: z.string(),
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
export const qrStatusBody = z.object({ is_active: z.boolean() });

// ── ADM-07: repairing abuse ──
export const transferBody = z.object({ email: z.string().trim().toLowerCase().email(msg.emailInvalid).max(254) });
export const userIdParams = z.object({ userId: z.string().uuid() });
export const blockBody = z.object({ blocked: z.boolean() });
export const memberIdParams = z.object({ memberId: z.coerce.number().int().positive().max(2_147_483_647) });

export const auditEntry = z.object({
  id: z.number().int(),
  actor_id: z.string().nullable(),
  actor_email: z.string().nullable(),
  action: z.string(),
  target: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;
export const auditList = z.array(auditEntry);
export const auditQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).optional().default(1),
  pageSize: z.coerce.number().int().min(1).max(CLIENTS_PAGE_SIZE_MAX).optional().default(50),
});

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
} as const;
export type AuditAction = keyof typeof auditActions;

export const EXPORT_FILENAME = 'relatorio.xlsx';
export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

// ── ADM-05: tag inventory ──
export const MINT_BATCH_MAX = 500;
export const mintBody = z.object({
  productId: z.number().int().min(1).max(5),
  count: z.number().int().min(1).max(MINT_BATCH_MAX),
});
export type MintBody = z.infer<typeof mintBody>;
export const batch = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  count: z.number().int(),
  created_at: z.string(),
  created_by: z.string().nullable(),
});
export type Batch = z.infer<typeof batch>;
export const batchList = z.array(batch);
export const batchIdParams = z.object({ batchId: z.coerce.number().int().positive().max(2_147_483_647) });
export const batchCodes = z.object({
  batch,
  codes: z.array(z.object({ code: z.string(), claimed: z.boolean() })),
});
export type BatchCodes = z.infer<typeof batchCodes>;
