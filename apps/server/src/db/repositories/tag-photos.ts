import { and, eq } from 'drizzle-orm';
import type { Conn } from '../client';
import { tagPhotos } from '../schema';

/** FIND-09: a tag's photo — written by its owner (products), read by the finder's page (calls). */
export const tagPhotosRepository = {
  /** The photo's bytes, only under its current hash (an old URL finds nothing). */
  bytes(db: Conn, code: string, hash: string) {
    return db
      .select({ webp: tagPhotos.webp })
      .from(tagPhotos)
      .where(and(eq(tagPhotos.tagCode, code), eq(tagPhotos.hash, hash)))
      .limit(1)
      .then((r) => r[0]?.webp);
  },

  /** FIND-10: the tag's current photo's bytes, whatever its name (the owner's poster). */
  current(db: Conn, code: string) {
    return db
      .select({ webp: tagPhotos.webp })
      .from(tagPhotos)
      .where(eq(tagPhotos.tagCode, code))
      .limit(1)
      .then((r) => r[0]?.webp);
  },

  /** One photo a tag: a new one replaces the old. */
  put(db: Conn, code: string, photo: { hash: string; webp: Buffer; width: number; height: number }) {
    return db
      .insert(tagPhotos)
      .values({ tagCode: code, ...photo })
      .onConflictDoUpdate({ target: tagPhotos.tagCode, set: { ...photo, createdAt: new Date() } });
  },

  remove(db: Conn, code: string) {
    return db
      .delete(tagPhotos)
      .where(eq(tagPhotos.tagCode, code))
      .returning({ hash: tagPhotos.hash })
      .then((r) => r.length > 0);
  },
};
