import { createSigner } from 'fast-jwt';
import type { Config } from '../config.js';
import type { Db } from '../db/index.js';
import type { NewUser, UserRow } from '../db/types.js';
import { newId } from '../lib/ids.js';
import { hashToken, randomToken } from '../lib/secrets.js';
import { hashPassword } from '../modules/auth/passwords.js';
import { createTokenService } from '../modules/auth/tokens.js';
import { insertLoginCode, insertRefreshToken, insertSession } from '../modules/sessions/repo.js';
import { insertUser } from '../modules/users/repo.js';

let counter = 0;
let cachedHash: Promise<string> | undefined;
export const TEST_PASSWORD = 'correct-horse-9';

/** Starts a session for `userId` directly, as a password sign-in would; its id. */
export async function createSession(db: Db, userId: string, device = 'Test browser') {
  const id = newId();
  await insertSession(db.kysely, {
    id,
    user_id: userId,
    method: 'password',
    device,
    user_agent: device,
    network: '127.0.0.0/24',
    created_at: new Date().toISOString(),
  });
  return id;
}

/** A refresh token of a session, as Google sign-in hands them out. */
export async function createRefreshToken(db: Db, sessionId: string): Promise<string> {
  const token = randomToken();
  await insertRefreshToken(db.kysely, sessionId, hashToken(token), new Date().toISOString());
  return token;
}

/** A one-time login code of a session, as Google sign-in hands them out. */
export async function createLoginCode(db: Db, sessionId: string): Promise<string> {
  const code = randomToken();
  const expires = new Date(Date.now() + 60_000).toISOString();
  await insertLoginCode(db.kysely, sessionId, hashToken(code), expires);
  return code;
}

/**
 * Inserts a user directly (no sign-up round trip) and returns it with a session and a valid
 * access token for it.
 */
export async function createUser(
  db: Db,
  config: Config,
  overrides: Partial<NewUser> = {},
): Promise<{
  user: UserRow;
  sessionId: string;
  token: string;
  auth: { authorization: string };
}> {
  counter += 1;
  cachedHash ??= hashPassword(TEST_PASSWORD);
  const now = new Date().toISOString();
  const name = overrides.username ?? `user${counter}_${newId().slice(-6)}`;
  const user = await insertUser(db.kysely, {
    id: newId(),
    username: name,
    email: `${name.toLowerCase()}@example.com`,
    password_hash: await cachedHash,
    email_verified_at: now,
    created_at: now,
    updated_at: now,
    ...overrides,
  });
  const sessionId = await createSession(db, user.id);
  const token = createTokenService(config.jwtSecret).sign(user.id, sessionId);
  return { user, sessionId, token, auth: { authorization: `Bearer ${token}` } };
}

/**
 * A token as the API signed them before sessions existed ({sub, ver, typ}), or with any other
 * claims: for the tests of what is still honoured and what is refused.
 */
export function signRawToken(secret: string, claims: Record<string, unknown>): string {
  return createSigner({ key: secret, algorithm: 'HS256', iss: 'storyloom', expiresIn: 3_600_000 })(
    claims,
  );
}
