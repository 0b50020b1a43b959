import { z } from 'zod';
import { productLabel, TAG_CODE_LENGTH, TAG_CODE_PATTERN } from './constants';
import { msg } from './messages';
import { parseReais, REWARD_CENTS_MAX } from './money';

/** A tag code as typed: letters and digits only, stripped of anything else (TAG-02). */
export function sanitizeTagCode(input: string): string {
  return input.replace(/[^a-zA-Z0-9]/g, '').slice(0, TAG_CODE_LENGTH);
}

/** TAG-10: how many of the code's last characters a default name carries. */
const DEFAULT_NAME_CODE_CHARS = 4;

/** TAG-10: the name a tag gets when it is added: its type and the end of its code ('Pulseira 7KQ2'). */
export function defaultTagName(productId: number, code: string): string {
  return `${productLabel(productId)} ${code.toUpperCase().slice(-DEFAULT_NAME_CODE_CHARS)}`;
}

/** TAG-10: the name to show: the tag's own, or the default for a tag saved with none (older tags). */
export function tagDisplayName(tag: { name: string; product_id: number; code: string }): string {
  return tag.name.trim() || defaultTagName(tag.product_id, tag.code);
}

export const tagCode = z
  .string()
  .trim()
  .regex(TAG_CODE_PATTERN, msg.tagCodeLength)
  .transform((s) => s.toUpperCase());

/** FIND-09: a tag's photo as the pages show it: its immutable URL and its size in pixels. */
export const tagPhoto = z.object({ url: z.string(), width: z.number().int(), height: z.number().int() });
export type TagPhoto = z.infer<typeof tagPhoto>;

const product = z.object({
  code: z.string(),
  product_id: z.number().int(),
  name: z.string(),
  image_url: z.string(),
  isOwner: z.boolean(),
  important_info: z.string(),
  show_info_to_finder: z.boolean(),
  /** ADM-06: false when an administrator switched it off; it then cannot be called. */
  is_active: z.boolean(),
  /** FIND-01: an alert on every scan of the finder's page (throttled per address). */
  scan_alerts: z.boolean(),
  /** FIND-02: lost mode — null when the tag is not lost. */
  lost_message: z.string().nullable(),
  lost_reward: z.string().nullable(),
  /** TAG-11: the reward as an amount in centavos (null: none); lost_reward is the optional text beside it. */
  lost_reward_cents: z.number().int().nullable(),
  /** FIN-02: the plan's next due date, for the tag's owner (null for a member or a resident: the plan is the owner's). */
  due_at: z.string().nullable().optional(),
  /** FIND-09: the photo and what the finder's page shows, field by field (important info: show_info_to_finder). */
  photo: tagPhoto.nullable(),
  show_owner_name: z.boolean(),
  show_photo: z.boolean(),
  show_reward: z.boolean(),
  show_city: z.boolean(),
  lost_city: z.string().nullable(),
  /** TAG-10: the address its QR code encodes: the server's PUBLIC_URL and /t/{code}, never the address bar's. */
  public_url: z.string(),
});
export type Product = z.infer<typeof product>;
export const productList = z.array(product);

export const codeBody = z.object({ code: tagCode });
export type CodeBody = z.infer<typeof codeBody>;

/** FIND-02: how long the owner's lost-mode message and reward may be. */
export const LOST_MESSAGE_MAX = 280;
export const LOST_REWARD_MAX = 80;
/** FIND-09: the lost notice's city. */
export const LOST_CITY_MAX = 80;

/** FIND-09: what an upload may be — phone formats, at most 10 MB, at most 1024 px once re-encoded. */
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
export const PHOTO_MAX_SIDE = 1024;
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif'] as const;

const updateNameFields = z.object({
  code: tagCode,
  name: z.string().trim().min(1, msg.tagNameEmpty).max(60),
  importantInfo: z.string().trim().max(500).optional(),
  showInfoToFinder: z.boolean().optional(),
  /** FIND-01: scan alerts on or off for this tag. */
  scanAlerts: z.boolean().optional(),
  /** FIND-09: the finder page's switches, field by field. */
  showOwnerName: z.boolean().optional(),
  showPhoto: z.boolean().optional(),
  showReward: z.boolean().optional(),
  showCity: z.boolean().optional(),
  /** FIND-09: the city where it was lost, typed with lost mode (shown only with showCity). */
  lostCity: z.string().trim().max(LOST_CITY_MAX, msg.lostCityTooLong).optional(),
  /** FIND-02: lost mode on (with its message and an optional reward) or off. */
  lost: z.boolean().optional(),
  lostMessage: z.string().trim().max(LOST_MESSAGE_MAX, msg.lostMessageTooLong).optional(),
  lostReward: z.string().trim().max(LOST_REWARD_MAX, msg.lostRewardTooLong).optional(),
  /** TAG-11: the reward as an amount in centavos (null or absent: none). */
  lostRewardCents: z
    .number({ error: msg.lostRewardAmountInvalid })
    .int(msg.lostRewardAmountInvalid)
    .min(1, msg.lostRewardAmountInvalid)
    .max(REWARD_CENTS_MAX, msg.lostRewardAmountTooHigh)
    .nullable()
    .optional(),
});
/** FIND-02: lost mode needs its message. */
const lostNeedsMessage = (b: { lost?: boolean | undefined; lostMessage?: string | undefined }) =>
  !b.lost || !!b.lostMessage;
const lostMessageMissing = { message: msg.lostMessageRequired, path: ['lostMessage'] };

export const updateNameBody = updateNameFields.refine(lostNeedsMessage, lostMessageMissing);
/**
 * TAG-11: the reward as the owner types it, in reais ('200', '150,50', 'R$ 1.200,00'), to centavos;
 * empty is no reward.
 */
const reaisField = z.string().transform((text, ctx) => {
  const cents = parseReais(text);
  if (cents === null) return null;
  if (Number.isNaN(cents) || cents < 1) {
    ctx.addIssue({ code: 'custom', message: msg.lostRewardAmountInvalid });
    return z.NEVER;
  }
  if (cents > REWARD_CENTS_MAX) {
    ctx.addIssue({ code: 'custom', message: msg.lostRewardAmountTooHigh });
    return z.NEVER;
  }
  return cents;
});

/** The edit page's form: the update body without the code, which comes from the tag; the reward typed in reais. */
export const editTagBody = updateNameFields
  .omit({ code: true, lostRewardCents: true })
  .extend({ lostRewardAmount: reaisField.optional() })
  .refine(lostNeedsMessage, lostMessageMissing);
export type UpdateNameBody = z.infer<typeof updateNameBody>;

export const associateResponse = z.object({
  message: z.string(),
  kind: z.enum(['tag', 'unit']),
});

export const member = z.object({ user_id: z.string(), first_name: z.string(), email: z.string() });
export const memberList = z.array(member);

/** TAG-11: sharing answers whether the e-mail joined at once (an account) or was invited (none yet). */
export const shareResponse = z.object({ message: z.string(), kind: z.enum(['member', 'invitation']) });
export type ShareResponse = z.infer<typeof shareResponse>;

/** TAG-11: a pending invitation, as its tag's owner sees it. */
const invitation = z.object({ id: z.number().int(), email: z.string(), created_at: z.string() });
export type Invitation = z.infer<typeof invitation>;
export const invitationList = z.array(invitation);
export const cancelInvitationBody = z.object({ code: tagCode, id: z.number().int().positive().max(2_147_483_647) });
export const addMemberBody = z.object({
  code: tagCode,
  email: z.string().trim().toLowerCase().email(msg.emailInvalid).max(254, msg.emailInvalid),
});
export const removeMemberBody = z.object({ code: tagCode, userId: z.string().uuid() });
