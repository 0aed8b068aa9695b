import {
  DISCOVERY,
  type DirectoryAuthor,
  type Paged,
  type PageQuery,
  type Story,
  type StoryListQuery,
  type UserSummary,
} from '@storyloom/shared';
import type { Db } from '../../db/index.js';
import type { StoryRow, UserRow } from '../../db/types.js';
import { isUuid } from '../../lib/ids.js';
import { offsetOf, pageOf } from '../../lib/pagination.js';
import { followedAmong } from '../social/repo.js';
import { findStoryById } from '../stories/repo.js';
import { storyViews } from '../stories/views.js';
import type { PublicStoryCounts } from './counts.js';
import { userSummaries } from './people.js';
import {
  authorIdsQuery,
  countAuthors,
  countFollowingFeed,
  followingFeedIdsQuery,
  popularAuthorIds,
  publicStoriesInOrder,
  publicStoryIdsQuery,
  similarStoriesQuery,
  usersInOrder,
} from './repo.js';

type Viewer = UserRow | null;

export function createDiscoveryService({
  db,
  storyCounts,
}: {
  db: Db;
  storyCounts: PublicStoryCounts;
}) {
  const k = db.kysely;

  /**
   * Payloads of a page of public story ids: rows, tags, authors and the viewer's likes and
   * saves in five queries, whatever the page size.
   */
  const viewsOf = async (ids: string[], viewer: Viewer): Promise<Story[]> =>
    storyViews(k, await publicStoriesInOrder(k, ids), viewer);

  return {
    viewsOf,

    findStory: async (id: string) => (isUuid(id) ? findStoryById(k, id) : undefined),

    /** `GET /stories`: public stories in the list order (docs/api.md). */
    async list(query: StoryListQuery, viewer: Viewer): Promise<Paged<Story>> {
      const rows = await publicStoryIdsQuery(k, {
        genre: query.genre,
        sort: query.sort,
        offset: offsetOf(query),
        limit: query.limit,
      }).execute();
      const items = await viewsOf(
        rows.map((row) => row.id),
        viewer,
      );
      return pageOf(items, await storyCounts.get(query.genre), query);
    },

    /** 'More Like This': up to `limit` other public stories of the genre, most popular first. */
    async similar(story: StoryRow, limit: number, viewer: Viewer): Promise<Story[]> {
      const rows = await similarStoriesQuery(k, story, limit).execute();
      return storyViews(k, rows, viewer);
    },

    /** Public stories by the authors the user follows, newest first. */
    async following(user: UserRow, query: PageQuery): Promise<Paged<Story>> {
      const rows = await followingFeedIdsQuery(k, user.id, offsetOf(query), query.limit).execute();
      const items = await viewsOf(
        rows.map((row) => row.id),
        user,
      );
      return pageOf(items, await countFollowingFeed(k, user.id), query);
    },

    /**
     * `GET /users/authors`: a page of the author directory (users with a public story), each
     * as their privacy allows the viewer, with whether a signed-in viewer follows them.
     */
    async authors(query: PageQuery, viewer: Viewer): Promise<Paged<DirectoryAuthor>> {
      const rows = await authorIdsQuery(k, db.dialect, offsetOf(query), query.limit).execute();
      const ids = rows.map((row) => row.id);
      const [users, total, followed] = await Promise.all([
        usersInOrder(k, ids),
        countAuthors(k),
        viewer ? followedAmong(k, viewer.id, ids) : null,
      ]);
      const items = (await userSummaries(k, viewer, users)).map((author) =>
        followed && author.id !== viewer?.id
          ? { ...author, is_following: followed.has(author.id) }
          : author,
      );
      return pageOf(items, total, query);
    },

    /**
     * Up to `limit` authors (at most 5) of the most popular stories (the top 20), leaving out
     * the user and the people they already follow.
     */
    async suggestedAuthors(user: UserRow, limit: number): Promise<UserSummary[]> {
      const candidates = (await popularAuthorIds(k, DISCOVERY.suggestedFromPopular)).filter(
        (id) => id !== user.id,
      );
      const followed = await followedAmong(k, user.id, candidates);
      const picked = candidates.filter((id) => !followed.has(id)).slice(0, limit);
      return userSummaries(k, user, await usersInOrder(k, picked));
    },
  };
}
export type DiscoveryService = ReturnType<typeof createDiscoveryService>;
