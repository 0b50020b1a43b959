import type { FastifyInstance } from 'fastify';
import { CONDOMINIUM_PRODUCT_ID, MEMBERS_PER_TAG, MEMBERS_PER_UNIT, productImage } from '@toque/contracts/constants';
import { photoMsg, tagMsg } from '@toque/contracts/messages';
import { callsApi } from '@toque/contracts/calls';
import { paths } from '@toque/contracts/routes';
import type { UpdateNameBody } from '@toque/contracts/products';
import { firstName } from '@toque/contracts/names';
import type { Tx } from '../../db/client';
import { usersRepository } from '../../db/repositories/users';
import { invitationsRepository as invitations } from '../../db/repositories/invitations';
import { unitInvitationsRepository as unitInvitations } from '../../db/repositories/unit-invitations';
import { BadRequest, Conflict, Forbidden, NotFound } from '../../errors';
import { tagPhotosRepository } from '../../db/repositories/tag-photos';
import { medicalCardsRepository } from '../../db/repositories/medical-cards';
import { PhotoRejected } from '../../lib/photo';
import { finderView } from '../../lib/finder-view';
import { formatReais } from '@toque/contracts/money';
import { posterMsg } from '@toque/contracts/poster';
import { posterPdf } from './poster';
import { tagsRepository, type Tag } from '../../db/repositories/tags';
import { unitResidentsRepository as residentsRepo } from '../../db/repositories/unit-residents';
import { productsRepository as repo } from './repository';
import { invitationMail } from './mail';

/** FIND-10: the poster's date, as Brazil writes it, in Brasília's time (the owner's zone is not known). */
const lostDate = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric' });

/** Who the caller is to a tag: owner, member (shared with them, or a resident under a plate), or nobody. */
type Role = 'owner' | 'member' | 'none';

export function productsService(app: FastifyInstance) {
  const { db } = app;

  async function roleOf(code: string, userId: string): Promise<{ role: Role; tag: Tag }> {
    const tag = await tagsRepository.findTag(db, code);
    // A stranger learns nothing: an unknown tag and someone else's tag look the same.
    if (!tag || tag.disabledAt) throw new NotFound(tagMsg.tagNotFound);
    if (tag.ownerId === userId) return { role: 'owner', tag };
    if (await repo.isMember(db, code, userId)) return { role: 'member', tag };
    const listed = (await repo.listForUser(db, userId)).some((r) => r.code === code);
    if (listed) return { role: 'member', tag };
    throw new NotFound(tagMsg.tagNotFound);
  }

  async function requireOwner(code: string, userId: string) {
    const { role, tag } = await roleOf(code, userId);
    if (role !== 'owner') throw new Forbidden(tagMsg.ownerOnly);
    return tag;
  }

  /** CONDO-06: joining a unit by its association code; at most 3 residents, under a row lock. */
  async function joinUnit(tx: Tx, code: string, userId: string) {
    const unit = await repo.lockUnitByCode(tx, code);
    if (!unit) return false;
    const residents = await residentsRepo.ids(tx, unit.id);
    if (residents.includes(userId)) throw new Conflict(tagMsg.alreadyResident);
    // CONDO-14: pending invitations hold their places.
    if (residents.length + (await unitInvitations.countPending(tx, unit.id)) >= MEMBERS_PER_UNIT) throw new Conflict(tagMsg.unitFull);
    await repo.addResident(tx, unit.id, userId);
    return true;
  }

  return {
    async list(userId: string) {
      const rows = await repo.listForUser(db, userId);
      return rows.map((r) => ({
        code: r.code,
        product_id: Number(r.product_id),
        name: r.name,
        image_url: productImage(Number(r.product_id)),
        isOwner: r.is_owner,
        important_info: r.important_info,
        show_info_to_finder: r.show_info_to_finder,
        is_active: r.is_active,
        scan_alerts: r.scan_alerts,
        lost_message: r.lost_message,
        lost_reward: r.lost_reward,
        lost_reward_cents: r.lost_reward_cents,
        // FIND-09: the photo (the owner sees it whatever the switch) and the finder page's switches.
        photo: r.photo_hash
          ? { url: `/api${callsApi.publicPhoto(r.code, r.photo_hash)}`, width: Number(r.photo_width), height: Number(r.photo_height) }
          : null,
        show_owner_name: r.show_owner_name,
        show_photo: r.show_photo,
        show_reward: r.show_reward,
        show_city: r.show_city,
        lost_city: r.lost_city,
        due_at: r.is_owner && r.plan_due_at ? new Date(r.plan_due_at).toISOString() : null,
        public_url: `${app.config.publicUrl}${paths.finder(encodeURIComponent(r.code))}`,
      }));
    },

    /**
     * TAG-02 / CONDO-06 / REL-01: an unclaimed active code becomes the caller's tag; a unit's
     * association code makes the caller a resident. Row locks make concurrent attempts serialise:
     * exactly one owner, never more than 3 residents.
     */
    async associate(code: string, userId: string) {
      return db.transaction(async (tx) => {
        const tag = await tagsRepository.lockTag(tx, code);
        if (!tag) {
          if (await joinUnit(tx, code, userId)) return 'unit' as const;
          throw new NotFound(tagMsg.codeNotFound);
        }
        if (tag.disabledAt) throw new Conflict(tagMsg.disabled);
        if (tag.ownerId === userId) throw new Conflict(tagMsg.alreadyYours);
        if (tag.ownerId) throw new Conflict(tagMsg.ownedByAnother);
        if (!tag.isActive) throw new Conflict(tagMsg.inactive);
        await tagsRepository.claimTag(tx, tag, userId);
        return 'tag' as const;
      });
    },

    /** TAG-04: only the owner disables, and it is final. */
    async disable(code: string, userId: string) {
      await requireOwner(code, userId);
      await db.transaction(async (tx) => {
        await repo.disable(tx, code);
        // FIND-11: a wristband's medical card (health data) is deleted with the tag.
        await medicalCardsRepository.remove(tx, [code]);
      });
    },

    async updateDetails(userId: string, body: UpdateNameBody) {
      await requireOwner(body.code, userId);
      await repo.updateDetails(db, body.code, {
        name: body.name,
        ...(body.importantInfo !== undefined ? { importantInfo: body.importantInfo } : {}),
        ...(body.showInfoToFinder !== undefined ? { showInfoToFinder: body.showInfoToFinder } : {}),
        ...(body.scanAlerts !== undefined ? { scanAlerts: body.scanAlerts } : {}),
        ...(body.showOwnerName !== undefined ? { showOwnerName: body.showOwnerName } : {}),
        ...(body.showPhoto !== undefined ? { showPhoto: body.showPhoto } : {}),
        ...(body.showReward !== undefined ? { showReward: body.showReward } : {}),
        ...(body.showCity !== undefined ? { showCity: body.showCity } : {}),
        ...(body.lostCity !== undefined ? { lostCity: body.lostCity || null } : {}),
        // FIND-02: switching lost mode off forgets its message and reward (TAG-11: the amount too).
        // FIND-10: the date it was lost is when lost mode went on; saving it again keeps that date.
        ...(body.lost === true
          ? {
              lostMessage: body.lostMessage ?? '',
              lostReward: body.lostReward || null,
              lostRewardCents: body.lostRewardCents ?? null,
              lostSince: 'from-now' as const,
            }
          : {}),
        ...(body.lost === false ? { lostMessage: null, lostReward: null, lostRewardCents: null, lostCity: null, lostSince: null } : {}),
      });
    },

    /**
     * FIND-09: the owner's photo, re-encoded (lib/photo.ts) before anything is stored; a refused
     * file stores nothing. A condominium plate has no photo (docs/decisions/0042).
     */
    async putPhoto(code: string, userId: string, body: Buffer) {
      const tag = await requireOwner(code, userId);
      if (tag.productId === CONDOMINIUM_PRODUCT_ID) throw new BadRequest(photoMsg.plateHasNoPhoto);
      let photo;
      try {
        photo = await app.photos.reencode(body);
      } catch (error) {
        if (error instanceof PhotoRejected) throw new BadRequest(photoMsg[error.reason]);
        throw error;
      }
      await tagPhotosRepository.put(db, tag.code, photo);
      return { url: `/api${callsApi.publicPhoto(tag.code, photo.hash)}`, width: photo.width, height: photo.height };
    },

    /**
     * FIND-10: the lost poster, the owner's only (a member 403, anyone else 404), only in lost mode
     * (409 otherwise), never for a plate. It shows what the finder's page shows (lib/finder-view.ts:
     * a field switched off is not printed either) and nothing of the owner: no name, phone, e-mail
     * or address. The photo is decoded in the photo workers, never on the event loop.
     */
    async poster(code: string, userId: string): Promise<Uint8Array> {
      const tag = await requireOwner(code, userId);
      if (tag.productId === CONDOMINIUM_PRODUCT_ID) throw new BadRequest(posterMsg.plateHasNoPoster);
      if (tag.lostMessage === null) throw new Conflict(posterMsg.notLost);
      const view = finderView(tag);
      const webp = view.photo ? await tagPhotosRepository.current(db, tag.code) : undefined;
      const photoJpeg = webp ? await app.photos.rendition(webp, 'poster') : null;
      const reward = view.reward
        ? [tag.lostRewardCents ? formatReais(tag.lostRewardCents) : null, tag.lostReward].filter(Boolean).join(' — ')
        : '';
      return posterPdf({
        name: tag.name,
        message: tag.lostMessage,
        importantInfo: view.importantInfo,
        reward: reward || null,
        lostOn: tag.lostSince ? lostDate.format(tag.lostSince) : null,
        city: view.city,
        photoJpeg,
        pageUrl: `${app.config.publicUrl}${paths.finder(encodeURIComponent(tag.code))}`,
      });
    },

    async removePhoto(code: string, userId: string) {
      const tag = await requireOwner(code, userId);
      if (!(await tagPhotosRepository.remove(db, tag.code))) throw new NotFound(photoMsg.notFound);
    },

    async members(code: string, userId: string) {
      await requireOwner(code, userId);
      const rows = await repo.members(db, code);
      return rows.map((m) => ({ user_id: m.userId, first_name: firstName(m.name), email: m.email }));
    },

    /**
     * TAG-09: share with up to 3 accounts, by e-mail; counted under the tag's row lock. TAG-11: an
     * e-mail with no account gets an invitation (through the mail queue) that joins the tag at
     * sign-up; pending invitations count toward the 3, so an invitation always fits when accepted.
     */
    async addMember(code: string, userId: string, email: string): Promise<'member' | 'invitation'> {
      const tag = await requireOwner(code, userId);
      // CONDO-10: a plate's calls go to the residents of the chosen unit, never to shared members.
      if (tag.productId === CONDOMINIUM_PRODUCT_ID) throw new Conflict(tagMsg.plateNotShared);
      const target = await usersRepository.findUserByEmail(db, email);
      if (target?.id === userId) throw new Conflict(tagMsg.cannotShareWithSelf);
      if (!target) {
        // Each invitation is a mail to a stranger's address: a few per account and window.
        await app.limits.consume('invitationsPerAccount', userId);
        const owner = await usersRepository.findUser(db, userId);
        await db.transaction(async (tx) => {
          const locked = await tagsRepository.lockTag(tx, code);
          const current = await repo.members(tx, code);
          const previous = await invitations.find(tx, code, email);
          if (previous && !previous.acceptedAt) throw new Conflict(tagMsg.alreadyInvited);
          if (current.length + (await invitations.countPending(tx, code)) >= MEMBERS_PER_TAG) throw new Conflict(tagMsg.membersFull);
          // An accepted invitation of an account deleted since: the new one replaces it.
          if (previous) await invitations.remove(tx, previous.id);
          await invitations.insert(tx, { tagCode: code, email, invitedBy: userId });
          await app.mailer.queue(
            tx,
            invitationMail(email, { ownerName: owner?.name ?? '', tagName: locked?.name ?? tag.name, productId: tag.productId }, app.config.publicUrl),
          );
        });
        app.mailer.wake();
        return 'invitation';
      }
      await db.transaction(async (tx) => {
        await tagsRepository.lockTag(tx, code);
        const current = await repo.members(tx, code);
        if (current.some((m) => m.userId === target.id)) throw new Conflict(tagMsg.alreadyMember);
        if (current.length + (await invitations.countPending(tx, code)) >= MEMBERS_PER_TAG) throw new Conflict(tagMsg.membersFull);
        await repo.addMember(tx, code, target.id);
      });
      return 'member';
    },

    /** TAG-11: the tag's pending invitations, for its owner. */
    async invitations(code: string, userId: string) {
      await requireOwner(code, userId);
      const rows = await invitations.pending(db, code);
      return rows.map((r) => ({ id: r.id, email: r.email, created_at: r.createdAt.toISOString() }));
    },

    async cancelInvitation(code: string, userId: string, id: number) {
      await requireOwner(code, userId);
      const removed = await invitations.cancel(db, code, id);
      if (removed.length === 0) throw new NotFound(tagMsg.invitationNotFound);
    },

    async removeMember(code: string, userId: string, memberId: string) {
      await requireOwner(code, userId);
      const removed = await repo.removeMember(db, code, memberId);
      if (removed.length === 0) throw new NotFound(tagMsg.memberNotFound);
    },
  };
}
