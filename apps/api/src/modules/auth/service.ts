import {
  AUTH_MESSAGES,
  isReservedUsername,
  type SignupBody,
  type TokenResponse,
} from '@storyloom/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/index.js';
import type { UserRow } from '../../db/types.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { AppError, conflict, invalidField, unauthorized } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { Mailer } from '../../lib/mailer.js';
import { nowIso } from '../../lib/time.js';
import {
  bumpTokenVersion,
  findUserByEmail,
  findUserById,
  findUserByUsername,
  insertUser,
  updateUser,
} from '../users/repo.js';
import { consumeEmailToken, issueEmailToken } from './email-tokens.js';
import { hashPassword, verifyPassword } from './passwords.js';
import type { TokenService } from './tokens.js';

export interface AuthDeps {
  config: Config;
  db: Db;
  tokens: TokenService;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

/** A hash to verify against when the email is unknown, so both paths take the same time. */
let dummyHash: Promise<string> | undefined;

export function createAuthService({ config, db, tokens, mailer, log }: AuthDeps) {
  const k = db.kysely;

  function session(
    user: Pick<UserRow, 'id' | 'token_version'>,
    withRefresh = false,
  ): TokenResponse {
    const access_token = tokens.sign('access', user.id, user.token_version);
    return withRefresh
      ? {
          access_token,
          token_type: 'bearer',
          refresh_token: tokens.sign('refresh', user.id, user.token_version),
        }
      : { access_token, token_type: 'bearer' };
  }

  /** Mail is sent after the data is committed; a mail failure is logged, never a lost sign-up. */
  async function sendSafely(send: () => Promise<void>) {
    try {
      await send();
    } catch (error) {
      log.error({ err: error }, 'sending mail failed');
    }
  }

  async function sendVerification(user: UserRow) {
    const token = await issueEmailToken(k, user.id, 'verify_email');
    const link = `${config.publicUrl}/auth/verify-email?token=${token}`;
    await sendSafely(() =>
      mailer.send({
        to: user.email,
        subject: 'Verify your Storyloom email',
        text: `Hi ${user.username},\n\nWelcome to Storyloom! Confirm your email address by opening this link:\n\n${link}\n\nThe link works once and expires in 24 hours. If you did not sign up, ignore this message.\n`,
        link,
      }),
    );
  }

  return {
    session,

    async signup(input: SignupBody): Promise<UserRow> {
      const email = input.email.toLowerCase();
      if (isReservedUsername(input.username) || (await findUserByUsername(k, input.username)))
        throw conflict('username', AUTH_MESSAGES.usernameTaken);
      if (await findUserByEmail(k, email)) throw conflict('email', AUTH_MESSAGES.emailTaken);
      const passwordHash = await hashPassword(input.password);
      const now = nowIso();
      let user: UserRow;
      try {
        user = await insertUser(k, {
          id: newId(),
          username: input.username,
          email,
          password_hash: passwordHash,
          created_at: now,
          updated_at: now,
        });
      } catch (error) {
        // Two sign-ups racing for the same name: the database decides.
        if (isUniqueViolation(error, 'email')) throw conflict('email', AUTH_MESSAGES.emailTaken);
        if (isUniqueViolation(error)) throw conflict('username', AUTH_MESSAGES.usernameTaken);
        throw error;
      }
      await sendVerification(user);
      return user;
    },

    /** One generic answer for a wrong email or password: no account enumeration. */
    async login(emailInput: string, password: string): Promise<TokenResponse> {
      const user = await findUserByEmail(k, emailInput.toLowerCase());
      if (!user) {
        dummyHash ??= hashPassword('not-a-real-password');
        await verifyPassword(await dummyHash, password);
        throw unauthorized(AUTH_MESSAGES.badCredentials);
      }
      if (!user.password_hash) {
        throw new AppError(400, 'invalid_input', AUTH_MESSAGES.googleOnly, {
          username: AUTH_MESSAGES.googleOnly,
        });
      }
      if (!(await verifyPassword(user.password_hash, password)))
        throw unauthorized(AUTH_MESSAGES.badCredentials);
      return session(user);
    },

    async refresh(refreshToken: string): Promise<TokenResponse> {
      const claims = tokens.verify(refreshToken, 'refresh');
      const user = claims ? await findUserById(k, claims.sub) : undefined;
      if (!claims || !user || user.token_version !== claims.ver)
        throw unauthorized(AUTH_MESSAGES.refreshInvalid);
      return session(user, true);
    },

    async verifyEmail(token: string): Promise<void> {
      const userId = await k.transaction().execute(async (trx) => {
        const id = await consumeEmailToken(trx, token, 'verify_email');
        if (id) await updateUser(trx, id, { email_verified_at: nowIso() });
        return id;
      });
      if (!userId) throw invalidField('token', AUTH_MESSAGES.verificationFailed);
    },

    async resendVerification(user: UserRow): Promise<void> {
      if (user.email_verified_at) return;
      await sendVerification(user);
    },

    /** Answers the same whether or not the email has an account. */
    async forgotPassword(emailInput: string): Promise<void> {
      const user = await findUserByEmail(k, emailInput.toLowerCase());
      if (!user) return;
      const token = await issueEmailToken(k, user.id, 'reset_password');
      const link = `${config.publicUrl}/auth/reset-password?token=${token}`;
      await sendSafely(() =>
        mailer.send({
          to: user.email,
          subject: 'Reset your Storyloom password',
          text: `Hi ${user.username},\n\nSomeone asked to reset the password of your Storyloom account. To choose a new password, open:\n\n${link}\n\nThe link works once and expires in 1 hour. If it wasn't you, ignore this message; your password stays the same.\n`,
          link,
        }),
      );
    },

    /** Sets the new password, proves the email, and signs out every existing session. */
    async resetPassword(token: string, newPassword: string): Promise<void> {
      const passwordHash = await hashPassword(newPassword);
      const userId = await k.transaction().execute(async (trx) => {
        const id = await consumeEmailToken(trx, token, 'reset_password');
        if (!id) return null;
        const user = await findUserById(trx, id);
        await updateUser(trx, id, {
          password_hash: passwordHash,
          email_verified_at: user?.email_verified_at ?? nowIso(),
        });
        await bumpTokenVersion(trx, id);
        return id;
      });
      if (!userId) throw invalidField('token', AUTH_MESSAGES.resetInvalid);
    },

    /** Changes the password and revokes every other session; returns a fresh token for this one. */
    async changePassword(
      user: UserRow,
      oldPassword: string,
      newPassword: string,
    ): Promise<TokenResponse> {
      if (!user.password_hash) throw invalidField('old_password', AUTH_MESSAGES.noPasswordToChange);
      if (!(await verifyPassword(user.password_hash, oldPassword))) {
        throw invalidField('old_password', AUTH_MESSAGES.oldPasswordWrong);
      }
      const passwordHash = await hashPassword(newPassword);
      const version = await k.transaction().execute(async (trx) => {
        await updateUser(trx, user.id, { password_hash: passwordHash });
        return bumpTokenVersion(trx, user.id);
      });
      return session({ id: user.id, token_version: version });
    },

    async logoutEverywhere(user: UserRow): Promise<void> {
      await bumpTokenVersion(k, user.id);
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
