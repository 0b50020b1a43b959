import { z } from 'zod';
import { MEMBERS_PER_UNIT, UNIT_NAME_MAX } from './constants';
import { dbId } from './condominium';
import { condoMsg, msg } from './messages';
import { tagCode } from './products';
import { hasInvisible, normalizeName } from './text-input';

/**
 * CONDO-12…14 (docs/decisions/0038): a building at once, blocks and invitations. The activation
 * form keeps the specification's 10 units; this is the síndico's own step, for hundreds.
 */

/** Units one bulk operation may create: a building of 300 units is one operation, a typo of 100,000 is not. */
export const BULK_UNITS_MAX = 1000;
/** A pasted list, in characters. */
export const BULK_TEXT_MAX = 100_000;
/**
 * Lines of a pasted list or a CSV, counted before anything is parsed (SEC-09): 1,000 units with a
 * line of e-mails each, and room for blank lines and a header.
 */
export const BULK_LINES_MAX = 2000;
/** Columns a CSV line may average (bloco; unidade; 3 e-mails and room to spare), counted before parsing (SEC-09). */
export const BULK_COLUMNS_MAX = 8;
/** Refused lines an answer lists; the rest are counted (`refused_total`), so the answer stays small (SEC-09). */
export const BULK_REFUSALS_SHOWN = 100;
/** A CSV file, in bytes (the screen refuses a bigger file before sending it). */
export const BULK_CSV_MAX_BYTES = 1_000_000;
/** A block's name ('Bloco B', 'Torre 2'), like a unit's name. */
export const BLOCK_NAME_MAX = 15;
/** Previews and confirmations of bulk creation per síndico per 15 minutes (each preview reads which e-mails have accounts). */
export const BULK_OPERATIONS_PER_WINDOW = 30;
/** Residents added one by one per síndico per 15 minutes (each invitation mails an address). */
export const UNIT_INVITATIONS_PER_WINDOW = 300;
/** The síndico's units page shows this many units a page. */
export const UNITS_PAGE_SIZE = 50;

/** Why a line was refused, and the step's other messages (pt-BR). */
export const bulkMsg = {
  nameEmpty: 'Falta o nome da unidade.',
  nameTooLong: `O nome da unidade pode ter no máximo ${UNIT_NAME_MAX} caracteres.`,
  blockTooLong: `O nome do bloco pode ter no máximo ${BLOCK_NAME_MAX} caracteres.`,
  formula: 'Um nome não pode começar com =, +, -, @ ou tabulação.',
  emailInvalid: (email: string) => `E-mail inválido: ${email}`,
  tooManyEmails: `No máximo ${MEMBERS_PER_UNIT} e-mails por unidade.`,
  emailRepeated: 'E-mail repetido nesta unidade.',
  duplicateInList: 'Unidade repetida na lista.',
  exists: 'Esta unidade já existe no condomínio.',
  /** CONDO-19: a line naming an existing unit (as people read it) with e-mails: residents are added on the unit's own card. */
  existsWithEmails: (existing: string) =>
    `Esta unidade já existe (${existing}): adicione os moradores no cartão dela, não pela lista.`,
  /** CONDO-19: a unit like one of the list was created between the preview and the confirmation. */
  changed: 'As unidades do condomínio mudaram desde a prévia: veja a prévia de novo. Nada foi criado.',
  rangeBackwards: 'Intervalo inválido: o fim vem antes do início.',
  rangeTooBig: `Intervalo grande demais: no máximo ${BULK_UNITS_MAX} unidades.`,
  emailsNeedOneUnit: 'E-mails acompanham uma só unidade por linha (não um intervalo).',
  tooManyColumns: `Colunas demais: bloco, unidade e até ${MEMBERS_PER_UNIT} e-mails.`,
  tooManyUnits: `No máximo ${BULK_UNITS_MAX} unidades de uma vez.`,
  tooManyLines: `No máximo ${BULK_LINES_MAX} linhas de uma vez: divida a lista.`,
  tooManyCells: `A planilha tem colunas demais: use no máximo ${BULK_COLUMNS_MAX} colunas por linha.`,
  invisibleChars: condoMsg.nameInvisible,
  nothing: 'Nenhuma unidade para criar.',
  csvUnreadable: 'Não foi possível ler o arquivo: envie um CSV com as colunas bloco; unidade; e-mails.',
  csvTooLarge: 'O arquivo pode ter no máximo 1 MB.',
  hasRefused: 'Há linhas recusadas: corrija-as e veja a prévia de novo. Nada foi criado.',
  noCondominium: 'Esta placa ainda não está ativada em um condomínio.',
  created: (units: number) => (units === 1 ? '1 unidade criada.' : `${units} unidades criadas.`),
  invitationNotFound: 'Convite não encontrado.',
  alreadyInvited: 'Este e-mail já foi convidado para esta unidade.',
  alreadyResident: 'Esta pessoa já mora nesta unidade.',
  invited: 'Convite enviado. A pessoa entra na unidade ao criar a conta.',
  residentAdded: 'Morador adicionado.',
  invitationCancelled: 'Convite cancelado.',
} as const;

/** A field of names: trimmed, never a spreadsheet formula (CSV injection, SEC-03). */
export const FORMULA_START = /^[=+\-@\t\r]/;

export const bulkUnitsBody = z
  .object({
    qrCode: tagCode,
    /** Applies to every unit of a pasted list (a CSV names its own blocks). */
    block: z
      .string()
      .overwrite(normalizeName)
      .refine((b) => !hasInvisible(b), condoMsg.nameInvisible)
      .trim()
      .max(BLOCK_NAME_MAX, bulkMsg.blockTooLong)
      .optional()
      .default(''),
    /** A pasted list: '101–110, 201–210', or a unit per line with up to 3 e-mails. */
    text: z.string().max(BULK_TEXT_MAX, bulkMsg.tooManyUnits).optional(),
    /** A CSV file, base64: UTF-8 or Excel's Windows-1252. */
    csvBase64: z
      .string()
      .max(Math.ceil((BULK_CSV_MAX_BYTES * 4) / 3) + 4, bulkMsg.csvTooLarge)
      .regex(/^[A-Za-z0-9+/]*={0,2}$/, bulkMsg.csvUnreadable)
      .optional(),
    /** false: the preview, nothing written. true: all or nothing, in one transaction. */
    confirm: z.boolean().optional().default(false),
  })
  .refine((b) => (b.text ?? '').trim() !== '' || (b.csvBase64 ?? '') !== '', { message: bulkMsg.nothing });
export type BulkUnitsBody = z.input<typeof bulkUnitsBody>;

const bulkUnitPreview = z.object({
  block: z.string().nullable(),
  name: z.string(),
  /** has_account: joins the unit at once; otherwise an invitation joins it at sign-up. */
  emails: z.array(z.object({ email: z.string(), has_account: z.boolean() })),
});

const bulkRefusal = z.object({ line: z.number().int(), text: z.string(), reason: z.string() });
export type BulkRefusal = z.infer<typeof bulkRefusal>;

/** CONDO-19: a unit of the list that reads as an existing one ('101' = 'Apto 101'): kept as it is, not created again. */
const bulkMatch = z.object({
  line: z.number().int(),
  /** The list's unit, as written (with its block: 'Bloco B - 101'). */
  name: z.string(),
  /** The existing unit it reads as. */
  existing: z.string(),
});
export type BulkMatch = z.infer<typeof bulkMatch>;

export const bulkUnitsResponse = z.object({
  units: z.array(bulkUnitPreview),
  /** CONDO-19: the first BULK_REFUSALS_SHOWN units of the list that already exist, in line order. */
  matched: z.array(bulkMatch),
  matched_total: z.number().int(),
  /** FIN-07: the plate's monthly price now, and with the units this list creates, in centavos. */
  current_monthly_cents: z.number().int(),
  new_monthly_cents: z.number().int(),
  /** The first BULK_REFUSALS_SHOWN refused lines, in line order (SEC-09: the answer stays small). */
  refused: z.array(bulkRefusal),
  /** Every refused line, listed or not. */
  refused_total: z.number().int(),
  /** Only after a confirmation: what was written. */
  created: z.number().int(),
  residents_added: z.number().int(),
  invitations_sent: z.number().int(),
  message: z.string(),
});
export type BulkUnitsResponse = z.infer<typeof bulkUnitsResponse>;

/** CONDO-14: a resident added to a unit by e-mail. */
export const inviteResidentBody = z.object({
  unitId: dbId,
  email: z.string().trim().toLowerCase().email(msg.emailInvalid).max(254),
});
export const inviteResidentResponse = z.object({ result: z.enum(['resident', 'invitation']), message: z.string() });
export const unitInvitationParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
