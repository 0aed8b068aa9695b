import {
  type FollowResult,
  type LikeResult,
  type Paged,
  type PageQuery,
  PEOPLE_MESSAGES,
  type SaveResult,
  type Story,
  type UserCard,
} from '@storyloom/shared';
import type { Transaction } from 'kysely';
import type { Db } from '../../db/index.js';
import type { Database, StoryRow, UserRow } from '../../db/types.js';
import { invalidField } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { offsetOf, pageOf } from '../../lib/pagination.js';
import { nowIso } from '../../lib/time.js';
import type { Notifier } from '../notifications/events.js';
import { utcDay } from '../reading/reader-key.js';
import { lockPair } from '../safety/repo.js';
import { assertMayFollow } from '../safety/service.js';
import { addToStoryDay } from '../stats/repo.js';
import { assertCanRead } from '../stories/policy.js';
import { findStoryById } from '../stories/repo.js';
import { storyViews } from '../stories/views.js';
import { presentUserCard } from '../users/presenter.js';
import { accessToMany, assertSeesProfile } from '../users/privacy.js';
import {
  adjustFollowCounts,
  countLike,
  deleteFollow,
  deleteReaction,
  followCounts,
  followedAmong,
  followPage,
  insertFollow,
  insertReaction,
  type Reaction,
  reactedStoriesPage,
  uncountLike,
  votesOf,
} from './repo.js';

type Viewer = { id: string } | null;

/**
 * Follows, likes and saves. Each is idempotent: the row is inserted if absent (or deleted if
 * present) and the counters move only when a row actually did, in the same transaction, so
 * concurrent clicks leave every counter equal to the rows it counts.
 */
export function createSocialService({ db, notifier }: { db: Db; notifier: Notifier }) {
  const k = db.kysely;

  /** Runs `work` on a story the caller may read (a private one is story_private for others). */
  const onReadableStory = <T>(
    viewer: Viewer,
    storyId: string,
    work: (trx: Transaction<Database>, story: StoryRow) => Promise<T>,
  ) =>
    k.transaction().execute(async (trx) => {
      const story = isUuid(storyId) ? await findStoryById(trx, storyId) : undefined;
      assertCanRead(viewer, story);
      return work(trx, story);
    });

  const reactedPage = async (
    table: Reaction,
    viewer: UserRow,
    page: PageQuery,
  ): Promise<Paged<Story>> => {
    const { rows, total } = await reactedStoriesPage(
      k,
      table,
      viewer.id,
      offsetOf(page),
      page.limit,
    );
    return pageOf(await storyViews(k, rows, viewer), total, page);
  };

  return {
    async follow(viewer: UserRow, target: UserRow): Promise<FollowResult> {
      if (viewer.id === target.id) {
        throw invalidField('username', PEOPLE_MESSAGES.cannotFollowSelf);
      }
      return k.transaction().execute(async (trx) => {
        // Under both users' row locks, like a block: one of the two happens first.
        await lockPair(trx, db.dialect, viewer.id, target.id);
        await assertMayFollow(trx, viewer.id, target.id);
        if (await insertFollow(trx, viewer.id, target.id, nowIso())) {
          await adjustFollowCounts(trx, viewer.id, target.id, 1);
          await notifier.record(trx, {
            event: 'follow',
            follower_id: viewer.id,
            followee_id: target.id,
          });
        }
        return { following: true, ...(await followCounts(trx, viewer.id, target.id)) };
      });
    },

    async unfollow(viewer: UserRow, target: UserRow): Promise<FollowResult> {
      if (viewer.id === target.id) {
        throw invalidField('username', PEOPLE_MESSAGES.cannotFollowSelf);
      }
      return k.transaction().execute(async (trx) => {
        if (await deleteFollow(trx, viewer.id, target.id)) {
          await adjustFollowCounts(trx, viewer.id, target.id, -1);
        }
        return { following: false, ...(await followCounts(trx, viewer.id, target.id)) };
      });
    },

    /**
     * A page of the user's followers or of whom they follow, newest first. Each listed user
     * shows as their own privacy allows; `is_following` says whether the caller follows them.
     */
    async followList(
      user: UserRow,
      side: 'followers' | 'following',
      viewer: Viewer,
      page: PageQuery,
    ): Promise<Paged<UserCard>> {
      await assertSeesProfile(k, viewer, user.id);
      const { rows, total } = await followPage(k, user.id, side, offsetOf(page), page.limit);
      const ids = rows.map((row) => row.id);
      const access = await accessToMany(k, viewer, ids);
      const followed = viewer ? await followedAmong(k, viewer.id, ids) : null;
      const items = rows.map((row) =>
        presentUserCard(row, {
          access: access.get(row.id)!,
          isFollowing: followed && row.id !== viewer?.id ? followed.has(row.id) : undefined,
        }),
      );
      return pageOf(items, total, page);
    },

    like: (viewer: UserRow, storyId: string): Promise<LikeResult> =>
      onReadableStory(viewer, storyId, async (trx, story) => {
        const now = nowIso();
        if (await insertReaction(trx, 'likes', viewer.id, story.id, now)) {
          await countLike(trx, db.dialect, story.id, now);
          await addToStoryDay(trx, story.id, utcDay(new Date(now)), { likes: 1 });
          await notifier.record(trx, {
            event: 'story_like',
            user_id: viewer.id,
            story_id: story.id,
          });
        }
        return { liked: true, votes_count: await votesOf(trx, story.id) };
      }),

    unlike: (viewer: UserRow, storyId: string): Promise<LikeResult> =>
      onReadableStory(viewer, storyId, async (trx, story) => {
        const likedAt = await deleteReaction(trx, 'likes', viewer.id, story.id);
        if (likedAt !== null) {
          await uncountLike(trx, story.id);
          // The likes line shows likes that still stand, on the day they were given.
          await addToStoryDay(trx, story.id, utcDay(new Date(likedAt)), { likes: -1 });
        }
        return { liked: false, votes_count: await votesOf(trx, story.id) };
      }),

    save: (viewer: UserRow, storyId: string): Promise<SaveResult> =>
      onReadableStory(viewer, storyId, async (trx, story) => {
        await insertReaction(trx, 'saves', viewer.id, story.id, nowIso());
        return { saved: true };
      }),

    unsave: (viewer: UserRow, storyId: string): Promise<SaveResult> =>
      onReadableStory(viewer, storyId, async (trx, story) => {
        await deleteReaction(trx, 'saves', viewer.id, story.id);
        return { saved: false };
      }),

    /** The caller's saved stories, newest save first; others' private stories left out. */
    library: (viewer: UserRow, page: PageQuery) => reactedPage('saves', viewer, page),
    /** The caller's liked stories, newest like first; others' private stories left out. */
    likes: (viewer: UserRow, page: PageQuery) => reactedPage('likes', viewer, page),
  };
}
export type SocialService = ReturnType<typeof createSocialService>;
