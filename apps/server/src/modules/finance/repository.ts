import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Conn } from '../../db/client';
import { condominiums, tags, units } from '../../db/schema';

/** FIN-02: the plans of the tags an account owns. */
export const financeRepository = {
  /** The caller's own tags (never a member's or a resident's), with a plate's unit count. */
  ownedPlans(db: Conn, ownerId: string) {
    return db
      .select({
        code: tags.code,
        name: tags.name,
        productId: tags.productId,
        interval: tags.planInterval,
        dueAt: tags.planDueAt,
        units:
          sql<number>`(select count(*) from ${units} u join ${condominiums} c on c.id = u.condominium_id where c.tag_code = ${tags.code})`.mapWith(
            Number,
          ),
      })
      .from(tags)
      .where(and(eq(tags.ownerId, ownerId), isNull(tags.disabledAt)))
      .orderBy(asc(tags.planDueAt), asc(tags.code));
  },

  setInterval(db: Conn, code: string, ownerId: string, interval: string) {
    return db
      .update(tags)
      .set({ planInterval: interval })
      .where(and(eq(tags.code, code), eq(tags.ownerId, ownerId), isNull(tags.disabledAt)))
      .returning({ code: tags.code });
  },
};
