import { eq, sql } from 'drizzle-orm';
import type { Conn } from '../client';
import { users } from '../schema';

/** The users table, shared by the auth, profile, admin and operator modules and the session check. */
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

  /**
   * What a session check needs of a user (PERF-01, docs/decisions/0018): admin or not, the token
   * version, blocked or not. Read by the HTTP auth hook and the socket handshake.
   */
  sessionState(db: Conn, id: string) {
    return db
      .select({ isAdmin: users.isToqueAdmin, tokenVersion: users.tokenVersion, blockedAt: users.blockedAt })
      .from(users)
      .where(eq(users.id, id))
      .limit(1)
      .then((r) => r[0]);
  },
};
