import type { FastifyInstance } from 'fastify';
import { WRISTBAND_PRODUCT_ID } from '@toque/contracts/constants';
import { tagMsg } from '@toque/contracts/messages';
import { emptyMedicalCard, medicalMsg, type MedicalCard, type MedicalCardBody } from '@toque/contracts/medical-card';
import { BadRequest, Forbidden, NotFound } from '../../errors';
import { tagsRepository } from '../../db/repositories/tags';
import { medicalCardsRepository as repo, type MedicalCardRow } from '../../db/repositories/medical-cards';
import { tagMembersRepository } from '../../db/repositories/tag-members';

/** The card as the owner's page reads it (the row's bookkeeping columns left out). */
function cardOf(row: MedicalCardRow | undefined): MedicalCard {
  if (!row) return { ...emptyMedicalCard, updatedAt: null };
  const { tagCode: _code, updatedAt, bloodType, ...fields } = row;
  return { ...fields, bloodType: bloodType as MedicalCard['bloodType'], updatedAt: updatedAt.toISOString() };
}

/**
 * FIND-11 (docs/decisions/0055): a wristband's medical card is its owner's alone to read and change
 * (health data, LGPD art. 11): a member is told it is the owner's (403), anyone else finds no tag
 * (404, as for any tag not theirs); a tag that is not a wristband has no card (400).
 */
export function medicalCardService(app: FastifyInstance) {
  const { db } = app;

  async function requireOwnWristband(code: string, userId: string) {
    const tag = await tagsRepository.findTag(db, code);
    if (!tag || tag.disabledAt) throw new NotFound(tagMsg.tagNotFound);
    if (tag.ownerId !== userId) {
      if ((await tagMembersRepository.userIds(db, tag.code)).includes(userId)) throw new Forbidden(medicalMsg.onlyOwner);
      throw new NotFound(tagMsg.tagNotFound);
    }
    if (tag.productId !== WRISTBAND_PRODUCT_ID) throw new BadRequest(medicalMsg.onlyWristband);
    return tag;
  }

  return {
    async read(code: string, userId: string): Promise<MedicalCard> {
      const tag = await requireOwnWristband(code, userId);
      return cardOf(await repo.find(db, tag.code));
    },
    async save(code: string, userId: string, body: MedicalCardBody): Promise<MedicalCard> {
      const tag = await requireOwnWristband(code, userId);
      return cardOf(await repo.put(db, tag.code, body));
    },
  };
}
