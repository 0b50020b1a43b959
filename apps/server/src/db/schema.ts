import { sql } from 'drizzle-orm';
import {
  boolean,
  char,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  primaryKey,
  check,
  customType,
} from 'drizzle-orm/pg-core';
import type { QuietHours } from '@toque/contracts/quiet-hours';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    cpfCnpj: text('cpf_cnpj').notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    isToqueAdmin: boolean('is_toque_admin').notNull().default(false),
    tokenVersion: integer('token_version').notNull().default(0),
    /** ADM-07: a blocked account cannot log in; blocking also bumps the token version. */
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
    /** ACC-03: the Terms/Privacy version accepted at sign-up, and when (null: an account from before consent was recorded). */
    termsVersion: text('terms_version'),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email), index('users_cpf_idx').on(t.cpfCnpj)],
);

export const tagBatches = pgTable('tag_batches', {
  id: serial('id').primaryKey(),
  productId: smallint('product_id').notNull(),
  count: integer('count').notNull(),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

export const tags = pgTable(
  'tags',
  {
    code: char('code', { length: 8 }).primaryKey(),
    productId: smallint('product_id').notNull(),
    name: text('name').notNull().default(''),
    importantInfo: text('important_info').notNull().default(''),
    showInfoToFinder: boolean('show_info_to_finder').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    batchId: integer('batch_id').references(() => tagBatches.id, { onDelete: 'set null' }),
    /** FIND-01: alert the owner and members when the finder's page is opened. */
    scanAlerts: boolean('scan_alerts').notNull().default(true),
    /** FIND-02: lost mode — the message the finder's page shows first (null: not lost), and an optional reward. */
    lostMessage: text('lost_message'),
    lostReward: text('lost_reward'),
    /** TAG-11: the reward as an amount in reais, in centavos (null: none); lost_reward is the optional text beside it. */
    lostRewardCents: integer('lost_reward_cents'),
    /** FIN-02: the plan — monthly or annual — and its next due date (null while unclaimed). */
    planInterval: text('plan_interval').notNull().default('monthly'),
    planDueAt: timestamp('plan_due_at', { withTimezone: true }),
    /** FIND-07: quiet hours (days, from, until, IANA zone) — null: none (docs/decisions/0043). */
    quietHours: jsonb('quiet_hours').$type<QuietHours>(),
    /** FIND-08: in order — the owner rings alone this many seconds, then the members; null: everyone at once. */
    ringOrderSeconds: smallint('ring_order_seconds'),
    /** FIND-09: what the finder's page shows, field by field (important info: show_info_to_finder). */
    showOwnerName: boolean('show_owner_name').notNull().default(true),
    showPhoto: boolean('show_photo').notNull().default(true),
    showReward: boolean('show_reward').notNull().default(true),
    showCity: boolean('show_city').notNull().default(false),
    /** FIND-09: the city where it was lost, typed with lost mode (docs/decisions/0042); null when none. */
    lostCity: text('lost_city'),
    /** FIND-10: when lost mode was switched on (kept while it stays on; null when not lost) — the poster's date. */
    lostSince: timestamp('lost_since', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('tags_owner_idx').on(t.ownerId),
    // ADM-11: each batch's claimed count (the batches list counts 50 batches' codes; without it, 50 scans of every tag).
    index('tags_batch_idx').on(t.batchId),
    check('tags_product_id_check', sql`${t.productId} between 1 and 5`),
  ],
);

/** Raw bytes (PostgreSQL bytea), as a Node Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * FIND-09: the tag's photo for the finder's page, re-encoded to WebP without metadata, kept in the
 * database so every replica serves it and backups carry it. `hash` names it in its URL.
 */
export const tagPhotos = pgTable('tag_photos', {
  tagCode: char('tag_code', { length: 8 })
    .primaryKey()
    .references(() => tags.code, { onDelete: 'cascade' }),
  hash: text('hash').notNull(),
  webp: bytea('webp').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  createdAt: createdAt(),
});

/**
 * FIND-11: a wristband's medical card (docs/decisions/0055) — health data (LGPD art. 11), read only by
 * the tag's owner and, field by field when its switch is on, by the finder's page. One row a tag,
 * deleted with the tag (its deletion, its release or transfer by an administrator, its owner's account).
 */
export const tagMedicalCards = pgTable(
  'tag_medical_cards',
  {
    tagCode: char('tag_code', { length: 8 })
      .primaryKey()
      .references(() => tags.code, { onDelete: 'cascade' }),
    /** The person needs care: the finder's page shows the emergency numbers first. */
    needsCare: boolean('needs_care').notNull().default(false),
    conditions: text('conditions').notNull().default(''),
    showConditions: boolean('show_conditions').notNull().default(false),
    allergies: text('allergies').notNull().default(''),
    showAllergies: boolean('show_allergies').notNull().default(false),
    medication: text('medication').notNull().default(''),
    showMedication: boolean('show_medication').notNull().default(false),
    bloodType: text('blood_type'),
    showBloodType: boolean('show_blood_type').notNull().default(false),
    healthPlan: text('health_plan').notNull().default(''),
    showHealthPlan: boolean('show_health_plan').notNull().default(false),
    paramedicNote: text('paramedic_note').notNull().default(''),
    showParamedicNote: boolean('show_paramedic_note').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'tag_medical_cards_blood_type_check',
      sql`${t.bloodType} is null or ${t.bloodType} in ('A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+', 'O-')`,
    ),
  ],
);

export const tagMembers = pgTable(
  'tag_members',
  {
    tagCode: char('tag_code', { length: 8 })
      .notNull()
      .references(() => tags.code, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tagCode, t.userId] }), index('tag_members_user_idx').on(t.userId)],
);

/**
 * TAG-11: a share sent to an e-mail with no account yet; the sign-up with that e-mail joins the tag
 * (as a member, within the member limit) and sets accepted_at.
 */
export const tagInvitations = pgTable(
  'tag_invitations',
  {
    id: serial('id').primaryKey(),
    tagCode: char('tag_code', { length: 8 })
      .notNull()
      .references(() => tags.code, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('tag_invitations_tag_email_key').on(t.tagCode, t.email),
    index('tag_invitations_email_idx').on(t.email),
  ],
);

export const condominiums = pgTable(
  'condominiums',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    tagCode: char('tag_code', { length: 8 }).references(() => tags.code, { onDelete: 'set null' }),
    adminUserId: uuid('admin_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** CONDO-17: where the plate hangs (WGS 84); null = not placed, calls ring from anywhere. */
    plateLatitude: doublePrecision('plate_latitude'),
    plateLongitude: doublePrecision('plate_longitude'),
    /** CONDO-17: a call needs the visitor's position within `geofence_radius_m` of the plate. */
    geofenceRequired: boolean('geofence_required').notNull().default(false),
    geofenceRadiusM: integer('geofence_radius_m').notNull().default(150),
  },
  // One plate, one condominium (a concurrent activation of a plate cannot attach it twice).
  (t) => [uniqueIndex('condominiums_tag_code_key').on(t.tagCode)],
);

export const units = pgTable(
  'units',
  {
    id: serial('id').primaryKey(),
    condominiumId: integer('condominium_id')
      .notNull()
      .references(() => condominiums.id, { onDelete: 'cascade' }),
    /** null = temporary name (the API's unit_number then reads 'undefined-CODE'). */
    name: text('name'),
    /** CONDO-13: the block or tower the unit belongs to ('Bloco B', 'Torre 2'); null = none. */
    block: text('block'),
    associationCode: char('association_code', { length: 8 }).notNull(),
    /** FIND-07: the unit's quiet hours, chosen by its residents — null: none. */
    quietHours: jsonb('quiet_hours').$type<QuietHours>(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('units_association_code_key').on(t.associationCode),
    index('units_condominium_idx').on(t.condominiumId),
  ],
);

export const unitResidents = pgTable(
  'unit_residents',
  {
    id: serial('id').primaryKey(),
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  // PERF-01: listProducts finds a user's units by user_id; the unique key leads with unit_id.
  (t) => [
    uniqueIndex('unit_residents_unit_user_key').on(t.unitId, t.userId),
    index('unit_residents_user_idx').on(t.userId),
  ],
);

/**
 * CONDO-14: a síndico added an e-mail with no account yet to a unit; the sign-up with that e-mail
 * joins the unit (within the 3 residents, which pending invitations count toward). Revoked = deleted.
 */
export const unitInvitations = pgTable(
  'unit_invitations',
  {
    id: serial('id').primaryKey(),
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('unit_invitations_unit_email_key').on(t.unitId, t.email),
    index('unit_invitations_email_idx').on(t.email),
  ],
);

/**
 * FIN-03 / FIN-04: a Pix charge for one or several of an owner's tags, for their current period.
 * `period_key` (the tags and their due dates) makes it idempotent: paying twice creates no second
 * charge. Confirmed by the provider's webhook or by an administrator, with its source recorded.
 */
export const charges = pgTable(
  'charges',
  {
    id: serial('id').primaryKey(),
    txid: text('txid').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    tagCodes: text('tag_codes').array().notNull(),
    periodKey: text('period_key').notNull(),
    amountCents: integer('amount_cents').notNull(),
    /**
     * FIN-06 / SEC-08: what the amount is made of, per tag, with the terms it was priced for:
     * [{ code, productId, cents, interval, units }] (revenue by product; a payment grants exactly these).
     */
    items: jsonb('items').notNull().default([]),
    brCode: text('br_code').notNull(),
    /** pending, paid, review (an amount that does not match), expired. */
    status: text('status').notNull().default('pending'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    paidCents: integer('paid_cents'),
    endToEndId: text('end_to_end_id'),
    /** webhook or admin:{user id}. */
    confirmedBy: text('confirmed_by'),
  },
  (t) => [
    uniqueIndex('charges_txid_key').on(t.txid),
    uniqueIndex('charges_end_to_end_key').on(t.endToEndId),
    index('charges_user_idx').on(t.userId),
    index('charges_period_idx').on(t.periodKey),
  ],
);

/**
 * SEC-08: every Pix end-to-end id ever received, once: the charge it was applied to, what it carried and
 * what became of it (paid, review, surplus). A charge's own `end_to_end_id` is only the one that paid it;
 * an id that was held for review and then overtaken stays here, so it can never pay another charge.
 */
export const pixReceipts = pgTable(
  'pix_receipts',
  {
    endToEndId: text('end_to_end_id').primaryKey(),
    chargeId: integer('charge_id')
      .notNull()
      .references(() => charges.id, { onDelete: 'restrict' }),
    cents: integer('cents').notNull(),
    /** paid, review (an amount that is not the charge's, or terms that changed), surplus (the charge was already paid). */
    outcome: text('outcome').notNull(),
    source: text('source').notNull(),
    receivedAt: createdAt(),
  },
  (t) => [index('pix_receipts_charge_idx').on(t.chargeId)],
);

/**
 * FIN-05: the renewal reminders mailed, one per tag, due date and kind ('7d', '1d', 'late3d'):
 * the unique key makes the job's run idempotent and the processes racing harmless.
 */
export const planReminders = pgTable(
  'plan_reminders',
  {
    tagCode: char('tag_code', { length: 8 })
      .notNull()
      .references(() => tags.code, { onDelete: 'cascade' }),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    kind: text('kind').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('plan_reminders_key').on(t.tagCode, t.dueAt, t.kind)],
);

export const passwordResetCodes = pgTable(
  'password_reset_codes',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_codes_user_idx').on(t.userId)],
);

export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    keys: jsonb('keys').$type<{ p256dh: string; auth: string }>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint)],
);

export const calls = pgTable(
  'calls',
  {
    /** The room id: 128 random bits, base64url. */
    id: text('id').primaryKey(),
    tagCode: char('tag_code', { length: 8 })
      .notNull()
      .references(() => tags.code, { onDelete: 'cascade' }),
    unitId: integer('unit_id').references(() => units.id, { onDelete: 'set null' }),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    status: text('status', { enum: ['ringing', 'answered', 'declined', 'missed', 'ended'] })
      .notNull()
      .default('ringing'),
    callerAddress: text('caller_address'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    answeredBy: uuid('answered_by').references(() => users.id, { onDelete: 'set null' }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    message: text('message'),
    /** CALL-15: a phone or e-mail the finder left to be called back; shown to the owner only, purged with the position. */
    callbackContact: text('callback_contact'),
    /** CALL-15: `message` — nothing rang: a message left on a switched-off tag; `call` otherwise. */
    kind: text('kind', { enum: ['call', 'message'] })
      .notNull()
      .default('call'),
    /** FIND-08: in-order ringing — when the members' turn starts (null: everyone rang at once, or the turn came). */
    nextStepAt: timestamp('next_step_at', { withTimezone: true }),
    /** CONDO-16: the visitor rang through a resident's pass (valid when the call was made). */
    passId: integer('pass_id').references(() => visitorPasses.id, { onDelete: 'set null' }),
    /** FIND-13: the conversation the finder's message after this call opened or joined (null: none, or a message of before). */
    conversationId: uuid('conversation_id').references(() => conversations.id, { onDelete: 'set null' }),
  },
  (t) => [index('calls_tag_idx').on(t.tagCode, t.startedAt)],
);

/**
 * CONDO-16: a resident's pass for an expected visitor (docs/decisions/0045). Only the token's
 * SHA-256 is kept: the link the resident shares is the only copy of the token.
 */
export const visitorPasses = pgTable(
  'visitor_passes',
  {
    id: serial('id').primaryKey(),
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    visitorName: text('visitor_name').notNull(),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
    validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
    tokenHash: text('token_hash').notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
    /** CONDO-18: the resident allowed the visitor to open the gate through the link, within the window. */
    canOpenGate: boolean('can_open_gate').notNull().default(false),
  },
  (t) => [
    uniqueIndex('visitor_passes_token_hash_key').on(t.tokenHash),
    index('visitor_passes_unit_idx').on(t.unitId, t.validUntil),
  ],
);

/**
 * CONDO-15: a courier left a delivery at the door of a unit (no call rang). `collected_*`: the
 * resident who marked it 'retirada'. No courier address is kept.
 */
export const deliveries = pgTable(
  'deliveries',
  {
    id: serial('id').primaryKey(),
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.id, { onDelete: 'cascade' }),
    company: text('company').notNull(),
    /** 'outra': the company the courier typed. */
    companyOther: text('company_other'),
    createdAt: createdAt(),
    collectedBy: uuid('collected_by').references(() => users.id, { onDelete: 'set null' }),
    collectedAt: timestamp('collected_at', { withTimezone: true }),
    /** The package's photo (optional), re-encoded like a tag's (FIND-09): its unit's residents see it, nobody else. */
    photoWebp: bytea('photo_webp'),
    /** The courier's one upload: the hash of the token the notice's answer carried, until it expires. */
    photoTokenHash: text('photo_token_hash'),
    photoTokenExpiresAt: timestamp('photo_token_expires_at', { withTimezone: true }),
    /** SEC-09: uploads tried with the token (each a decode); at DELIVERY_PHOTO_ATTEMPTS it is spent. */
    photoAttempts: smallint('photo_attempts').notNull().default(0),
    /** The courier's form's own key for this notice: a retry whose answer was lost is the same delivery. */
    requestKey: text('request_key'),
  },
  (t) => [
    index('deliveries_unit_idx').on(t.unitId, t.createdAt),
    uniqueIndex('deliveries_request_key_idx').on(t.unitId, t.requestKey),
  ],
);

/**
 * CONDO-18 (docs/decisions/0053): the gate controller a condominium's plate opens — a Shelly Gen2
 * relay (`url` is its base, the server calls `/rpc`) or a signed webhook (`url` is the endpoint).
 * `secret` is the relay's password (user `admin`) or the webhook's HMAC key, sealed with AES-256-GCM
 * under a key derived from JWT_SECRET (lib/sealed-secret.ts): a copy of the database opens no gate.
 * Never sent back by any API.
 */
export const gateControllers = pgTable('gate_controllers', {
  condominiumId: integer('condominium_id')
    .primaryKey()
    .references(() => condominiums.id, { onDelete: 'cascade' }),
  kind: text('kind', { enum: ['shelly', 'webhook'] }).notNull(),
  url: text('url').notNull(),
  secret: text('secret'),
  switchId: smallint('switch_id').notNull().default(0),
  openSeconds: smallint('open_seconds').notNull().default(5),
  enabled: boolean('enabled').notNull().default(false),
  /** Units whose residents may not open the gate (the síndico's choice). */
  excludedUnitIds: jsonb('excluded_unit_ids').$type<number[]>().notNull().default([]),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** CONDO-18: the building's log of gate openings — who, which unit, when, the result — tests included. */
export const gateOpenings = pgTable(
  'gate_openings',
  {
    id: serial('id').primaryKey(),
    condominiumId: integer('condominium_id')
      .notNull()
      .references(() => condominiums.id, { onDelete: 'cascade' }),
    via: text('via', { enum: ['call', 'pass', 'test'] }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** A pass's opening: the visitor's first name as the pass said it (the pass itself is purged later). */
    visitorName: text('visitor_name'),
    unitId: integer('unit_id').references(() => units.id, { onDelete: 'set null' }),
    callId: text('call_id').references(() => calls.id, { onDelete: 'set null' }),
    passId: integer('pass_id').references(() => visitorPasses.id, { onDelete: 'set null' }),
    ok: boolean('ok').notNull(),
    /** The words shown on the screens (and, for a failure, what went wrong). */
    result: text('result').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('gate_openings_condominium_idx').on(t.condominiumId, t.createdAt)],
);

export const callRecipients = pgTable(
  'call_recipients',
  {
    callId: text('call_id')
      .notNull()
      .references(() => calls.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    declinedAt: timestamp('declined_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.callId, t.userId] }), index('call_recipients_user_idx').on(t.userId)],
);

/**
 * FIND-06: a conversation between a finder (no account: a random token, only its SHA-256 kept here)
 * and the people a call to the tag would ring (owner and members; a plate's unit: its residents).
 * The finder's address and position are cleared like the calls' (SEC-07 retention).
 */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tagCode: char('tag_code', { length: 8 })
      .notNull()
      .references(() => tags.code, { onDelete: 'cascade' }),
    unitId: integer('unit_id').references(() => units.id, { onDelete: 'set null' }),
    /** SHA-256 (hex) of the finder's token; the token itself is never stored. */
    tokenHash: char('token_hash', { length: 64 }).notNull(),
    callerAddress: text('caller_address'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    createdAt: createdAt(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last e-mail about a finder's message (throttled per conversation). */
    lastMailedAt: timestamp('last_mailed_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('conversations_token_key').on(t.tokenHash),
    index('conversations_tag_idx').on(t.tagCode, t.lastMessageAt),
  ],
);

/** FIND-06: one message; `authorId` null and `fromFinder` true for the finder's. */
export const conversationMessages = pgTable(
  'conversation_messages',
  {
    id: serial('id').primaryKey(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    fromFinder: boolean('from_finder').notNull(),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    createdAt: createdAt(),
  },
  (t) => [index('conversation_messages_conversation_idx').on(t.conversationId, t.id)],
);

/**
 * FIND-12 (docs/decisions/0056): a finder's voice or video recording, the media of one message
 * (whose body says "Mensagem de vídeo, 12 s"). Kept in the database like the photos (every replica
 * serves it, backups carry it); deleted with its message, so with its conversation (ADR 0044).
 */
export const conversationRecordings = pgTable('conversation_recordings', {
  messageId: integer('message_id')
    .primaryKey()
    .references(() => conversationMessages.id, { onDelete: 'cascade' }),
  conversationId: uuid('conversation_id')
    .notNull()
    .references(() => conversations.id, { onDelete: 'cascade' }),
  kind: text('kind').$type<'video' | 'audio'>().notNull(),
  /** The type read from the file (video/webm, audio/webm, video/mp4, audio/mp4), never the declared one. */
  mime: text('mime').notNull(),
  durationMs: integer('duration_ms').notNull(),
  size: integer('size').notNull(),
  bytes: bytea('bytes').notNull(),
  createdAt: createdAt(),
});

/** FIND-06: how far each recipient has read a conversation (the unread counts). */
export const conversationReads = pgTable(
  'conversation_reads',
  {
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastReadId: integer('last_read_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.userId] })],
);

/**
 * FIND-01 / FIND-02: one scan alert — the finder's page opened (throttled per tag and address) or
 * a position shared without a call. No finder address is kept; the position is cleared with the
 * calls' (SEC-07 retention).
 */
export const scans = pgTable(
  'scans',
  {
    id: serial('id').primaryKey(),
    tagCode: char('tag_code', { length: 8 })
      .notNull()
      .references(() => tags.code, { onDelete: 'cascade' }),
    lost: boolean('lost').notNull().default(false),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    locality: text('locality'),
    scannedAt: timestamp('scanned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('scans_tag_idx').on(t.tagCode, t.scannedAt)],
);

/**
 * Every mail, and the queue SMTP is fed from (REL-03, docs/decisions/0014). `status`:
 * - `outbox`: the embedded default (no SMTP) — the row itself is the delivery, read with the CLI;
 * - `queued`: waiting for the SMTP worker; `next_attempt_at` is the next try, and also the lease
 *   of a worker that has claimed the row (it is pushed forward on claim);
 * - `sent`: delivered over SMTP, and the text cleared (SEC-06: no reset code stays readable);
 * - `failed`: every try spent; `last_error` says why.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    status: text('status', { enum: ['outbox', 'queued', 'sent', 'failed'] })
      .notNull()
      .default('outbox'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    lastError: text('last_error'),
  },
  (t) => [
    index('outbox_queued_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'queued'`),
  ],
);

/** Server-wide settings that must survive restarts (e.g. generated VAPID keys). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
});

/** ADM-07: every administrative action — who, what, when, before/after. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    target: text('target').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt)],
);
