import { LIMITS } from '@storyloom/shared';
import type { Insertable } from 'kysely';
import type { Database } from '../db/types.js';
import { newId } from '../lib/ids.js';
import { DEMO_USER, iso, MINUTE, type SeedPlan, STREAM } from './plan.js';
import { Rng } from './random.js';
import { BIOS, FIRST_NAMES, HANDLE_WORDS, LAST_NAMES } from './words.js';

export const DEMO_ACCOUNT = {
  username: 'demo',
  email: 'demo@storyloom.local',
  password: 'storyloom-demo',
} as const;

/** Every seeded user signs in with this password. */
export const DEMO_PASSWORD = DEMO_ACCOUNT.password;

const lower = (s: string) => s.toLowerCase();

function candidateUsername(rng: Rng): string {
  const first = rng.pick(FIRST_NAMES);
  const last = rng.pick(LAST_NAMES);
  const word = rng.pick(HANDLE_WORDS);
  switch (rng.int(0, 5)) {
    case 0:
      return `${first}${last}`;
    case 1:
      return `${lower(first)}_${word}`;
    case 2:
      return `${word}${rng.pick(HANDLE_WORDS)}`;
    case 3:
      return `${first}${rng.int(1, 2024)}`;
    case 4:
      return `${word}_${rng.pick(HANDLE_WORDS)}${rng.int(1, 99)}`;
    default:
      return `${lower(first)}-${lower(last)}`;
  }
}

/** Usernames unique case-insensitively, allocated in user order so they are deterministic. */
export class UsernameAllocator {
  private readonly taken = new Set<string>();

  take(base: string): string {
    let name = base.slice(0, LIMITS.usernameMax);
    for (let n = 2; this.taken.has(lower(name)); n++) {
      const suffix = String(n);
      name = base.slice(0, LIMITS.usernameMax - suffix.length) + suffix;
    }
    this.taken.add(lower(name));
    return name;
  }
}

export function userRow(
  plan: SeedPlan,
  u: number,
  id: string,
  names: UsernameAllocator,
  passwordHash: string,
  /** Decided before the row: follow counters and whether saved settings hide the profile. */
  derived: { followers: number; following: number; profilePublic: boolean },
): Insertable<Database['users']> {
  const rng = Rng.for(plan.seed, STREAM.profile, u);
  const demo = plan.demoAccount && u === DEMO_USER;
  const username = names.take(demo ? DEMO_ACCOUNT.username : candidateUsername(rng));
  const created = plan.userCreated[u]!;
  const bio = demo
    ? 'The demo account. Have a look around, then write something of your own.'
    : rng.chance(0.6)
      ? rng.pick(BIOS)
      : null;
  const updated = created + rng.next() * (plan.now - created - MINUTE);
  return {
    id,
    username,
    email: demo ? DEMO_ACCOUNT.email : `${lower(username)}@example.com`,
    password_hash: passwordHash,
    google_sub: null,
    email_verified_at: iso(created + 5 * MINUTE),
    token_version: 0,
    bio,
    profile_pic: null,
    followers_count: derived.followers,
    following_count: derived.following,
    stories_count: plan.publicStories[u]!,
    profile_public: derived.profilePublic ? 1 : 0,
    // The demo account can open /admin too (docs/decisions/025-moderation.md); no one else.
    role: demo ? 'admin' : null,
    created_at: iso(created),
    updated_at: iso(Math.max(created, updated)),
  };
}

/**
 * Whom user `u` follows: mostly authors of public stories (so prolific authors gather
 * followers), some anyone. No self-follows, no duplicates; the same list on every call.
 */
export function followsOf(plan: SeedPlan, u: number): { followee: number; at: number }[] {
  const others = plan.users - 1;
  if (others <= 0) return [];
  const rng = Rng.for(plan.seed, STREAM.follow, u);
  const demo = plan.demoAccount && u === DEMO_USER;
  let count = 0;
  if (demo) count = Math.min(others, 10);
  else if (!rng.chance(0.15)) count = Math.floor(rng.logUniform(1, Math.min(others, 60) + 1));
  const chosen = new Set<number>();
  const out: { followee: number; at: number }[] = [];
  for (let attempt = 0; out.length < count && attempt < count * 6 + 10; attempt++) {
    let v: number;
    const story = rng.int(0, plan.stories - 1);
    if (plan.stories > 0 && rng.chance(0.7) && plan.isPublic[story]) v = plan.authorOf[story]!;
    else v = rng.int(0, plan.users - 1);
    if (v === u || chosen.has(v)) continue;
    chosen.add(v);
    const from = Math.max(plan.userCreated[u]!, plan.userCreated[v]!);
    out.push({ followee: v, at: from + rng.next() * (plan.now - from - MINUTE) });
  }
  return out;
}

const THEMES = ['light', 'dark', 'system'] as const;
const FONT_SIZES = ['small', 'medium', 'large'] as const;

/**
 * A few users saved settings: a small JSON of the fields they changed, and whether that leaves
 * their profile visible to everyone (users.profile_public, which the settings service keeps).
 */
export function settingsRow(
  plan: SeedPlan,
  u: number,
  userId: string,
): { row: Insertable<Database['user_settings']>; profilePublic: boolean } | null {
  const rng = Rng.for(plan.seed, STREAM.settings, u);
  const demo = plan.demoAccount && u === DEMO_USER;
  if (!demo && !rng.chance(0.05)) return null;
  const settings = {
    profileVisibility: rng.chance(0.85) || demo ? 'public' : 'private',
    theme: rng.pick(THEMES),
    fontSize: rng.pick(FONT_SIZES),
    notifyWeeklyDigest: rng.chance(0.4),
  };
  const from = plan.userCreated[u]!;
  return {
    row: {
      user_id: userId,
      settings: JSON.stringify(settings),
      updated_at: iso(from + rng.next() * (plan.now - from - MINUTE)),
    },
    profilePublic: settings.profileVisibility === 'public',
  };
}

const DEVICES = [
  'Chrome on Windows',
  'Chrome on Android',
  'Safari on iOS',
  'Safari on macOS',
  'Firefox on Linux',
  'Firefox on Windows',
  'Edge on Windows',
  'Samsung Internet for Android on Android',
] as const;
const DAY_MS = 24 * 3600 * 1000;
/** The default auto-logout: a session unused this long has ended. */
const IDLE_MS = 30 * DAY_MS;

/**
 * A user's sign-ins over the last 90 days: most users have one to three devices, each on a
 * network of its own; some signed out, some went idle past the auto-logout, the rest are live.
 */
export function sessionRows(
  plan: SeedPlan,
  u: number,
  userId: string,
): Insertable<Database['sessions']>[] {
  const rng = Rng.for(plan.seed, STREAM.sessions, u);
  const demo = plan.demoAccount && u === DEMO_USER;
  if (demo || rng.chance(0.3)) return [];
  const since = Math.max(plan.userCreated[u]!, plan.now - 90 * DAY_MS);
  const rows: Insertable<Database['sessions']>[] = [];
  for (let i = rng.int(1, 3); i > 0; i--) {
    const created = since + rng.next() * (plan.now - since - MINUTE);
    const lastUsed = created + rng.next() ** 2 * (plan.now - created - MINUTE);
    const signedOut = rng.chance(0.2);
    const idle = !signedOut && plan.now - lastUsed > IDLE_MS;
    const device = rng.pick(DEVICES);
    rows.push({
      id: newId(),
      user_id: userId,
      method: rng.chance(0.1) ? 'google' : 'password',
      device,
      user_agent: device,
      network: `${rng.int(1, 223)}.${rng.int(0, 255)}.${rng.int(0, 255)}.0/24`,
      created_at: iso(created),
      last_used_at: iso(lastUsed),
      ended_at: signedOut ? iso(lastUsed) : idle ? iso(lastUsed + IDLE_MS) : null,
      end_reason: signedOut ? 'signed_out' : idle ? 'idle' : null,
    });
  }
  return rows;
}

export const newUserIds = (count: number): string[] => Array.from({ length: count }, newId);
