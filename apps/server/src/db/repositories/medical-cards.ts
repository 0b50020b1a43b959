import { eq, inArray } from 'drizzle-orm';
import type { MedicalCardBody } from '@toque/contracts/medical-card';
import type { Conn } from '../client';
import { tagMedicalCards } from '../schema';

/** A wristband's medical card as stored (FIND-11). */
export type MedicalCardRow = typeof tagMedicalCards.$inferSelect;

/**
 * FIND-11 (docs/decisions/0055): a wristband's medical card — written by its owner (medical-card),
 * read field by field for the finder's page (calls), deleted with the tag (products, admin, account).
 */
export const medicalCardsRepository = {
  find(db: Conn, code: string): Promise<MedicalCardRow | undefined> {
    return db
      .select()
      .from(tagMedicalCards)
      .where(eq(tagMedicalCards.tagCode, code))
      .limit(1)
      .then((r) => r[0]);
  },

  /** The owner's whole card: a new one, or the old one replaced. */
  put(db: Conn, code: string, card: MedicalCardBody) {
    const values = { ...card, updatedAt: new Date() };
    return db
      .insert(tagMedicalCards)
      .values({ tagCode: code, ...values })
      .onConflictDoUpdate({ target: tagMedicalCards.tagCode, set: values })
      .returning()
      .then((r) => r[0]!);
  },

  /** Health data goes with the tag: its deletion, release, transfer, or its owner's account. */
  remove(db: Conn, codes: string[]) {
    if (codes.length === 0) return Promise.resolve();
    return db.delete(tagMedicalCards).where(inArray(tagMedicalCards.tagCode, codes)).then(() => undefined);
  },

  /** ACC-07: the cards of the user's tags, for the export. */
  ofTags(db: Conn, codes: string[]) {
    if (codes.length === 0) return Promise.resolve([] as MedicalCardRow[]);
    return db.select().from(tagMedicalCards).where(inArray(tagMedicalCards.tagCode, codes));
  },
};
