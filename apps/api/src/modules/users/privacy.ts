import { PEOPLE_MESSAGES, type ProfileVisibility, resolveSettings } from '@storyloom/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { forbidden } from '../../lib/errors.js';
import { followersAmong } from '../social/repo.js';
import { settingsOfMany } from './settings-repo.js';

/**
 * Who sees what of a user (the owner's privacy settings). Every response that shows a user
 * other than the caller asks here: profiles, follower lists, a user's story list, user cards
 * and the author summary in every story payload (its picture).
 *
 * - `public`: everyone sees the profile.
 * - `friends` ("Following Only"): the users the owner follows see it.
 * - `private`: nobody else does.
 * Hidden means only id and username leave the server. The email shows to others only when the
 * owner turned "show email" on and the profile is visible to them. The owner sees everything.
 */
type Viewer = { id: string } | null;

export interface ProfileAccess {
  /** The whole profile (bio, picture, counts, lists) is visible to the viewer. */
  full: boolean;
  /** The email is visible to the viewer. */
  email: boolean;
}

/**
 * The profile is visible to everyone, visitors included: its counts are public (the author
 * directory ranks by followers only then; users.profile_public mirrors this).
 */
export const visibleToEveryone = (settings: { profileVisibility: ProfileVisibility }): boolean =>
  settings.profileVisibility === 'public';

export function accessOf(
  viewer: Viewer,
  ownerId: string,
  settings: { profileVisibility: ProfileVisibility; showEmail: boolean },
  ownerFollowsViewer: boolean,
): ProfileAccess {
  if (viewer?.id === ownerId) return { full: true, email: true };
  const full =
    visibleToEveryone(settings) ||
    (settings.profileVisibility === 'friends' && viewer !== null && ownerFollowsViewer);
  return { full, email: full && settings.showEmail };
}

/** Access to many users in two queries (their settings, and which of them follow the viewer). */
export async function accessToMany(
  db: Kysely<Database>,
  viewer: Viewer,
  userIds: string[],
): Promise<Map<string, ProfileAccess>> {
  const stored = await settingsOfMany(db, userIds);
  return accessWithSettings(
    db,
    viewer,
    userIds.map((id) => ({ id, settings: stored.get(id) })),
  );
}

/**
 * Access to users whose stored settings were loaded with them (`parseStoredSettings` of their
 * user_settings, undefined without a row): at most one query, asking which of the 'friends'
 * users follow a signed-in viewer; none for a visitor.
 */
export async function accessWithSettings(
  db: Kysely<Database>,
  viewer: Viewer,
  users: { id: string; settings: unknown }[],
): Promise<Map<string, ProfileAccess>> {
  const settings = new Map(users.map((user) => [user.id, resolveSettings(user.settings)]));
  const followingOnly = viewer
    ? [...settings]
        .filter(([id, s]) => id !== viewer.id && s.profileVisibility === 'friends')
        .map(([id]) => id)
    : [];
  const followViewer = viewer
    ? await followersAmong(db, viewer.id, followingOnly)
    : new Set<string>();
  return new Map(
    [...settings].map(([id, s]) => [id, accessOf(viewer, id, s, followViewer.has(id))]),
  );
}

export async function accessTo(
  db: Kysely<Database>,
  viewer: Viewer,
  userId: string,
): Promise<ProfileAccess> {
  return (await accessToMany(db, viewer, [userId])).get(userId)!;
}

/** Lists that belong to a profile (its followers, following, stories) need the full profile. */
export async function assertSeesProfile(
  db: Kysely<Database>,
  viewer: Viewer,
  userId: string,
): Promise<void> {
  if (!(await accessTo(db, viewer, userId)).full) throw forbidden(PEOPLE_MESSAGES.profilePrivate);
}
