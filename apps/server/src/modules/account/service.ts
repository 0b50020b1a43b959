import type { FastifyInstance } from 'fastify';
import { accountMsg, CONSENT_DOCUMENTS, type AccountExport, type DeletePreview, type UpdateContactBody } from '@toque/contracts/account';
import { productLabel } from '@toque/contracts/constants';
import { deliveryCompanyLabel, type DeliveryCompany } from '@toque/contracts/door';
import { apiMsg } from '@toque/contracts/messages';
import type { MedicalCard } from '@toque/contracts/medical-card';
import { firstName } from '@toque/contracts/names';
import { Conflict, NotFound, Unauthorized } from '../../errors';
import { verifyPassword } from '../../lib/passwords';
import { isUniqueViolation } from '../../lib/pg-errors';
import { usersRepository as users } from '../../db/repositories/users';
import { conversationState } from '../conversations/service';
import { passStatusAt } from '../door/service';
import { accountRepository as repo } from './repository';
import { emailChangedMail } from './mail';

const iso = (d: Date) => d.toISOString();
const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);
const quiet = (q: { days: number[]; from: string; until: string; timeZone: string } | null) =>
  q ? { days: q.days, from: q.from, until: q.until, timeZone: q.timeZone } : null;

/** FIND-09: the server stores every photo re-encoded as WebP (apps/server/src/lib/photo.ts). */
const PHOTO_TYPE = 'image/webp';

type ConversationMessageRow = Awaited<ReturnType<typeof repo.conversationMessages>>[number];

/**
 * FIND-06: the rows (one per message, oldest conversation first) as threads. A conversation the
 * user no longer answers keeps only the messages they wrote.
 */
function threads(rows: ConversationMessageRow[], userId: string, now: Date): AccountExport['conversations'] {
  const byId = new Map<string, AccountExport['conversations'][number]>();
  for (const r of rows) {
    if (!r.answering && r.authorId !== userId) continue;
    let thread = byId.get(r.conversationId);
    if (!thread) {
      thread = {
        id: r.conversationId,
        tagCode: r.tagCode,
        tagName: r.tagName,
        productName: productLabel(r.productId),
        unit: r.unitId === null ? null : r.unitName,
        state: conversationState(r, now),
        startedAt: iso(r.startedAt),
        lastMessageAt: iso(r.lastMessageAt),
        closedAt: isoOrNull(r.closedAt),
        blockedAt: isoOrNull(r.blockedAt),
        messages: [],
      };
      byId.set(r.conversationId, thread);
    }
    thread.messages.push({
      from: r.fromFinder ? 'finder' : 'owner',
      authorFirstName: r.fromFinder ? '' : firstName(r.authorName),
      mine: r.authorId === userId,
      body: r.body,
      latitude: r.latitude,
      longitude: r.longitude,
      createdAt: iso(r.createdAt),
    });
  }
  return [...byId.values()];
}

/**
 * ACC-03: my account's contact data, the data export and the deletion. Each is confirmed by the
 * current password; wrong passwords are counted per account (the same budget as failed logins), so
 * a stolen session cannot try passwords without end, and only a wrong password spends it: the
 * owner who knows the password is never locked out.
 */
export function accountService(app: FastifyInstance) {
  const { db } = app;

  async function confirmed(userId: string, password: string) {
    await app.limits.check('passwordConfirmFailures', userId);
    const row = await users.findUser(db, userId);
    if (!row) throw new NotFound(apiMsg.userNotFound);
    if (!(await verifyPassword(row.passwordHash, password))) {
      await app.limits.penalty('passwordConfirmFailures', userId);
      throw new Unauthorized(apiMsg.wrongPassword);
    }
    return row;
  }

  return {
    async account(userId: string) {
      const row = await users.findUser(db, userId);
      if (!row) throw new NotFound(apiMsg.userNotFound);
      return {
        name: row.name,
        email: row.email,
        phone: row.phone,
        termsVersion: row.termsVersion,
        termsAcceptedAt: isoOrNull(row.termsAcceptedAt),
      };
    },

    /** A new e-mail is the new login; the old address is told, so a takeover does not go unnoticed. */
    async updateContact(userId: string, body: UpdateContactBody) {
      const row = await confirmed(userId, body.password);
      const emailChanged = body.email !== row.email;
      if (emailChanged) {
        const holder = await users.findUserByEmail(db, body.email);
        if (holder && holder.id !== userId) throw new Conflict(accountMsg.emailTaken);
      }
      try {
        await db.transaction(async (tx) => {
          await repo.updateContact(tx, userId, { email: body.email, phone: body.phone });
          if (emailChanged) await app.mailer.queue(tx, emailChangedMail(row, body.email));
        });
      } catch (error) {
        // Two accounts taking one e-mail at once: the unique index decides.
        if (isUniqueViolation(error)) throw new Conflict(accountMsg.emailTaken);
        throw error;
      }
      if (emailChanged) app.mailer.wake();
    },

    async export(userId: string, password: string): Promise<AccountExport> {
      const row = await confirmed(userId, password);
      const owned = await repo.ownedTags(db, userId);
      const codes = owned.map((t) => t.code);
      const [members, invited, photos, memberships, residencies, rung, seen, written, delivered, passes, opened, billed, push] = await Promise.all([
        repo.membersOf(db, codes),
        repo.pendingInvitations(db, codes),
        repo.photos(db, codes),
        repo.memberships(db, userId),
        repo.residencies(db, userId),
        repo.calls(db, userId),
        repo.scans(db, userId),
        repo.conversationMessages(db, userId),
        repo.deliveries(db, userId),
        repo.passes(db, userId),
        repo.gateOpenings(db, userId),
        repo.charges(db, userId),
        repo.pushSubscriptions(db, userId),
      ]);
      const now = new Date();
      const mails = await repo.mails(db, row.email);
      // FIND-11: each wristband's medical card, every field and switch as the owner saved them.
      const cards = await repo.medicalCards(db, codes);
      const medicalCardOf = (code: string): AccountExport['tags'][number]['medicalCard'] => {
        const c = cards.find((x) => x.tagCode === code);
        if (!c) return null;
        const { tagCode: _code, updatedAt, bloodType, ...fields } = c;
        return { ...fields, bloodType: bloodType as MedicalCard['bloodType'], updatedAt: iso(updatedAt) };
      };
      const neighbours = await repo.neighbours(
        db,
        userId,
        residencies.map((r) => r.unitId),
      );
      const photoOf = (code: string): AccountExport['tags'][number]['photo'] => {
        const p = photos.find((x) => x.tagCode === code);
        if (!p) return null;
        return {
          contentType: PHOTO_TYPE,
          width: p.width,
          height: p.height,
          bytes: p.webp.length,
          uploadedAt: iso(p.createdAt),
          dataUrl: `data:${PHOTO_TYPE};base64,${p.webp.toString('base64')}`,
        };
      };
      return {
        exportedAt: now.toISOString(),
        profile: {
          name: row.name,
          email: row.email,
          phone: row.phone,
          cpfOrCnpj: row.cpfCnpj,
          createdAt: iso(row.createdAt),
          termsVersion: row.termsVersion,
          termsAcceptedAt: isoOrNull(row.termsAcceptedAt),
          isToqueAdmin: row.isToqueAdmin,
        },
        consents:
          row.termsVersion && row.termsAcceptedAt
            ? [{ document: CONSENT_DOCUMENTS, version: row.termsVersion, acceptedAt: iso(row.termsAcceptedAt) }]
            : [],
        tags: owned.map((t) => ({
          code: t.code,
          productId: t.productId,
          productName: productLabel(t.productId),
          name: t.name,
          importantInfo: t.importantInfo,
          showInfoToFinder: t.showInfoToFinder,
          isActive: t.isActive,
          scanAlerts: t.scanAlerts,
          lost: t.lostMessage === null ? null : { message: t.lostMessage, reward: t.lostReward, rewardCents: t.lostRewardCents, since: isoOrNull(t.lostSince) },
          disabledAt: isoOrNull(t.disabledAt),
          createdAt: iso(t.createdAt),
          members: members
            .filter((m) => m.tagCode === t.code)
            .map((m) => ({ firstName: firstName(m.name), email: m.email, since: iso(m.since) })),
          pendingInvitations: invited
            .filter((i) => i.tagCode === t.code)
            .map((i) => ({ email: i.email, sentAt: iso(i.sentAt) })),
          plan: { interval: t.planInterval, dueAt: isoOrNull(t.planDueAt) },
          finderPage: {
            showOwnerName: t.showOwnerName,
            showPhoto: t.showPhoto,
            showReward: t.showReward,
            showCity: t.showCity,
            lostCity: t.lostCity,
          },
          photo: photoOf(t.code),
          quietHours: quiet(t.quietHours),
          ringOrderSeconds: t.ringOrderSeconds,
          medicalCard: medicalCardOf(t.code),
        })),
        memberships: memberships.map((m) => ({
          code: m.code,
          name: m.name,
          productId: m.productId,
          productName: productLabel(m.productId),
          ownerFirstName: firstName(m.ownerName),
          since: iso(m.since),
        })),
        residencies: residencies.map((r) => ({
          condominium: r.condominium,
          unit: r.unit,
          since: iso(r.since),
          otherResidents: neighbours.filter((n) => n.unitId === r.unitId).map((n) => firstName(n.name)),
          quietHours: quiet(r.quietHours),
        })),
        calls: rung.map((c) => ({
          id: c.id,
          tagCode: c.tagCode,
          tagName: c.tagName,
          productName: productLabel(c.productId),
          unit: c.unit,
          status: c.status,
          startedAt: iso(c.startedAt),
          answeredAt: isoOrNull(c.answeredAt),
          endedAt: isoOrNull(c.endedAt),
          answeredByMe: c.answeredBy === userId,
          latitude: c.latitude,
          longitude: c.longitude,
          message: c.message,
          callbackContact: c.callbackContact,
        })),
        scans: seen.map((s) => ({
          tagCode: s.tagCode,
          tagName: s.tagName,
          productName: productLabel(s.productId),
          lost: s.lost,
          latitude: s.latitude,
          longitude: s.longitude,
          locality: s.locality,
          scannedAt: iso(s.scannedAt),
        })),
        charges: billed.map((c) => ({
          txid: c.txid,
          tagCodes: c.tagCodes,
          amountCents: c.amountCents,
          status: c.status,
          createdAt: iso(c.createdAt),
          expiresAt: iso(c.expiresAt),
          paidAt: isoOrNull(c.paidAt),
          paidCents: c.paidCents,
        })),
        conversations: threads(written, userId, now),
        deliveries: delivered.map((d) => ({
          condominium: d.condominium,
          unit: d.unit,
          company: d.company,
          companyName: deliveryCompanyLabel(d.company as DeliveryCompany, d.companyOther),
          createdAt: iso(d.createdAt),
          collectedAt: isoOrNull(d.collectedAt),
          collectedBy: d.collectedAt ? firstName(d.collectorName) : null,
          collectedByMe: d.collectedAt !== null && d.collectedBy === userId,
          hasPhoto: d.hasPhoto,
        })),
        passes: passes.map((p) => ({
          condominium: p.condominium,
          unit: p.unit,
          visitorName: p.visitorName,
          validFrom: iso(p.validFrom),
          validUntil: iso(p.validUntil),
          status: passStatusAt(p, now),
          revokedAt: isoOrNull(p.revokedAt),
          canOpenGate: p.canOpenGate,
          createdAt: iso(p.createdAt),
        })),
        gateOpenings: opened.map((g) => ({
          condominium: g.condominium,
          unit: g.unit,
          via: g.via,
          visitorName: g.visitorName,
          opened: g.ok,
          result: g.result,
          createdAt: iso(g.createdAt),
        })),
        pushSubscriptions: push.map((p) => ({ endpoint: p.endpoint, createdAt: iso(p.createdAt) })),
        mails: mails.map((m) => ({ subject: m.subject, createdAt: iso(m.createdAt) })),
      };
    },

    /**
     * Deletes the account (docs/decisions/0020). A síndico must hand the plate over first (its
     * residents would stop ringing), and an administrator is demoted by the operator first.
     * Once committed, every session and open socket of the user ends: the row is gone, so its
     * tokens resolve to nobody.
     */
    /** ACC-08: what the deletion would take, each named, and why it cannot happen yet (a plate, staff). */
    async deletionPreview(userId: string): Promise<DeletePreview> {
      const found = await repo.deletionPreview(db, userId);
      const plateCodes = new Set(found.plates.map((p) => p.code));
      const nameOf = new Map(found.owned.map((t) => [t.code, t.name.trim() || t.code]));
      return {
        blocked: found.plates.length ? accountMsg.deleteCondominiumAdmin : found.isAdmin ? accountMsg.deleteAdmin : null,
        tags: found.owned
          .filter((t) => !plateCodes.has(t.code))
          .map((t) => ({ code: t.code, name: nameOf.get(t.code)!, product_id: t.productId })),
        plates: found.plates.map((p) => ({
          code: p.code ?? '',
          condominium: p.name,
          units: found.plateUnits.filter((u) => u.condominiumId === p.id).map((u) => u.name),
        })),
        units: found.residencies,
        charges: found.open.map((c) => ({
          id: c.id,
          amount_cents: c.amountCents,
          names: c.tagCodes.map((code) => nameOf.get(code) ?? code),
        })),
        shares: [
          ...found.sharedByMe.map((s) => ({ code: s.code, name: nameOf.get(s.code) ?? s.code, person: s.person, mine: true })),
          ...found.sharedWithMe.map((s) => ({ code: s.code, name: s.name.trim() || s.code, person: s.person, mine: false })),
        ],
      };
    },

    async delete(userId: string, password: string) {
      await confirmed(userId, password);
      await db.transaction(async (tx) => {
        const row = await repo.lockUser(tx, userId);
        if (!row) throw new NotFound(apiMsg.userNotFound);
        if ((await repo.condominiumsRunBy(tx, userId)).length > 0)
          throw new Conflict(accountMsg.deleteCondominiumAdmin);
        if (row.isToqueAdmin) throw new Conflict(accountMsg.deleteAdmin);
        await repo.erase(tx, row);
      });
      // Every process forgets the session before this answers (ACC-02's rule, PERF-01's cache); sockets end.
      await app.sessions.invalidate(userId);
    },
  };
}
