import { isReservedUsername } from '@storyloom/shared';
import type * as Oidc from 'openid-client';
import type { Config } from '../../config.js';
import type { Db } from '../../db/index.js';
import type { UserRow } from '../../db/types.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { newId } from '../../lib/ids.js';
import { nowIso } from '../../lib/time.js';
import { endAccess } from '../sessions/end-access.js';
import {
  findUserByEmail,
  findUserByGoogleSub,
  findUserByUsername,
  insertUser,
  updateUser,
} from '../users/repo.js';

/** What the login step keeps (in a signed cookie) for the callback to check. */
export interface PendingLogin {
  state: string;
  nonce: string;
  verifier: string;
}

export interface GoogleIdentity {
  sub: string;
  email?: string;
  emailVerified: boolean;
  name?: string;
}

/** The OpenID client is loaded at the first Google sign-in, not with the server (memory). */
const loadOidc = () => import('openid-client');

/**
 * Google sign-in as an OpenID Connect authorization-code flow with PKCE, state and nonce.
 * The issuer comes from GOOGLE_ISSUER, so tests run the whole flow against a local provider.
 */
export function createGoogleSignIn(config: Config) {
  const google = config.google;
  if (!google) return null;
  const redirectUri = `${config.publicUrl}/api/auth/google/callback`;
  let discovered: Promise<Oidc.Configuration> | undefined;

  function configuration(oidc: typeof Oidc): Promise<Oidc.Configuration> {
    discovered ??= oidc
      .discovery(
        new URL(google!.issuer),
        google!.clientId,
        google!.clientSecret,
        undefined,
        new URL(google!.issuer).protocol === 'http:'
          ? { execute: [oidc.allowInsecureRequests] }
          : undefined,
      )
      .catch((error) => {
        discovered = undefined; // try discovery again on the next sign-in
        throw error;
      });
    return discovered;
  }

  return {
    async start(): Promise<{ url: string; pending: PendingLogin }> {
      const oidc = await loadOidc();
      const pending: PendingLogin = {
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        verifier: oidc.randomPKCECodeVerifier(),
      };
      const url = oidc.buildAuthorizationUrl(await configuration(oidc), {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        code_challenge: await oidc.calculatePKCECodeChallenge(pending.verifier),
        code_challenge_method: 'S256',
        state: pending.state,
        nonce: pending.nonce,
      });
      return { url: url.toString(), pending };
    },

    async finish(callbackUrl: URL, pending: PendingLogin): Promise<GoogleIdentity> {
      const oidc = await loadOidc();
      const tokens = await oidc.authorizationCodeGrant(await configuration(oidc), callbackUrl, {
        pkceCodeVerifier: pending.verifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims?.sub) throw new Error('the provider returned no subject');
      return {
        sub: claims.sub,
        email: typeof claims.email === 'string' ? claims.email.toLowerCase() : undefined,
        emailVerified: claims.email_verified === true,
        name: typeof claims.name === 'string' ? claims.name : undefined,
      };
    },
  };
}
export type GoogleSignIn = NonNullable<ReturnType<typeof createGoogleSignIn>>;

/**
 * A username in the product's pattern, derived from the identity and made unique; like a
 * sign-up, never a reserved name (each candidate is checked, not only the first).
 */
async function freeUsername(db: Db, identity: GoogleIdentity): Promise<string> {
  const source = identity.email?.split('@')[0] ?? identity.name ?? 'reader';
  let base = source.replace(/[^A-Za-z0-9_-]+/g, '').slice(0, 24);
  if (base.length < 3) base = `reader${base}`;
  const isFree = async (name: string) =>
    !isReservedUsername(name) && !(await findUserByUsername(db.kysely, name));
  if (await isFree(base)) return base;
  for (let attempt = 0; attempt < 20; attempt++) {
    const candidate = `${base}${Math.floor(1000 + Math.random() * 9000)}`;
    if (await isFree(candidate)) return candidate;
  }
  return `${base.slice(0, 16)}-${newId().slice(-8)}`;
}

/**
 * The user for a Google identity: the one already linked, else the account with the same
 * Google-verified email (now linked), else a new account without a password.
 *
 * An account whose email its holder never verified may have been opened by someone else with
 * that address (to be there first when the real owner arrives). Google has now proved who holds
 * the address, so the account becomes theirs alone: its password is removed and every session
 * and older token ends before it is linked (docs/decisions/016-accounts-and-sessions.md).
 */
export async function userForGoogleIdentity(db: Db, identity: GoogleIdentity): Promise<UserRow> {
  const linked = await findUserByGoogleSub(db.kysely, identity.sub);
  if (linked) return linked;
  if (identity.email && identity.emailVerified) {
    const email = identity.email;
    const claimed = await db.kysely.transaction().execute(async (trx) => {
      const byEmail = await findUserByEmail(trx, email);
      if (!byEmail) return false;
      if (byEmail.email_verified_at === null) {
        await updateUser(trx, byEmail.id, { password_hash: null });
        await endAccess(trx, byEmail.id, 'claimed_by_google');
      }
      await updateUser(trx, byEmail.id, {
        google_sub: identity.sub,
        email_verified_at: byEmail.email_verified_at ?? nowIso(),
      });
      return true;
    });
    if (claimed) return (await findUserByGoogleSub(db.kysely, identity.sub))!;
  }
  if (!identity.email) throw new Error('the Google account shared no email address');
  if (await findUserByEmail(db.kysely, identity.email)) {
    throw new Error('an account with this email exists and the provider did not verify the email');
  }
  const now = nowIso();
  for (let attempt = 0; ; attempt++) {
    try {
      return await insertUser(db.kysely, {
        id: newId(),
        username: await freeUsername(db, identity),
        email: identity.email,
        google_sub: identity.sub,
        email_verified_at: identity.emailVerified ? now : null,
        created_at: now,
        updated_at: now,
      });
    } catch (error) {
      if (attempt < 3 && isUniqueViolation(error)) continue;
      throw error;
    }
  }
}
