import type { FastifyInstance } from 'fastify';
import { CONDOMINIUM_PRODUCT_ID } from '@toque/contracts/constants';
import { condoMsg, tagMsg } from '@toque/contracts/messages';
import {
  quietMsg,
  type QuietHours,
  type TagCallSettings,
  type TagCallSettingsBody,
} from '@toque/contracts/quiet-hours';
import { Forbidden, NotFound } from '../../errors';
import { callSettingsRepository as repo } from '../../db/repositories/call-settings';
import { tagsRepository } from '../../db/repositories/tags';
import { unitResidentsRepository as residentsRepo } from '../../db/repositories/unit-residents';

/**
 * FIND-07 / FIND-08 (docs/decisions/0043): the owner's quiet hours and ring order of a tag (its
 * members may read them, not change them), and a unit's quiet hours, chosen by its residents.
 */
export function callSettingsService(app: FastifyInstance) {
  const { db } = app;

  /** A stranger learns nothing: an unknown tag and someone else's look the same (404). */
  async function roleOf(code: string, userId: string) {
    const tag = await tagsRepository.findTag(db, code);
    if (!tag || tag.disabledAt || tag.productId === CONDOMINIUM_PRODUCT_ID) throw new NotFound(tagMsg.tagNotFound);
    if (tag.ownerId === userId) return 'owner' as const;
    if (await repo.isMember(db, code, userId)) return 'member' as const;
    throw new NotFound(tagMsg.tagNotFound);
  }

  async function read(code: string): Promise<TagCallSettings> {
    const s = await repo.tagSettings(db, code);
    return {
      quietHours: s?.quietHours ?? null,
      ringOrderSeconds: s?.ringOrderSeconds ?? null,
      hasMembers: await repo.hasMembers(db, code),
    };
  }

  async function requireResident(unitId: number, userId: string) {
    if (!(await repo.unitQuietHours(db, unitId))) throw new NotFound(condoMsg.unitNotFound);
    if (!(await residentsRepo.includes(db, unitId, userId))) throw new Forbidden(quietMsg.onlyResident);
  }

  return {
    async tag(code: string, userId: string) {
      await roleOf(code, userId);
      return read(code);
    },
    async setTag(code: string, userId: string, body: TagCallSettingsBody) {
      if ((await roleOf(code, userId)) !== 'owner') throw new Forbidden(quietMsg.onlyOwner);
      await repo.setTagSettings(db, code, body);
      return read(code);
    },
    async unit(unitId: number, userId: string) {
      await requireResident(unitId, userId);
      return { quietHours: (await repo.unitQuietHours(db, unitId))?.quietHours ?? null };
    },
    async setUnit(unitId: number, userId: string, quietHours: QuietHours | null) {
      await requireResident(unitId, userId);
      await repo.setUnitQuietHours(db, unitId, quietHours);
      return { quietHours };
    },
  };
}
