import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { TERMS_VERSION } from '@toque/contracts/account';
import { ACCOUNT_NAME_MAX, CONDOMINIUM_PRODUCT_ID, MEMBERS_PER_TAG, MEMBERS_PER_UNIT, RESET_CODE_MAX_ATTEMPTS, RESET_CODE_TTL_MS } from '@toque/contracts/constants';
import { adminMsg, apiMsg } from '@toque/contracts/messages';
import type { LoginBody, OnboardingBody, RegisterBody, ResetPasswordBody } from '@toque/contracts/auth';
import { pushSubscribeBody } from '@toque/contracts/push';
import { BadRequest, Conflict, Forbidden, NotFound, Unauthorized } from '../../errors';
import { hashPassword, verifyDummy, verifyPassword } from '../../lib/passwords';
import { hashResetCode, newResetCode, sameHash } from '../../lib/codes';
import { isUniqueViolation } from '../../lib/pg-errors';
import { usersRepository as users } from '../../db/repositories/users';
import { tagsRepository } from '../../db/repositories/tags';
import { unitResidentsRepository as residentsRepo } from '../../db/repositories/unit-residents';
import { invitationsRepository as invitations } from '../../db/repositories/invitations';
import { unitInvitationsRepository as unitInvitations } from '../../db/repositories/unit-invitations';
import { tagMembersRepository } from '../../db/repositories/tag-members';
import { authRepository as repo } from './repository';
import { passwordChangedMail, resetCodeMail } from './mail';

/**
 * The login `token` is the browser's Web Push subscription (JSON) or empty. An unusable one does
 * not fail the login (AUTH-03): it is simply not stored.
 */
function parsePushToken(token: string | undefined) {
  if (!token) return undefined;
  try {
    const parsed = pushSubscribeBody.safeParse(JSON.parse(token));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export function authService(app: FastifyInstance, opts: { secret: string; logCodes: boolean }) {
  const { db } = app;

  /**
   * TAG-11: a new account joins the tags its e-mail was invited to. Each invitation in a
   * transaction of its own, under the tag's row lock: the member limit holds, and an invitation
   * that cannot be honoured (the tag full, deleted or now someone else's) is dropped — it never
   * fails the sign-up, which has already committed.
   */
  async function acceptInvitations(user: { id: string; email: string }) {
    try {
      for (const invite of await invitations.pendingFor(db, user.email)) {
        await db.transaction(async (tx) => {
          const tag = await tagsRepository.lockTag(tx, invite.tagCode);
          const valid = tag && !tag.disabledAt && tag.productId !== CONDOMINIUM_PRODUCT_ID && tag.ownerId !== null && tag.ownerId === invite.invitedBy && tag.ownerId !== user.id;
          if (!valid) return invitations.remove(tx, invite.id);
          const members = await tagMembersRepository.userIds(tx, invite.tagCode);
          if (members.includes(user.id)) return invitations.markAccepted(tx, invite.id);
          if (members.length >= MEMBERS_PER_TAG) return invitations.remove(tx, invite.id);
          await tagMembersRepository.add(tx, invite.tagCode, user.id);
          return invitations.markAccepted(tx, invite.id);
        });
      }
    } catch (error) {
      app.log.error({ err: error }, 'tag invitations could not be accepted at sign-up');
    }
    // CONDO-14: and the units a síndico invited it to. The invitation already counts toward the 3,
    // so it fits; a unit gone (deleted, plate released) or full after all drops the invitation.
    try {
      for (const invite of await unitInvitations.pendingFor(db, user.email)) {
        await db.transaction(async (tx) => {
          const unit = await unitInvitations.lockUnitWithPlate(tx, invite.unitId);
          if (!unit?.tagCode) return unitInvitations.remove(tx, invite.id);
          const residents = await residentsRepo.ids(tx, invite.unitId);
          if (residents.includes(user.id)) return unitInvitations.markAccepted(tx, invite.id);
          // The other pending invitations still count: this one is among them, so it is not counted twice.
          if (residents.length >= MEMBERS_PER_UNIT) return unitInvitations.remove(tx, invite.id);
          await unitInvitations.addResident(tx, invite.unitId, user.id);
          return unitInvitations.markAccepted(tx, invite.id);
        });
      }
    } catch (error) {
      app.log.error({ err: error }, 'unit invitations could not be accepted at sign-up');
    }
  }

  return {
    async login(body: LoginBody & { platform: string; token: string }) {
      const email = body.email.trim().toLowerCase();
      const user = await users.findUserByEmail(db, email);
      const ok = user ? await verifyPassword(user.passwordHash, body.password) : await verifyDummy(body.password);
      if (!user || !ok) throw new Unauthorized(apiMsg.badCredentials);
      // ADM-07: a blocked account cannot log in (said only to whoever knows its password).
      if (user.blockedAt) throw new Forbidden(adminMsg.accountBlocked);
      const push = parsePushToken(body.token);
      if (push) {
        await app.push.subscribe(user.id, push).catch((error: unknown) => {
          // SEC-06: an endpoint outside the known push services is dropped, the login goes on.
          if (!(error instanceof BadRequest)) throw error;
        });
      }
      return app.signToken(user);
    },

    async register(body: RegisterBody) {
      const passwordHash = await hashPassword(body.password);
      try {
        const user = await users.insertUser(db, {
          name: body.name,
          email: body.email,
          phone: body.phone,
          cpfCnpj: body.cpfOrCnpj,
          passwordHash,
          // ACC-03: the consent given, with the version of the texts accepted.
          termsVersion: body.termsVersion,
          termsAcceptedAt: new Date(),
        });
        await acceptInvitations(user);
        return user;
      } catch (error) {
        if (isUniqueViolation(error)) throw new Conflict(apiMsg.userExists);
        throw error;
      }
    },

    /**
     * Creates the account and claims the code in one transaction: either both happen or neither.
     * The code must exist (404), be unclaimed, active and not disabled (404: nothing to claim),
     * and be of the chosen type (401: the code and type do not match, AUTH-10's 'Credenciais inválidas.').
     */
    async onboard(body: OnboardingBody) {
      const passwordHash = await hashPassword(body.password);
      try {
        const signed = await db.transaction(async (tx) => {
          const tag = await tagsRepository.lockTag(tx, body.code);
          if (!tag) throw new NotFound(apiMsg.qrNotFound);
          if (tag.ownerId || !tag.isActive || tag.disabledAt) throw new NotFound(apiMsg.qrUnavailable);
          if (tag.productId !== body.productId) throw new Unauthorized(apiMsg.qrTypeMismatch);
          if (await users.findUserByEmail(tx, body.email)) throw new Conflict(apiMsg.userExists);
          const user = await users.insertUser(tx, {
            name: body.name,
            email: body.email,
            phone: body.phone,
            cpfCnpj: body.cpfOrCnpj,
            passwordHash,
            termsVersion: body.termsVersion,
            termsAcceptedAt: new Date(),
          });
          await tagsRepository.claimTag(tx, tag, user.id);
          return { user, token: app.signToken(user) };
        });
        await acceptInvitations(signed.user);
        return signed.token;
      } catch (error) {
        if (isUniqueViolation(error)) throw new Conflict(apiMsg.userExists);
        throw error;
      }
    },

    /**
     * AUTH-16: the account of an e-mail Google has verified (the caller checks email_verified): the
     * existing one (linked by its e-mail), or a new one named as at Google, with the current terms
     * (the login page says so under the button) and a random password nobody knows — "Esqueci minha
     * senha" gives it one. docs/decisions/0049.
     */
    async googleSignIn(claims: { email: string; name: string | undefined }): Promise<{ token: string } | { blocked: true }> {
      const email = claims.email.trim().toLowerCase();
      let user = await users.findUserByEmail(db, email);
      if (!user) {
        const name = (claims.name?.trim() || email.split('@')[0]!).slice(0, ACCOUNT_NAME_MAX);
        const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
        try {
          user = await users.insertUser(db, { name, email, passwordHash, termsVersion: TERMS_VERSION, termsAcceptedAt: new Date() });
          await acceptInvitations(user);
        } catch (error) {
          // The same e-mail signed up a moment ago (another tab): that account is the one.
          if (!isUniqueViolation(error)) throw error;
          user = await users.findUserByEmail(db, email);
          if (!user) throw error;
        }
      }
      // ADM-07: a blocked account stays out whichever way it comes in.
      if (user.blockedAt) return { blocked: true };
      return { token: app.signToken(user) };
    },

    async generateCode(email: string) {
      const user = await users.findUserByEmail(db, email);
      if (!user) throw new NotFound(apiMsg.userNotFound);
      const code = newResetCode();
      // REL-03: the code and its mail commit together; SMTP is the worker's business, never the request's.
      await db.transaction(async (tx) => {
        await repo.replaceResetCode(
          tx,
          user.id,
          hashResetCode(code, opts.secret),
          new Date(Date.now() + RESET_CODE_TTL_MS),
        );
        await app.mailer.queue(tx, resetCodeMail(user, code, app.config.publicUrl));
      });
      app.mailer.wake();
      if (opts.logCodes) app.log.info({ email: user.email, code }, 'password reset code (development only)');
    },

    /**
     * AUTH-12/13: the newest unused code, unexpired, with fewer than 5 wrong tries. A wrong code
     * counts a try; once 5 are spent even the right code is refused. A success bumps the token
     * version, so every older session ends (ACC-02).
     */
    async resetPassword(body: ResetPasswordBody) {
      if (body.password !== body.confirmPassword) throw new Conflict(apiMsg.passwordsDontMatch);
      const user = await users.findUserByEmail(db, body.email);
      if (!user) throw new NotFound(apiMsg.userNotFound);
      const passwordHash = await hashPassword(body.password);
      const outcome = await db.transaction(async (tx) => {
        const row = await repo.lockLatestResetCode(tx, user.id);
        if (!row || row.expiresAt.getTime() <= Date.now() || row.attempts >= RESET_CODE_MAX_ATTEMPTS) {
          return 'invalid' as const;
        }
        if (!sameHash(row.codeHash, hashResetCode(body.code, opts.secret))) {
          await repo.countWrongTry(tx, row.id);
          return 'wrong' as const;
        }
        await repo.markResetCodeUsed(tx, row.id);
        await users.setPassword(tx, user.id, passwordHash);
        await app.mailer.queue(tx, passwordChangedMail(user, 'reset'));
        return 'ok' as const;
      });
      app.mailer.wake();
      // ACC-02: every session before the reset ends, its open sockets included, once it is committed.
      if (outcome === 'ok') await app.sessions.invalidate(user.id);
      // The wrong try is committed before the refusal, so it counts even though we answer 401.
      if (outcome !== 'ok') throw new Unauthorized(apiMsg.resetInvalidCode);
    },
  };
}
