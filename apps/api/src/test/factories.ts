import type { Config } from '../config.js';
import type { Db } from '../db/index.js';
import type { NewUser, UserRow } from '../db/types.js';
import { newId } from '../lib/ids.js';
import { hashPassword } from '../modules/auth/passwords.js';
import { createTokenService } from '../modules/auth/tokens.js';
import { insertUser } from '../modules/users/repo.js';

let counter = 0;
let cachedHash: Promise<string> | undefined;
export const TEST_PASSWORD = 'correct-horse-9';

/** Inserts a user directly (no sign-up round trip) and returns it with a valid access token. */
export async function createUser(
  db: Db,
  config: Config,
  overrides: Partial<NewUser> = {},
): Promise<{ user: UserRow; token: string; auth: { authorization: string } }> {
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
  const token = createTokenService(config.jwtSecret).sign('access', user.id, user.token_version);
  return { user, token, auth: { authorization: `Bearer ${token}` } };
}
