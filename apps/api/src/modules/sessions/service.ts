import {
  resolveSettings,
  SESSION_TIMEOUTS,
  type SessionView,
  type TokenResponse,
} from '@storyloom/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/index.js';
import type { ActiveSession, SessionRow, UserRow } from '../../db/types.js';
import type { MailQueue } from '../../jobs/mail.js';
import { isUuid, newId } from '../../lib/ids.js';
import { hashToken, randomToken } from '../../lib/secrets.js';
import { nowIso } from '../../lib/time.js';
import { loginAlertMail } from '../auth/mails.js';
import type { AccessClaims, TokenService } from '../auth/tokens.js';
import { assertNotSuspended, isSuspended } from '../moderation/policy.js';
import { findUserById } from '../users/repo.js';
import { findSettings } from '../users/settings-repo.js';
import { clipUserAgent, describeDevice, networkOf } from './device.js';
import {
  consumeLoginCode,
  deviceHistory,
  endSession,
  endSessionsOfUser,
  findLiveSession,
  findRefreshToken,
  insertLoginCode,
  insertRefreshToken,
  insertSession,
  liveSessionsOf,
  touchSession,
  usedNetwork,
  useRefreshToken,
} from './repo.js';

const DAY_MS = 24 * 3600 * 1000;
/** The shortest auto-logout a user can choose. */
const SHORTEST_IDLE_LIMIT_MS = Math.min(...SESSION_TIMEOUTS) * DAY_MS;
/** `last_used_at` is written at most this often per session. */
const TOUCH_EVERY_MS = 60_000;
/** How long Google sign-in's one-time code may wait to be traded for tokens. */
const LOGIN_CODE_TTL_MS = 2 * 60_000;

/** Where a sign-in comes from: how, and the request's User-Agent and address. */
export interface SignIn {
  method: SessionRow['method'];
  userAgent?: string | undefined;
  address?: string | undefined;
}

/** Who a valid access token stands for; `session` is null for a token from before sessions. */
export interface Caller {
  user: UserRow;
  session: ActiveSession | null;
}

export interface SessionServiceDeps {
  config: Pick<Config, 'publicUrl'>;
  db: Db;
  tokens: TokenService;
  /** Login alerts go out through the job queue. */
  mail: MailQueue;
  log: FastifyBaseLogger;
}

/**
 * Sessions (docs/decisions/016-accounts-and-sessions.md): one per sign-in, named by every token
 * it hands out and checked on every request, so ending one takes effect at once. A session left
 * unused longer than its user's auto-logout ends on its next use.
 */
export function createSessionService({ config, db, tokens, mail, log }: SessionServiceDeps) {
  const k = db.kysely;

  /** How long a session may go unused: the user's auto-logout choice. */
  const idleLimitMs = (settings: unknown) => resolveSettings(settings).sessionTimeout * DAY_MS;
  const isIdle = (session: ActiveSession, settings: unknown, now = Date.now()) =>
    now - Date.parse(session.last_used_at) > idleLimitMs(settings);

  /**
   * Whether a live session has been unused past its user's auto-logout. A session used within
   * the shortest choice (the common case) is not, whatever the setting: the settings are only
   * read for the rest.
   */
  async function hasGoneIdle(session: ActiveSession, userId: string, now: number) {
    if (now - Date.parse(session.last_used_at) <= SHORTEST_IDLE_LIMIT_MS) return false;
    return isIdle(session, await findSettings(k, userId), now);
  }

  async function newRefreshToken(sessionId: string): Promise<string> {
    const token = randomToken();
    await insertRefreshToken(k, sessionId, hashToken(token), nowIso());
    return token;
  }

  /** Tells the user about a sign-in from a device their account has not used before. */
  async function alertIfNewDevice(user: UserRow, session: SessionRow, settings: unknown) {
    if (!resolveSettings(settings).loginAlerts) return;
    const history = await deviceHistory(k, user.id, session.device, session.id);
    if (!history.signedInBefore || history.knownDevice) return;
    await mail.send(
      loginAlertMail(config.publicUrl, user, {
        device: session.device,
        network: session.network,
        at: session.created_at,
      }),
    );
  }

  return {
    /** Starts a session for a successful sign-in and hands out its access token. */
    async start(user: UserRow, signIn: SignIn): Promise<{ session: SessionRow; token: string }> {
      // A suspended account cannot sign in, by any method (docs/decisions/025-moderation.md).
      assertNotSuspended(user);
      const now = nowIso();
      const session: SessionRow = {
        id: newId(),
        user_id: user.id,
        method: signIn.method,
        device: describeDevice(signIn.userAgent),
        user_agent: clipUserAgent(signIn.userAgent),
        network: networkOf(signIn.address),
        created_at: now,
        last_used_at: now,
        ended_at: null,
        end_reason: null,
      };
      await insertSession(k, session);
      await alertIfNewDevice(user, session, await findSettings(k, user.id));
      return { session, token: tokens.sign(user.id, session.id) };
    },

    /**
     * The caller an access token stands for, or null (a 401): the session must be live and not
     * idle past the user's auto-logout. Tokens from before sessions are checked by version.
     */
    async authenticate(claims: AccessClaims): Promise<Caller | null> {
      if (!('sid' in claims)) {
        const user = await findUserById(k, claims.sub);
        return user && user.token_version === claims.ver && !isSuspended(user)
          ? { user, session: null }
          : null;
      }
      const found = await findLiveSession(k, claims.sid);
      if (!found || found.user.id !== claims.sub || isSuspended(found.user)) return null;
      const now = Date.now();
      if (await hasGoneIdle(found.session, found.user.id, now)) {
        await endSession(k, found.session.id, 'idle', nowIso());
        return null;
      }
      if (now - Date.parse(found.session.last_used_at) > TOUCH_EVERY_MS) {
        const at = new Date(now).toISOString();
        await touchSession(k, found.session.id, at);
        found.session.last_used_at = at;
      }
      return { user: found.user, session: found.session };
    },

    /**
     * Trades a refresh token for new tokens of the same session; the old one stops working.
     * A refresh token presented a second time was stolen or replayed: its session ends.
     */
    async refresh(refreshToken: string): Promise<TokenResponse | null> {
      const hash = hashToken(refreshToken);
      const row = await findRefreshToken(k, hash);
      if (!row) return null;
      const now = nowIso();
      if (row.used_at !== null || !(await useRefreshToken(k, hash, now))) {
        await endSession(k, row.session_id, 'refresh_reuse', now);
        log.warn({ session: row.session_id }, 'a used refresh token was presented again');
        return null;
      }
      const found = await findLiveSession(k, row.session_id);
      if (!found) return null;
      if (await hasGoneIdle(found.session, found.user.id, Date.now())) {
        await endSession(k, found.session.id, 'idle', now);
        return null;
      }
      await touchSession(k, found.session.id, now);
      return {
        access_token: tokens.sign(found.user.id, found.session.id),
        token_type: 'bearer',
        refresh_token: await newRefreshToken(found.session.id),
      };
    },

    /** Another access token for a live session (the same session, the same lifetime rules). */
    tokenFor: (userId: string, sessionId: string): string => tokens.sign(userId, sessionId),

    /** A one-time code the browser trades for this session's tokens (Google sign-in). */
    async issueLoginCode(sessionId: string): Promise<string> {
      const code = randomToken();
      const expires = new Date(Date.now() + LOGIN_CODE_TTL_MS).toISOString();
      await insertLoginCode(k, sessionId, hashToken(code), expires);
      return code;
    },

    /** The session's tokens for a login code; null when it is unknown, used or expired. */
    async exchangeLoginCode(code: string): Promise<TokenResponse | null> {
      const sessionId = await consumeLoginCode(k, hashToken(code), nowIso());
      const found = sessionId ? await findLiveSession(k, sessionId) : undefined;
      if (!found) return null;
      return {
        access_token: tokens.sign(found.user.id, found.session.id),
        token_type: 'bearer',
        refresh_token: await newRefreshToken(found.session.id),
      };
    },

    /** Ends one of the user's sessions; false when it is not theirs or already over. */
    async end(userId: string, sessionId: string, reason: string): Promise<boolean> {
      if (!isUuid(sessionId)) return false;
      const found = await findLiveSession(k, sessionId);
      if (!found || found.user.id !== userId) return false;
      return endSession(k, sessionId, reason, nowIso());
    },

    /** Ends every session of the user, but `keep` when given. */
    endAll: (userId: string, reason: string, keep?: string) =>
      endSessionsOfUser(k, userId, reason, nowIso(), keep),

    /** The user's live sessions for Settings → Security, the caller's own marked. */
    async list(user: UserRow, currentId: string | undefined): Promise<SessionView[]> {
      const settings = await findSettings(k, user.id);
      return (await liveSessionsOf(k, user.id))
        .filter((session) => !isIdle(session, settings))
        .map((session) => ({
          id: session.id,
          device: session.device,
          network: session.network,
          method: session.method,
          created_at: session.created_at,
          last_used_at: session.last_used_at,
          current: session.id === currentId,
        }));
    },

    /** Whether the user has signed in from the address's network before (a usual place). */
    knownNetwork: (userId: string, address: string | undefined) =>
      usedNetwork(k, userId, networkOf(address)),
  };
}
export type SessionService = ReturnType<typeof createSessionService>;
