import {
  AUTH_MESSAGES,
  type Paged,
  type PageQuery,
  PEOPLE_MESSAGES,
  type Profile,
  RATINGS,
  type Story,
  type updateMeBody,
} from '@storyloom/shared';
import type { z } from 'zod';
import type { Db } from '../../db/index.js';
import type { ActiveSession, UserRow } from '../../db/types.js';
import { AppError, invalidField, notFound, unauthorized } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { offsetOf, pageOf } from '../../lib/pagination.js';
import { verifyPassword } from '../auth/passwords.js';
import type { CoverStore } from '../media/covers.js';
import { isSuspended } from '../moderation/policy.js';
import { hasRelation } from '../safety/repo.js';
import { listedRatings } from '../stories/ratings.js';
import { coverUrlsOfAuthor, isFollowing } from '../stories/repo.js';
import { storyViews } from '../stories/views.js';
import type { AvatarStore } from './avatars.js';
import { presentProfile } from './presenter.js';
import { accessTo, assertSeesProfile } from './privacy.js';
import {
  authorStoriesPage,
  deleteUserCascade,
  findUserById,
  findUserByUsername,
  lockForDeletion,
  lockUser,
  publicStoryTotalsOf,
  updateUser,
} from './repo.js';

type Viewer = UserRow | null;

/** How recent a Google sign-in must be to confirm deleting a Google-only account. */
const FRESH_SIGN_IN_MS = 10 * 60_000;

export interface UserServiceDeps {
  db: Db;
  avatars: AvatarStore;
  /** Removes the covers of a deleted account's stories. */
  covers: CoverStore;
}

export function createUserService({ db, avatars, covers }: UserServiceDeps) {
  const k = db.kysely;

  const reload = async (id: string): Promise<UserRow> => {
    const user = await findUserById(k, id);
    if (!user) throw unauthorized();
    return user;
  };

  /**
   * Points users.profile_pic at `url` (or null) under the user's row lock; the previous files
   * are removed once that committed, the new ones if it did not.
   */
  async function replaceProfilePic(userId: string, url: string | null): Promise<UserRow> {
    let previous: string | null;
    try {
      previous = await k.transaction().execute(async (trx) => {
        const current = await lockUser(trx, db.dialect, userId);
        if (!current) throw unauthorized();
        await updateUser(trx, userId, { profile_pic: url });
        return current.profile_pic;
      });
    } catch (error) {
      await avatars.remove(url);
      throw error;
    }
    if (previous !== url) await avatars.remove(previous);
    return reload(userId);
  }

  return {
    /** A user by username (any case) or by id: clients look authors up both ways. */
    async findByNameOrId(param: string): Promise<UserRow> {
      const user = isUuid(param)
        ? await findUserById(k, param.toLowerCase())
        : await findUserByUsername(k, param);
      // A suspended account is gone from everyone's view while suspended (decision 025).
      if (!user || isSuspended(user)) throw notFound(PEOPLE_MESSAGES.userNotFound);
      return user;
    },

    /** The profile as the owner's privacy settings let `viewer` see it. */
    async profile(user: UserRow, viewer: Viewer): Promise<Profile> {
      const access = await accessTo(k, viewer, user.id);
      const isMe = viewer?.id === user.id;
      const following = viewer && !isMe ? await isFollowing(k, viewer.id, user.id) : undefined;
      // The caller's own block and mute of this person, for the profile's menu.
      const relation =
        viewer && !isMe
          ? {
              is_blocked: await hasRelation(k, 'blocks', viewer.id, user.id),
              is_muted: await hasRelation(k, 'mutes', viewer.id, user.id),
            }
          : {};
      const totals = access.full
        ? await publicStoryTotalsOf(k, user.id)
        : { reads: 0, comments: 0 };
      return {
        ...presentProfile(user, { access, isMe, isFollowing: following, totals }),
        ...relation,
      };
    },

    /** The author's own list includes private stories; everyone else's public ones only. */
    async storiesOf(user: UserRow, viewer: Viewer, page: PageQuery): Promise<Paged<Story>> {
      await assertSeesProfile(k, viewer, user.id);
      const own = viewer?.id === user.id;
      // An author sees all their own stories; others see the ratings their lists show.
      const ratings = own ? RATINGS : await listedRatings(k, viewer);
      const { rows, total } = await authorStoriesPage(
        k,
        user.id,
        own,
        ratings,
        offsetOf(page),
        page.limit,
      );
      return pageOf(await storyViews(k, rows, viewer), total, page);
    },

    async updateProfile(user: UserRow, changes: z.infer<typeof updateMeBody>): Promise<UserRow> {
      if (changes.bio !== undefined) {
        await updateUser(k, user.id, { bio: changes.bio === '' ? null : changes.bio });
      }
      if (changes.profile_pic === null) return replaceProfilePic(user.id, null);
      return reload(user.id);
    },

    /** Re-encodes the upload (413/415 for what is not a usable image) and makes it the picture. */
    async setProfilePic(user: UserRow, upload: Buffer): Promise<UserRow> {
      const url = await avatars.save(user.id, upload);
      return replaceProfilePic(user.id, url);
    },

    removeProfilePic: (user: UserRow): Promise<UserRow> => replaceProfilePic(user.id, null),

    /**
     * Deletes the account once its holder confirmed it: with the password, or for a Google-only
     * account by a Google sign-in shortly before (a stolen token alone cannot delete anything).
     * Story covers and the profile picture are collected in the transaction, removed after it.
     */
    async deleteAccount(
      user: UserRow,
      session: ActiveSession | null,
      password: string | undefined,
    ): Promise<void> {
      if (user.password_hash) {
        if (!password) throw invalidField('password', AUTH_MESSAGES.deletePasswordRequired);
        if (!(await verifyPassword(user.password_hash, password)))
          throw invalidField('password', AUTH_MESSAGES.deletePasswordWrong);
      } else if (
        session?.method !== 'google' ||
        Date.now() - Date.parse(session.created_at) > FRESH_SIGN_IN_MS
      ) {
        throw new AppError(400, 'reauth_required', AUTH_MESSAGES.deleteNeedsGoogle);
      }
      const files = await k.transaction().execute(async (trx) => {
        const current = await lockForDeletion(trx, db.dialect, user.id);
        const covers = await coverUrlsOfAuthor(trx, user.id);
        await deleteUserCascade(trx, db.dialect, current ?? user);
        return { covers, profilePic: current?.profile_pic ?? null };
      });
      await covers.remove(...files.covers);
      await avatars.remove(files.profilePic);
    },
  };
}
export type UserService = ReturnType<typeof createUserService>;
