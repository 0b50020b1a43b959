import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../client';
import { users } from '../schema';

type Conn = Db | Tx;

/** The users table, shared by the auth, profile and operator modules. */
export const usersRepository = {
  findUserByEmail(db: Conn, email: string) {
    return db
      .select()
      .from(users)
      .where(eq(users.email, email))
      .limit(1)
      .then((r) => r[0]);
  },

  insertUser(db: Conn, values: typeof users.$inferInsert) {
    return db
      .insert(users)
      .values(values)
      .returning()
      .then((r) => r[0]!);
  },

  setPassword(db: Conn, userId: string, passwordHash: string) {
    return db
      .update(users)
      .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, userId))
      .returning({ id: users.id, tokenVersion: users.tokenVersion })
      .then((r) => r[0]!);
  },

  findUser(db: Conn, id: string) {
    return db
      .select()
      .from(users)
      .where(eq(users.id, id))
      .limit(1)
      .then((r) => r[0]);
  },

  updateName(db: Conn, id: string, name: string) {
    return db.update(users).set({ name }).where(eq(users.id, id));
  },
};
