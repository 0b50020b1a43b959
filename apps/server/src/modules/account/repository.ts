import { and, asc, eq, exists, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Conn, Tx } from '../../db/client';
import {
  auditLog,
  callRecipients,
  calls,
  charges,
  condominiums,
  conversationMessages,
  deliveries,
  gateOpenings,
  outbox,
  pushSubscriptions,
  scans,
  tagInvitations,
  tagMembers,
  conversations,
  tagMedicalCards,
  tagPhotos,
  tags,
  unitResidents,
  units,
  users,
  visitorPasses,
} from '../../db/schema';

const owner = alias(users, 'owner');
const author = alias(users, 'author');
const collector = alias(users, 'collector');

/** ACC-03: the SQL of the LGPD self-service — what is held about one user, and its erasure. */
export const accountRepository = {
  lockUser(tx: Tx, id: string) {
    return tx
      .select()
      .from(users)
      .where(eq(users.id, id))
      .for('update')
      .then((r) => r[0]);
  },

  updateContact(db: Conn, id: string, contact: { email: string; phone: string }) {
    return db.update(users).set(contact).where(eq(users.id, id));
  },

  ownedTags(db: Conn, userId: string) {
    return db.select().from(tags).where(eq(tags.ownerId, userId)).orderBy(asc(tags.createdAt), asc(tags.code));
  },

  /** The people the user's tags are shared with, as the owner's members list shows them. */
  membersOf(db: Conn, codes: string[]) {
    if (codes.length === 0) return Promise.resolve([]);
    return db
      .select({ tagCode: tagMembers.tagCode, name: users.name, email: users.email, since: tagMembers.createdAt })
      .from(tagMembers)
      .innerJoin(users, eq(users.id, tagMembers.userId))
      .where(inArray(tagMembers.tagCode, codes))
      .orderBy(asc(tagMembers.createdAt));
  },

  memberships(db: Conn, userId: string) {
    return db
      .select({
        code: tags.code,
        name: tags.name,
        productId: tags.productId,
        ownerName: owner.name,
        since: tagMembers.createdAt,
      })
      .from(tagMembers)
      .innerJoin(tags, eq(tags.code, tagMembers.tagCode))
      .leftJoin(owner, eq(owner.id, tags.ownerId))
      .where(eq(tagMembers.userId, userId))
      .orderBy(asc(tagMembers.createdAt));
  },

  /** TAG-11: the invitations the user sent that nobody has accepted yet (the invitee's e-mail is what the owner typed). */
  pendingInvitations(db: Conn, codes: string[]) {
    if (codes.length === 0) return Promise.resolve([]);
    return db
      .select({ tagCode: tagInvitations.tagCode, email: tagInvitations.email, sentAt: tagInvitations.createdAt })
      .from(tagInvitations)
      .where(and(inArray(tagInvitations.tagCode, codes), isNull(tagInvitations.acceptedAt)))
      .orderBy(asc(tagInvitations.createdAt), asc(tagInvitations.id));
  },

  /** CONDO-11: the other residents of the user's units, by first name (as the resident's view shows them). */
  neighbours(db: Conn, userId: string, unitIds: number[]) {
    if (unitIds.length === 0) return Promise.resolve([]);
    return db
      .select({ unitId: unitResidents.unitId, name: users.name })
      .from(unitResidents)
      .innerJoin(users, eq(users.id, unitResidents.userId))
      .where(and(inArray(unitResidents.unitId, unitIds), ne(unitResidents.userId, userId)))
      .orderBy(asc(unitResidents.createdAt));
  },

  /** FIND-01: the scans of the tags the user owns or shares, as the scan history shows them. */
  scans(db: Conn, userId: string) {
    const member = db
      .select({ one: tagMembers.userId })
      .from(tagMembers)
      .where(and(eq(tagMembers.tagCode, tags.code), eq(tagMembers.userId, userId)));
    return db
      .select({
        tagCode: scans.tagCode,
        tagName: tags.name,
        productId: tags.productId,
        lost: scans.lost,
        latitude: scans.latitude,
        longitude: scans.longitude,
        locality: scans.locality,
        scannedAt: scans.scannedAt,
      })
      .from(scans)
      .innerJoin(tags, eq(tags.code, scans.tagCode))
      .where(or(eq(tags.ownerId, userId), exists(member)))
      .orderBy(asc(scans.scannedAt), asc(scans.id));
  },

  /** FIND-09: the photos of the user's tags, as stored (a WebP re-encoded by the server). */
  photos(db: Conn, codes: string[]) {
    if (codes.length === 0) return Promise.resolve([]);
    return db
      .select({ tagCode: tagPhotos.tagCode, webp: tagPhotos.webp, width: tagPhotos.width, height: tagPhotos.height, createdAt: tagPhotos.createdAt })
      .from(tagPhotos)
      .where(inArray(tagPhotos.tagCode, codes));
  },

  /** FIND-11: the medical cards of the user's wristbands, as stored. */
  medicalCards(db: Conn, codes: string[]) {
    if (codes.length === 0) return Promise.resolve([]);
    return db.select().from(tagMedicalCards).where(inArray(tagMedicalCards.tagCode, codes));
  },

  residencies(db: Conn, userId: string) {
    return db
      .select({
        unitId: units.id,
        condominium: condominiums.name,
        unit: units.name,
        since: unitResidents.createdAt,
        quietHours: units.quietHours,
      })
      .from(unitResidents)
      .innerJoin(units, eq(units.id, unitResidents.unitId))
      .innerJoin(condominiums, eq(condominiums.id, units.condominiumId))
      .where(eq(unitResidents.userId, userId))
      .orderBy(asc(unitResidents.createdAt));
  },

  /** The calls that rang the user (as owner, member or resident): the finder's IP address is not the user's data. */
  calls(db: Conn, userId: string) {
    return db
      .select({
        id: calls.id,
        tagCode: calls.tagCode,
        tagName: tags.name,
        productId: tags.productId,
        unit: units.name,
        status: calls.status,
        startedAt: calls.startedAt,
        answeredAt: calls.answeredAt,
        endedAt: calls.endedAt,
        answeredBy: calls.answeredBy,
        latitude: calls.latitude,
        longitude: calls.longitude,
        message: calls.message,
        callbackContact: calls.callbackContact,
      })
      .from(callRecipients)
      .innerJoin(calls, eq(calls.id, callRecipients.callId))
      .innerJoin(tags, eq(tags.code, calls.tagCode))
      .leftJoin(units, eq(units.id, calls.unitId))
      .where(eq(callRecipients.userId, userId))
      .orderBy(asc(calls.startedAt), asc(calls.id));
  },

  /**
   * FIND-06: the messages of the conversations the user answers — as the Conversas page lists them:
   * a tag's (not a plate's unit) that they own or share, a unit's they live in — each with
   * `answering`, plus the messages they wrote in conversations they no longer answer. Neither the
   * finder's token hash nor their address is selected. Oldest conversation first, each in order.
   */
  conversationMessages(db: Conn, userId: string) {
    const member = db
      .select({ one: tagMembers.userId })
      .from(tagMembers)
      .where(and(eq(tagMembers.tagCode, conversations.tagCode), eq(tagMembers.userId, userId)));
    const resident = db
      .select({ one: unitResidents.userId })
      .from(unitResidents)
      .where(and(eq(unitResidents.unitId, conversations.unitId), eq(unitResidents.userId, userId)));
    const answers = or(
      and(isNull(conversations.unitId), or(eq(tags.ownerId, userId), exists(member))),
      and(isNotNull(conversations.unitId), exists(resident)),
    )!;
    return db
      .select({
        conversationId: conversations.id,
        tagCode: conversations.tagCode,
        tagName: tags.name,
        productId: tags.productId,
        unitId: conversations.unitId,
        unitName: units.name,
        startedAt: conversations.createdAt,
        lastMessageAt: conversations.lastMessageAt,
        closedAt: conversations.closedAt,
        blockedAt: conversations.blockedAt,
        answering: sql<boolean>`${answers}`.mapWith(Boolean),
        fromFinder: conversationMessages.fromFinder,
        authorId: conversationMessages.authorId,
        authorName: author.name,
        body: conversationMessages.body,
        latitude: conversationMessages.latitude,
        longitude: conversationMessages.longitude,
        createdAt: conversationMessages.createdAt,
      })
      .from(conversationMessages)
      .innerJoin(conversations, eq(conversations.id, conversationMessages.conversationId))
      .innerJoin(tags, eq(tags.code, conversations.tagCode))
      .leftJoin(units, eq(units.id, conversations.unitId))
      .leftJoin(author, eq(author.id, conversationMessages.authorId))
      .where(or(answers, eq(conversationMessages.authorId, userId)))
      .orderBy(asc(conversations.createdAt), asc(conversations.id), asc(conversationMessages.id));
  },

  /** CONDO-15: the deliveries of the units the user lives in, and those the user marked collected elsewhere. */
  deliveries(db: Conn, userId: string) {
    const resident = db
      .select({ one: unitResidents.userId })
      .from(unitResidents)
      .where(and(eq(unitResidents.unitId, deliveries.unitId), eq(unitResidents.userId, userId)));
    return db
      .select({
        condominium: condominiums.name,
        unit: units.name,
        company: deliveries.company,
        companyOther: deliveries.companyOther,
        createdAt: deliveries.createdAt,
        collectedAt: deliveries.collectedAt,
        collectedBy: deliveries.collectedBy,
        collectorName: collector.name,
        hasPhoto: sql<boolean>`(${deliveries.photoWebp} is not null)`.mapWith(Boolean),
      })
      .from(deliveries)
      .innerJoin(units, eq(units.id, deliveries.unitId))
      .innerJoin(condominiums, eq(condominiums.id, units.condominiumId))
      .leftJoin(collector, eq(collector.id, deliveries.collectedBy))
      .where(or(exists(resident), eq(deliveries.collectedBy, userId)))
      .orderBy(asc(deliveries.createdAt), asc(deliveries.id));
  },

  /** CONDO-16: the visitor passes the user created (the token's hash is not selected). */
  passes(db: Conn, userId: string) {
    return db
      .select({
        condominium: condominiums.name,
        unit: units.name,
        visitorName: visitorPasses.visitorName,
        validFrom: visitorPasses.validFrom,
        validUntil: visitorPasses.validUntil,
        revokedAt: visitorPasses.revokedAt,
        canOpenGate: visitorPasses.canOpenGate,
        createdAt: visitorPasses.createdAt,
      })
      .from(visitorPasses)
      .innerJoin(units, eq(units.id, visitorPasses.unitId))
      .innerJoin(condominiums, eq(condominiums.id, units.condominiumId))
      .where(eq(visitorPasses.createdBy, userId))
      .orderBy(asc(visitorPasses.createdAt), asc(visitorPasses.id));
  },

  /** CONDO-18: the gate openings the user made (from a call, or a síndico's test) and those of the passes the user created. */
  gateOpenings(db: Conn, userId: string) {
    return db
      .select({
        condominium: condominiums.name,
        unit: units.name,
        via: gateOpenings.via,
        visitorName: gateOpenings.visitorName,
        ok: gateOpenings.ok,
        result: gateOpenings.result,
        createdAt: gateOpenings.createdAt,
      })
      .from(gateOpenings)
      .innerJoin(condominiums, eq(condominiums.id, gateOpenings.condominiumId))
      .leftJoin(units, eq(units.id, gateOpenings.unitId))
      .leftJoin(visitorPasses, eq(visitorPasses.id, gateOpenings.passId))
      .where(or(eq(gateOpenings.userId, userId), eq(visitorPasses.createdBy, userId)))
      .orderBy(asc(gateOpenings.createdAt), asc(gateOpenings.id));
  },

  /** FIN-03: the Pix charges made for the user, oldest first. */
  charges(db: Conn, userId: string) {
    return db
      .select({
        txid: charges.txid,
        tagCodes: charges.tagCodes,
        amountCents: charges.amountCents,
        status: charges.status,
        createdAt: charges.createdAt,
        expiresAt: charges.expiresAt,
        paidAt: charges.paidAt,
        paidCents: charges.paidCents,
      })
      .from(charges)
      .where(eq(charges.userId, userId))
      .orderBy(asc(charges.createdAt), asc(charges.id));
  },

  pushSubscriptions(db: Conn, userId: string) {
    return db
      .select({ endpoint: pushSubscriptions.endpoint, createdAt: pushSubscriptions.createdAt })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(asc(pushSubscriptions.createdAt));
  },

  /** The mails addressed to the user: subjects and dates only (a body may hold a reset code). */
  mails(db: Conn, email: string) {
    return db
      .select({ subject: outbox.subject, createdAt: outbox.createdAt })
      .from(outbox)
      .where(eq(outbox.to, email))
      .orderBy(asc(outbox.createdAt), asc(outbox.id));
  },

  /** ACC-08: the deletion's preview — what `erase` would take, each with its name. */
  async deletionPreview(db: Conn, userId: string) {
    const [user] = await db.select({ isAdmin: users.isToqueAdmin }).from(users).where(eq(users.id, userId));
    const plates = await db
      .select({ id: condominiums.id, code: condominiums.tagCode, name: condominiums.name })
      .from(condominiums)
      .leftJoin(tags, eq(tags.code, condominiums.tagCode))
      .where(or(eq(condominiums.adminUserId, userId), eq(tags.ownerId, userId)))
      .orderBy(asc(condominiums.id));
    const plateUnits = plates.length
      ? await db
          .select({ condominiumId: units.condominiumId, name: units.name })
          .from(units)
          .where(inArray(units.condominiumId, plates.map((p) => p.id)))
          .orderBy(asc(units.id))
      : [];
    const owned = await db
      .select({ code: tags.code, name: tags.name, productId: tags.productId })
      .from(tags)
      .where(and(eq(tags.ownerId, userId), isNull(tags.disabledAt)))
      .orderBy(asc(tags.name), asc(tags.code));
    const residencies = await db
      .select({ condominium: condominiums.name, unit: units.name })
      .from(unitResidents)
      .innerJoin(units, eq(units.id, unitResidents.unitId))
      .innerJoin(condominiums, eq(condominiums.id, units.condominiumId))
      .where(eq(unitResidents.userId, userId))
      .orderBy(asc(condominiums.name), asc(units.name));
    const open = await db
      .select({ id: charges.id, amountCents: charges.amountCents, tagCodes: charges.tagCodes })
      .from(charges)
      .where(and(eq(charges.userId, userId), eq(charges.status, 'pending'), sql`${charges.expiresAt} > now()`))
      .orderBy(asc(charges.id));
    const ownedCodes = owned.map((t) => t.code);
    const sharedByMe = ownedCodes.length
      ? await db
          .select({ code: tagMembers.tagCode, person: users.name })
          .from(tagMembers)
          .innerJoin(users, eq(users.id, tagMembers.userId))
          .where(inArray(tagMembers.tagCode, ownedCodes))
          .orderBy(asc(tagMembers.tagCode), asc(users.name))
      : [];
    const sharedWithMe = await db
      .select({ code: tags.code, name: tags.name, person: owner.name })
      .from(tagMembers)
      .innerJoin(tags, eq(tags.code, tagMembers.tagCode))
      .innerJoin(owner, eq(owner.id, tags.ownerId))
      .where(and(eq(tagMembers.userId, userId), isNull(tags.disabledAt)))
      .orderBy(asc(tags.name), asc(tags.code));
    return { isAdmin: user?.isAdmin ?? false, plates, plateUnits, owned, residencies, open, sharedByMe, sharedWithMe };
  },

  /** The condominiums whose síndico the user is: the admin of record, or the owner of the plate. */
  condominiumsRunBy(tx: Tx, userId: string) {
    return tx
      .select({ id: condominiums.id })
      .from(condominiums)
      .leftJoin(tags, eq(tags.code, condominiums.tagCode))
      .where(or(eq(condominiums.adminUserId, userId), eq(tags.ownerId, userId)));
  },

  /**
   * Erases the user (ACC-03, docs/decisions/0020). Their tags are retired (ACC-08): no owner, name, note
   * or members, and switched off — never unclaimed, or whoever holds the pet or the wallet could claim
   * the tag with its printed code; the calls that rang only them (their tags' calls, and any call left without a
   * recipient) lose the finder's location, address and message; the mails addressed to them and the
   * audit trail's mentions of them go; then the row itself, which cascades to memberships,
   * residencies, reset codes, push subscriptions and call recipients.
   */
  async erase(tx: Tx, user: { id: string; email: string }) {
    const owned = await tx
      .update(tags)
      .set({ ownerId: null, disabledAt: sql`now()`, name: '', importantInfo: '', showInfoToFinder: false, showOwnerName: true, showPhoto: true, showReward: true, showCity: false, lostCity: null, lostSince: null })
      .where(eq(tags.ownerId, user.id))
      .returning({ code: tags.code });
    const codes = owned.map((t) => t.code);
    if (codes.length) await tx.delete(tagMembers).where(inArray(tagMembers.tagCode, codes));
    // FIND-09: the photos of the user's tags go with the account.
    if (codes.length) await tx.delete(tagPhotos).where(inArray(tagPhotos.tagCode, codes));
    // FIND-11: and their medical cards (health data).
    if (codes.length) await tx.delete(tagMedicalCards).where(inArray(tagMedicalCards.tagCode, codes));
    // FIND-06: the released tags' conversations go with the owner (a unit's stay with its other residents).
    if (codes.length) await tx.delete(conversations).where(and(inArray(conversations.tagCode, codes), isNull(conversations.unitId)));
    // TAG-11: the released tags' invitations, and those addressed to the user's e-mail.
    await tx
      .delete(tagInvitations)
      .where(or(codes.length ? inArray(tagInvitations.tagCode, codes) : sql`false`, eq(tagInvitations.email, user.email)));

    const othersRung = sql`exists (select 1 from ${callRecipients} r where r.call_id = ${calls.id} and r.user_id <> ${user.id})`;
    const rungMe = sql`exists (select 1 from ${callRecipients} r where r.call_id = ${calls.id} and r.user_id = ${user.id})`;
    await tx
      .update(calls)
      .set({ latitude: null, longitude: null, callerAddress: null, message: null, callbackContact: null, answeredBy: null })
      .where(or(codes.length ? inArray(calls.tagCode, codes) : sql`false`, and(rungMe, sql`not ${othersRung}`)));

    await tx.delete(outbox).where(eq(outbox.to, user.email));
    // ACC-08: the open charges go with the account (the dialog said so); a paid one stays, without its owner.
    await tx
      .update(charges)
      .set({ status: 'expired' })
      .where(and(eq(charges.userId, user.id), eq(charges.status, 'pending')));
    const erased = '"[conta excluída]"';
    const scrub = (column: typeof auditLog.before | typeof auditLog.after) =>
      sql`replace(replace(${column}::text, ${`"${user.id}"`}, ${erased}), ${`"${user.email}"`}, ${erased})::jsonb`;
    await tx
      .update(auditLog)
      .set({
        target: sql`replace(${auditLog.target}, ${user.id}, '[conta excluída]')`,
        before: scrub(auditLog.before),
        after: scrub(auditLog.after),
      })
      .where(
        or(
          sql`${auditLog.target} like ${`%${user.id}%`}`,
          sql`${auditLog.before}::text like ${`%${user.id}%`}`,
          sql`${auditLog.after}::text like ${`%${user.id}%`}`,
          sql`${auditLog.after}::text like ${`%"${user.email}"%`}`,
          sql`${auditLog.before}::text like ${`%"${user.email}"%`}`,
        ),
      );
    await tx.delete(users).where(eq(users.id, user.id));
    return { releasedTags: codes };
  },
};
