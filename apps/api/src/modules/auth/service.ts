import {
  AUTH_MESSAGES,
  isReservedUsername,
  type SignupBody,
  type TokenResponse,
} from '@storyloom/shared';
import type { Transaction } from 'kysely';
import type { Config } from '../../config.js';
import type { Db } from '../../db/index.js';
import type { ActiveSession, Database, UserRow } from '../../db/types.js';
import type { MailQueue } from '../../jobs/mail.js';
import { enqueue } from '../../jobs/queue.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import {
  AppError,
  conflict,
  invalidField,
  tooManyRequests,
  unauthorized,
} from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { nowIso } from '../../lib/time.js';
import { endAccess } from '../sessions/end-access.js';
import type { SessionService, SignIn } from '../sessions/service.js';
import {
  findUserByEmail,
  findUserById,
  findUserByUsername,
  insertUser,
  updateUser,
} from '../users/repo.js';
import { consumeEmailToken, issueEmailToken } from './email-tokens.js';
import type { LoginThrottle } from './login-throttle.js';
import { verificationMail } from './mails.js';
import { hashPassword, verifyPassword } from './passwords.js';

export interface AuthDeps {
  config: Config;
  db: Db;
  sessions: SessionService;
  throttle: LoginThrottle;
  /** Account mail goes through the job queue, in the transaction of what it is about. */
  mail: MailQueue;
  /** Wakes the worker once a job committed (the reset request's job). */
  jobs: { poke(): void };
}

const bearer = (access_token: string): TokenResponse => ({ access_token, token_type: 'bearer' });

export function createAuthService({ config, db, sessions, throttle, mail, jobs }: AuthDeps) {
  const k = db.kysely;
  /** A hash to verify against when the email is unknown, so both paths take the same time. */
  let dummyHash: Promise<string> | undefined;

  /** Issues a verification link and queues its mail, in the caller's transaction. */
  async function queueVerification(trx: Transaction<Database>, user: UserRow) {
    const token = await issueEmailToken(trx, user.id, 'verify_email');
    await mail.send(verificationMail(config.publicUrl, user, token), trx);
  }

  return {
    async signup(input: SignupBody): Promise<UserRow> {
      const email = input.email.toLowerCase();
      if (isReservedUsername(input.username) || (await findUserByUsername(k, input.username)))
        throw conflict('username', AUTH_MESSAGES.usernameTaken);
      if (await findUserByEmail(k, email)) throw conflict('email', AUTH_MESSAGES.emailTaken);
      const passwordHash = await hashPassword(input.password);
      const now = nowIso();
      try {
        // The account and its verification mail commit together, or neither does.
        return await k.transaction().execute(async (trx) => {
          const user = await insertUser(trx, {
            id: newId(),
            username: input.username,
            email,
            password_hash: passwordHash,
            created_at: now,
            updated_at: now,
          });
          await queueVerification(trx, user);
          return user;
        });
      } catch (error) {
        // Two sign-ups racing for the same name: the database decides.
        if (isUniqueViolation(error, 'email')) throw conflict('email', AUTH_MESSAGES.emailTaken);
        if (isUniqueViolation(error)) throw conflict('username', AUTH_MESSAGES.usernameTaken);
        throw error;
      }
    },

    /**
     * Password sign-in; one generic answer for a wrong email or password (no account
     * enumeration), slowed per account and address by the login throttle.
     */
    async login(emailInput: string, password: string, from: Omit<SignIn, 'method'>) {
      const email = emailInput.toLowerCase();
      const address = from.address ?? '';
      const user = await findUserByEmail(k, email);
      const usual = user ? await sessions.knownNetwork(user.id, address) : false;
      const wait = throttle.waitMs(email, address, usual);
      if (wait > 0) throw tooManyRequests(wait / 1000);
      if (!user?.password_hash) {
        dummyHash ??= hashPassword('not-a-real-password');
        await verifyPassword(await dummyHash, password);
        if (!user) {
          throttle.failed(email, address, usual);
          throw unauthorized(AUTH_MESSAGES.badCredentials);
        }
        throw new AppError(400, 'invalid_input', AUTH_MESSAGES.googleOnly, {
          username: AUTH_MESSAGES.googleOnly,
        });
      }
      if (!(await verifyPassword(user.password_hash, password))) {
        throttle.failed(email, address, usual);
        throw unauthorized(AUTH_MESSAGES.badCredentials);
      }
      throttle.succeeded(email, address);
      const { token } = await sessions.start(user, { ...from, method: 'password' });
      return bearer(token);
    },

    /** Rotates a refresh token (a replayed one ends its session). */
    async refresh(refreshToken: string): Promise<TokenResponse> {
      const tokens = await sessions.refresh(refreshToken);
      if (!tokens) throw unauthorized(AUTH_MESSAGES.refreshInvalid);
      return tokens;
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
      await k.transaction().execute((trx) => queueVerification(trx, user));
    },

    /**
     * Queues the request and answers: the account is looked up, and its link issued and
     * mailed, by the worker (auth/password-reset-job.ts), so the answer takes the same time
     * and does the same work whether or not the email has an account.
     */
    async forgotPassword(emailInput: string): Promise<void> {
      await enqueue(k, { kind: 'password-reset', payload: { email: emailInput.toLowerCase() } });
      jobs.poke();
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
        await endAccess(trx, id, 'password_reset');
        return id;
      });
      if (!userId) throw invalidField('token', AUTH_MESSAGES.resetInvalid);
    },

    /**
     * Changes the password and ends every other session. The session that changed it goes on
     * with the token it has; the answer carries a token for it as well, for clients that swap.
     */
    async changePassword(
      user: UserRow,
      current: ActiveSession | null,
      from: Omit<SignIn, 'method'>,
      oldPassword: string,
      newPassword: string,
    ): Promise<TokenResponse> {
      if (!user.password_hash) throw invalidField('old_password', AUTH_MESSAGES.noPasswordToChange);
      if (!(await verifyPassword(user.password_hash, oldPassword))) {
        throw invalidField('old_password', AUTH_MESSAGES.oldPasswordWrong);
      }
      const passwordHash = await hashPassword(newPassword);
      await k.transaction().execute(async (trx) => {
        await updateUser(trx, user.id, { password_hash: passwordHash });
        await endAccess(trx, user.id, 'password_changed', current?.id);
      });
      if (current) return bearer(sessions.tokenFor(user.id, current.id));
      // A token from before sessions: it has just been revoked, so this device gets a session.
      const reloaded = await findUserById(k, user.id);
      if (!reloaded) throw unauthorized();
      return bearer((await sessions.start(reloaded, { ...from, method: 'password' })).token);
    },

    /** Sign Out of All Devices: every session ends, the caller's own included. */
    async logoutEverywhere(user: UserRow): Promise<void> {
      await k.transaction().execute((trx) => endAccess(trx, user.id, 'signed_out_everywhere'));
    },

    /** Sign Out: the caller's session ends. */
    async logout(user: UserRow, current: ActiveSession | null): Promise<void> {
      if (current) await sessions.end(user.id, current.id, 'signed_out');
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
