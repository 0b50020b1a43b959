import type { FastifyInstance } from 'fastify';
import type { UpdateUserBody } from '@toque/contracts/profile';
import { apiMsg } from '@toque/contracts/messages';
import { NotFound, Unauthorized } from '../../errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { usersRepository as repo } from '../../db/repositories/users';
import { passwordChangedMail } from '../auth/mail';

export function profileService(app: FastifyInstance) {
  const { db } = app;
  async function user(id: string) {
    const row = await repo.findUser(db, id);
    if (!row) throw new NotFound(apiMsg.userNotFound);
    return row;
  }
  return {
    user,
    /**
     * ACC-01: the current password authorises the change. A new password (optional) bumps the
     * token version, so every other session ends (ACC-02); the caller gets a fresh token.
     */
    async updateUser(id: string, body: UpdateUserBody) {
      const row = await user(id);
      if (!(await verifyPassword(row.passwordHash, body.password))) throw new Unauthorized(apiMsg.wrongPassword);
      if (!body.newPassword) {
        await repo.updateName(db, id, body.name);
        return undefined;
      }
      const passwordHash = await hashPassword(body.newPassword);
      // The new password and the mail that reports it commit together (REL-03).
      const updated = await db.transaction(async (tx) => {
        await repo.updateName(tx, id, body.name);
        const changed = await repo.setPassword(tx, id, passwordHash);
        await app.mailer.queue(tx, passwordChangedMail({ email: row.email, name: body.name }, 'changed'));
        return changed;
      });
      app.mailer.wake();
      // ACC-02: the older sessions end on every process before this answers, their open sockets too.
      await app.sessions.invalidate(id, { keepVersion: updated.tokenVersion });
      return app.signToken(updated);
    },
  };
}
