import {
  DISCOVERY,
  type DirectoryAuthor,
  type HomeSections,
  hasFilters,
  type Paged,
  type PageQuery,
  type Rating,
  type Story,
  type StoryFilters,
  type StoryListPage,
  type StoryListQuery,
  type UserSummary,
} from '@storyloom/shared';
import type { Db } from '../../db/index.js';
import type { StoryRow, UserRow } from '../../db/types.js';
import { isUuid } from '../../lib/ids.js';
import { offsetOf, pageOf, reachedPageOf } from '../../lib/pagination.js';
import { blockersOf, hidingOf, subjectsOf } from '../safety/repo.js';
import { followedAmong } from '../social/repo.js';
import { listedRatings, ratingScope } from '../stories/ratings.js';
import { findStoryById } from '../stories/repo.js';
import { storyCards, storyViews } from '../stories/views.js';
import type { PublicStoryCounts } from './counts.js';
import {
  countMutedFiltered,
  drivesPage,
  filteredStoryIdsQuery,
  filteredTotal,
  narrowestDriver,
} from './filters.js';
import { userSummaries } from './people.js';
import {
  authorIdsQuery,
  countFollowingFeed,
  countMutedAuthors,
  countMutedStories,
  followingFeedIdsQuery,
  popularAuthorIds,
  publicStoriesInOrder,
  publicStoriesPage,
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
   * saves in five queries, whatever the page size. Stories rated outside `ratings` are left out.
   */
  const viewsOf = async (ids: string[], viewer: Viewer, ratings: Rating[]): Promise<Story[]> =>
    storyViews(k, await publicStoriesInOrder(k, ids, ratings), viewer);

  /** The ratings `viewer` may see in lists, narrowed to `requested` (docs/decisions/023-ratings.md). */
  const ratingsFor = async (viewer: Viewer, requested?: Rating[]): Promise<Rating[]> =>
    ratingScope(await listedRatings(k, viewer), requested);

  /**
   * The signed-in viewer's id when they muted anyone, else undefined: the one probe that decides
   * whether a list adds the mute filter (docs/decisions/024-blocks-and-mutes.md). Visitors
   * cost nothing.
   */
  const muter = async (viewer: Viewer): Promise<string | undefined> =>
    viewer && (await hidingOf(k, viewer.id)).mutes ? viewer.id : undefined;

  /**
   * A filtered `GET /stories` (docs/decisions/031-story-filters.md): ids first, along the list
   * order or from the rarest included tag, then the page's rows. The total is counted, or past
   * a few thousand stories estimated (decision 038), at most once a minute per filter set; a
   * muter's leaves out their muted authors' stories. A page that is not full ends the list, so
   * its total is known whatever the estimate said.
   */
  async function filteredList(
    query: Omit<StoryListQuery, keyof StoryFilters>,
    filters: StoryFilters,
    ratings: Rating[],
    viewer: Viewer,
    mutedBy: string | undefined,
  ): Promise<StoryListPage> {
    const [narrowest, listed] = await Promise.all([
      narrowestDriver(k, filters),
      storyCounts.get(query.genre, ratings),
    ]);
    const params = { genre: query.genre, ratings, filters };
    const offset = offsetOf(query);
    const ids = await filteredStoryIdsQuery(
      k,
      db.dialect,
      { ...params, sort: query.sort, offset, limit: query.limit, mutedBy },
      drivesPage(narrowest, offset + query.limit, listed),
    ).execute();
    const key = JSON.stringify([query.genre ?? '*', ratings, filters]);
    const [items, counted, muted] = await Promise.all([
      viewsOf(
        ids.map((row) => row.id),
        viewer,
        ratings,
      ),
      storyCounts.filtered(key, () => filteredTotal(k, db.dialect, params, narrowest, listed)),
      mutedBy ? countMutedFiltered(k, db.dialect, mutedBy, query.genre, ratings, filters) : 0,
    ]);
    return reachedPageOf(
      items,
      ids.length,
      { total: counted.total - muted, estimated: counted.estimated },
      query,
    );
  }

  return {
    viewsOf,
    muter,
    ratingsFor,

    findStory: async (id: string) => (isUuid(id) ? findStoryById(k, id) : undefined),

    /** `GET /stories`: public stories in the list order (docs/api.md). */
    async list(
      query: Omit<StoryListQuery, keyof StoryFilters> & StoryFilters,
      viewer: Viewer,
    ): Promise<StoryListPage> {
      const ratings = await ratingsFor(viewer, query.rating);
      if (ratings.length === 0) return pageOf([], 0, query);
      const mutedBy = await muter(viewer);
      const filters: StoryFilters = {
        tags: query.tags,
        exclude_tags: query.exclude_tags,
        status: query.status,
        language: query.language,
        words_min: query.words_min,
        words_max: query.words_max,
      };
      if (hasFilters(filters)) return filteredList(query, filters, ratings, viewer, mutedBy);
      const rows = await publicStoriesPage(k, db.dialect, {
        genre: query.genre,
        ratings,
        sort: query.sort,
        offset: offsetOf(query),
        limit: query.limit,
        mutedBy,
      });
      const [items, total, muted] = await Promise.all([
        storyViews(k, rows, viewer),
        storyCounts.get(query.genre, ratings),
        mutedBy ? countMutedStories(k, db.dialect, mutedBy, query.genre, ratings) : 0,
      ]);
      return pageOf(items, Math.max(0, total - muted), query);
    },

    /**
     * `GET /home`: the home page's sections, no story twice. One popular list feeds Featured
     * and Most Popular; Trending and Fresh Off the Press each look `lookAhead` deep for stories
     * the sections above do not show. Cards only: ids first, then the shown rows and authors.
     */
    async home(viewer: Viewer): Promise<HomeSections> {
      const { featured, mostPopular, trending, latest, lookAhead } = DISCOVERY.home;
      const ratings = await ratingsFor(viewer);
      const mutedBy = await muter(viewer);
      const idsIn = async (sort: 'popular' | 'trending' | 'latest', limit: number) =>
        (await publicStoryIdsQuery(k, { sort, ratings, offset: 0, limit, mutedBy }).execute()).map(
          (r) => r.id,
        );
      const [popularIds, trendingIds, latestIds] = await Promise.all([
        idsIn('popular', featured + mostPopular),
        idsIn('trending', lookAhead),
        idsIn('latest', lookAhead),
      ]);
      const shown = new Set(popularIds);
      const fresh = (ids: string[], count: number) => {
        const picked = ids.filter((id) => !shown.has(id)).slice(0, count);
        for (const id of picked) shown.add(id);
        return picked;
      };
      const sections = {
        featured: popularIds.slice(0, featured),
        most_popular: popularIds.slice(featured),
        trending: fresh(trendingIds, trending),
        latest: fresh(latestIds, latest),
      };
      const rows = await publicStoriesInOrder(k, [...shown], ratings);
      const cards = new Map((await storyCards(k, rows)).map((card) => [card.id, card]));
      const summaries = new Map(rows.map((row) => [row.id, row.description]));
      const of = (ids: string[]) => ids.flatMap((id) => cards.get(id) ?? []);
      return {
        featured: of(sections.featured),
        most_popular: of(sections.most_popular).map((card) => ({
          ...card,
          description: summaries.get(card.id) ?? '',
        })),
        trending: of(sections.trending),
        latest: of(sections.latest),
      };
    },

    /** 'More Like This': up to `limit` other public stories of the genre, most popular first. */
    async similar(story: StoryRow, limit: number, viewer: Viewer): Promise<Story[]> {
      const ratings = await ratingsFor(viewer);
      const rows = await similarStoriesQuery(
        k,
        story,
        ratings,
        limit,
        await muter(viewer),
      ).execute();
      return storyViews(k, rows, viewer);
    },

    /** Public stories by the authors the user follows, newest first. */
    async following(user: UserRow, query: PageQuery): Promise<Paged<Story>> {
      const ratings = await ratingsFor(user);
      const mutes = (await muter(user)) !== undefined;
      const rows = await followingFeedIdsQuery(
        k,
        user.id,
        ratings,
        offsetOf(query),
        query.limit,
        mutes,
      ).execute();
      const items = await viewsOf(
        rows.map((row) => row.id),
        user,
        ratings,
      );
      return pageOf(items, await countFollowingFeed(k, user.id, ratings, mutes), query);
    },

    /**
     * `GET /users/authors`: a page of the author directory (users with a public story), each
     * as their privacy allows the viewer, with whether a signed-in viewer follows them.
     */
    async authors(query: PageQuery, viewer: Viewer): Promise<Paged<DirectoryAuthor>> {
      const mutedBy = await muter(viewer);
      const rows = await authorIdsQuery(
        k,
        db.dialect,
        offsetOf(query),
        query.limit,
        mutedBy,
      ).execute();
      const ids = rows.map((row) => row.id);
      const [users, all, muted, followed] = await Promise.all([
        usersInOrder(k, ids),
        storyCounts.authors(),
        mutedBy ? countMutedAuthors(k, mutedBy) : 0,
        viewer ? followedAmong(k, viewer.id, ids) : null,
      ]);
      const total = Math.max(0, all - muted);
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
      // Nobody the user blocked or muted, nor anyone who blocked them (they cannot be followed).
      const [blocked, muted, blockers] = [
        await subjectsOf(k, 'blocks', user.id),
        await subjectsOf(k, 'mutes', user.id),
        await blockersOf(k, user.id),
      ];
      const candidates = (await popularAuthorIds(k, DISCOVERY.suggestedFromPopular)).filter(
        (id) => id !== user.id && !blocked.has(id) && !muted.has(id) && !blockers.has(id),
      );
      const followed = await followedAmong(k, user.id, candidates);
      const picked = candidates.filter((id) => !followed.has(id)).slice(0, limit);
      return userSummaries(k, user, await usersInOrder(k, picked));
    },
  };
}
export type DiscoveryService = ReturnType<typeof createDiscoveryService>;
