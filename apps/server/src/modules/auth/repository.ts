import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Conn, Tx } from '../../db/client';
import { passwordResetCodes } from '../../db/schema';

export const authRepository = {
  async replaceResetCode(db: Conn, userId: string, codeHash: string, expiresAt: Date) {
    await db.transaction(async (tx) => {
      // Only the newest code is live: an older one is spent when a new one is asked for.
      await tx
        .update(passwordResetCodes)
        .set({ usedAt: new Date() })
        .where(and(eq(passwordResetCodes.userId, userId), isNull(passwordResetCodes.usedAt)));
      await tx.insert(passwordResetCodes).values({ userId, codeHash, expiresAt });
    });
  },

  lockLatestResetCode(tx: Tx, userId: string) {
    return tx
      .select()
      .from(passwordResetCodes)
      .where(and(eq(passwordResetCodes.userId, userId), isNull(passwordResetCodes.usedAt)))
      .orderBy(desc(passwordResetCodes.createdAt), desc(passwordResetCodes.id))
      .limit(1)
      .for('update')
      .then((r) => r[0]);
  },

  countWrongTry(tx: Tx, id: number) {
    return tx
      .update(passwordResetCodes)
      .set({ attempts: sql`${passwordResetCodes.attempts} + 1` })
      .where(eq(passwordResetCodes.id, id));
  },

  markResetCodeUsed(tx: Tx, id: number) {
    return tx.update(passwordResetCodes).set({ usedAt: new Date() }).where(eq(passwordResetCodes.id, id));
  },

};
