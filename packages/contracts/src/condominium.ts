import { z } from 'zod';
import { TAG_CODE_PATTERN, UNIT_NAME_MAX, UNITS_PER_CONDO_MAX } from './constants';
import { condoMsg, msg } from './messages';
import { hasInvisible, normalizeName } from './text-input';
import { tagCode } from './products';

/**
 * Database ids are PostgreSQL `integer`: anything outside is a 400, never a 5xx. A JSON body carries
 * them as numbers — no coercion, so `[5]`, `true` or `"5"` are refused, not read as 5.
 */
export const dbId = z.number().int().positive().max(2_147_483_647);

/**
 * SEC-10: a unit's name as the bulk step reads it (modules/condominium/bulk-units.ts): NFKC, no
 * invisible or control character (checked before trimming, which would drop a U+FEFF unseen).
 */
const unitName = z
  .string()
  .overwrite(normalizeName)
  .refine((name) => !hasInvisible(name), condoMsg.nameInvisible)
  .trim();

// ── Section 7 bodies (CONDO-*, ADM-02) ──
export const createCondominiumBody = z.object({
  nameCondominium: z.string().trim().min(1, msg.required).max(80),
});
export const createCondominiumResponse = z.object({ id: z.number().int(), message: z.string() });

export const createUnitBody = z.object({
  condominiumId: dbId,
  qrCode: tagCode,
  /** Empty = a temporary name (unit_number 'undefined-CODE', CONDO-03). */
  nameOfUnit: unitName.max(UNIT_NAME_MAX, msg.unitNameMax).optional().default(''),
  emailAdminCond: z.string().trim().toLowerCase().email(msg.emailInvalid).max(254),
});
export const createUnitResponse = z.object({ unit_id: z.number().int(), message: z.string() });

export const qrCodeBody = z.object({ qrCode: tagCode });

const resident = z.object({
  user: z.object({ first_name: z.string(), user_id: z.string() }),
  member_id: z.number().int(),
});
export type Resident = z.infer<typeof resident>;

/** A unit as POST /connects/ownerQrCode and /connects/listUnits answer (CONDO-02, CONDO-07). */
const unit = z.object({
  unit_id: z.number().int(),
  /** 'name-code': before the dash the display name ('undefined' = temporary), after it the association code. */
  unit_number: z.string(),
  condominium_name: z.string(),
  residents: z.array(resident),
  /** CONDO-13: the block or tower; null = none. */
  block: z.string().nullable(),
  /** CONDO-14: e-mails invited to the unit that have no account yet (they count toward the 3). */
  invitations: z.array(z.object({ id: z.number().int(), email: z.string(), created_at: z.string() })),
});
export type Unit = z.infer<typeof unit>;
export const unitList = z.array(unit);

export const updateUnitNameBody = z.object({
  unitId: dbId,
  nameOfUnit: unitName.min(1, msg.unitNameEmpty).max(UNIT_NAME_MAX, msg.unitNameMax),
});
export const deleteMemberBody = z.object({ memberId: dbId, unit_number: z.string().min(1).max(40) });
/** CONDO-08: a new association code for a unit; the old one stops working at once. */
export const regenerateCodeBody = z.object({ unitId: dbId });
export const regenerateCodeResponse = z.object({ unit_number: z.string(), message: z.string() });
/** CONDO-09: leave a shared tag or the units under a plate, from one's own products page. */
export const leaveBody = z.object({ code: tagCode });

/** The activation form (ADM-02): name, unit quantity (numeric, max 10), the plate's 8-character code, the síndico's e-mail. */
export const activationForm = z.object({
  nameCondominium: z.string().trim().min(1, msg.required),
  unitQuantity: z.coerce
    .number({ message: msg.unitQuantityInvalid })
    .int(msg.unitQuantityInvalid)
    .min(1, msg.unitQuantityInvalid)
    .max(UNITS_PER_CONDO_MAX, msg.unitQuantityInvalid),
  qrCode: z.string().trim().regex(TAG_CODE_PATTERN, msg.tagCodeLength),
  emailAdminCond: z.string().trim().min(1, msg.required),
});

/** 'Apto 101-AB23CD45' → { name: 'Apto 101', code: 'AB23CD45' }; 'undefined-…' → temporary (name null). */
export function parseUnitNumber(unitNumber: string): { name: string | null; code: string } {
  const dash = unitNumber.lastIndexOf('-');
  const name = dash < 0 ? unitNumber : unitNumber.slice(0, dash);
  const code = dash < 0 ? '' : unitNumber.slice(dash + 1);
  return { name: name === 'undefined' || name === '' ? null : name, code };
}

export function unitNumber(name: string | null, associationCode: string): string {
  return `${name ?? 'undefined'}-${associationCode}`;
}

/**
 * CONDO-11: GET /condominium/myUnits — a resident's own view: each unit they live in, with its
 * building by name and the other residents by first name (never an e-mail, never the association code).
 */
const myUnit = z.object({
  plate_code: z.string(),
  condominium_name: z.string(),
  unit_id: z.number().int(),
  /** null: a temporary name the síndico has not set yet. */
  unit_name: z.string().nullable(),
  residents: z.array(z.object({ first_name: z.string(), is_me: z.boolean() })),
});
export type MyUnit = z.infer<typeof myUnit>;
export const myUnitList = z.array(myUnit);
