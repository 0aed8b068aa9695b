import { ALL_AGES_RATINGS, RATINGS, STORY_SORTS, type StoryFilters } from '@storyloom/shared';
import { type Compilable, CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb, testDbKind } from '../../test/db.js';
import { usersByPrefixQuery } from '../search/repo.js';
import { countFilteredQuery, type FilteredListParams, filteredStoryIdsQuery } from './filters.js';
import {
  countPublicStoriesQuery,
  followingFeedIdsQuery,
  publicStoryIdsQuery,
  similarStoriesQuery,
} from './repo.js';

/** Filters of every kind, alone and together (docs/decisions/031-story-filters.md). */
const FILTER_SETS: StoryFilters[] = [
  { tags: ['dragons'] },
  { exclude_tags: ['romance', 'angst'] },
  { status: 'completed', language: 'English', words_min: 1000, words_max: 50000 },
  { tags: ['dragons', 'quest'], exclude_tags: ['angst'], status: 'ongoing', words_min: 10 },
];

/** A plan that reads no table whole: SQLite's `SCAN t` without an index. */
const noTableScan = (detail: string) => !/SCAN (stories|story_tags|mutes)(?! USING)/.test(detail);

/**
 * The list queries read the partial indexes of migrations 001 and 009 in index order: no table scan and
 * no sort step, whatever the page. (SQLite's plans; PostgreSQL picks plans from statistics, so
 * its plans on a test-sized table say nothing.)
 */
describe.skipIf(testDbKind() !== 'sqlite')('query plans (SQLite)', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb();
  });
  afterAll(() => t.cleanup());

  async function plan(query: Compilable): Promise<string> {
    const compiled = query.compile();
    const { rows } = await t.db.kysely.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]),
    );
    return rows.map((row) => row.detail).join(' | ');
  }

  const INDEX = { latest: 'latest', popular: 'popular', trending: 'trending' } as const;

  it.each(STORY_SORTS)(
    'serves GET /stories?sort=%s from its partial index, in order',
    async (sort) => {
      const ratings = RATINGS;
      const all = await plan(
        publicStoryIdsQuery(t.db.kysely, { sort, ratings, offset: 400, limit: 20 }),
      );
      expect(all).toBe(`SCAN stories USING COVERING INDEX stories_${INDEX[sort]}_filters_idx`);
      const byGenre = await plan(
        publicStoryIdsQuery(t.db.kysely, { sort, ratings, genre: 'Fantasy', offset: 0, limit: 20 }),
      );
      expect(byGenre).toBe(
        `SEARCH stories USING COVERING INDEX stories_genre_${INDEX[sort]}_filters_idx (genre=?)`,
      );
    },
  );

  // Visitors' and opted-out readers' lists (docs/decisions/023-ratings.md): index entries only.
  it.each(STORY_SORTS)(
    'serves GET /stories?sort=%s without mature stories from its all-ages index, in order',
    async (sort) => {
      const ratings = ALL_AGES_RATINGS;
      const all = await plan(
        publicStoryIdsQuery(t.db.kysely, { sort, ratings, offset: 400, limit: 20 }),
      );
      expect(all).toBe(`SCAN stories USING COVERING INDEX stories_all_ages_${INDEX[sort]}_idx`);
      const byGenre = await plan(
        publicStoryIdsQuery(t.db.kysely, { sort, ratings, genre: 'Fantasy', offset: 0, limit: 20 }),
      );
      expect(byGenre).toBe(
        `SEARCH stories USING COVERING INDEX stories_all_ages_genre_${INDEX[sort]}_idx (genre=?)`,
      );
      // Narrower than all ages: the same index, each entry's row checked for its rating.
      const general = await plan(
        publicStoryIdsQuery(t.db.kysely, { sort, ratings: ['general'], offset: 0, limit: 20 }),
      );
      expect(general).toBe(`SCAN stories USING COVERING INDEX stories_all_ages_${INDEX[sort]}_idx`);
    },
  );

  it('counts every rating, and all ages, from a partial index alone', async () => {
    expect(await plan(countPublicStoriesQuery(t.db.kysely, undefined, RATINGS))).toMatch(
      /^SCAN stories USING COVERING INDEX stories_\w+_idx$/,
    );
    expect(await plan(countPublicStoriesQuery(t.db.kysely, 'Fantasy', RATINGS))).toMatch(
      /^SEARCH stories USING COVERING INDEX stories_genre_\w+_idx \(genre=\?\)$/,
    );
    expect(await plan(countPublicStoriesQuery(t.db.kysely, undefined, ALL_AGES_RATINGS))).toMatch(
      /^SCAN stories USING COVERING INDEX stories_all_ages_\w+_idx$/,
    );
    expect(await plan(countPublicStoriesQuery(t.db.kysely, 'Fantasy', ALL_AGES_RATINGS))).toMatch(
      /^SEARCH stories USING COVERING INDEX stories_all_ages_genre_\w+_idx \(genre=\?\)$/,
    );
  });

  it('serves More Like This from the genre popularity index', async () => {
    const query = similarStoriesQuery(
      t.db.kysely,
      { id: '0190a0a0-0000-7000-8000-000000000001', genre: 'Fantasy' },
      RATINGS,
      4,
    );
    expect(await plan(query)).toBe(
      'SEARCH stories USING INDEX stories_genre_popular_filters_idx (genre=?)',
    );
    const allAges = similarStoriesQuery(
      t.db.kysely,
      { id: '0190a0a0-0000-7000-8000-000000000001', genre: 'Fantasy' },
      ALL_AGES_RATINGS,
      4,
    );
    // Either genre index, in order: four rows read, and a few more for the mature ones skipped.
    expect(await plan(allAges)).toMatch(
      /^SEARCH stories USING INDEX stories_(all_ages_)?genre_popular(_filters)?_idx \(genre=\?\)$/,
    );
  });

  // The followed authors' stories are merged by a sort: its cost is their number, not the table's.
  it('serves the Following feed from the follows key and the author index', async () => {
    const detail = await plan(
      followingFeedIdsQuery(
        t.db.kysely,
        '0190a0a0-0000-7000-8000-000000000001',
        ALL_AGES_RATINGS,
        0,
        20,
      ),
    );
    // The rating is read from each followed author's story rows: as many as they wrote.
    expect(detail).toContain('USING INDEX stories_author_public_idx (author_id=?)');
    expect(detail).toMatch(
      /follows USING (COVERING INDEX|PRIMARY KEY|INDEX) \w+ \(follower_id=\?\)/,
    );
    expect(detail).not.toContain('SCAN stories');
  });

  // Filtered lists (docs/decisions/031-story-filters.md): along the order's index, or from a tag.
  it.each(STORY_SORTS)(
    'serves filtered GET /stories?sort=%s along its index, or from a tag, never scanning a table',
    async (sort) => {
      for (const ratings of [RATINGS, ALL_AGES_RATINGS]) {
        for (const filters of FILTER_SETS) {
          const params: FilteredListParams = { sort, ratings, offset: 0, limit: 20, filters };
          const walked = await plan(filteredStoryIdsQuery(t.db.kysely, t.db.dialect, params));
          // The order's partial index (or its genre's), in order: no sort step, so the page
          // stops reading once it is full. "Completed, latest first" reads the status's own
          // latest index (migration 018). Each carries the filters' columns (migration 022), so
          // a walk tests them on the entry and reads no story row.
          expect(walked).toMatch(
            sort === 'latest' && filters.status
              ? /^SEARCH stories USING COVERING INDEX stories_status_latest_filters_idx \(completion_status=\?\)/
              : new RegExp(
                  `^SCAN stories USING COVERING INDEX stories_(all_ages_${INDEX[sort]}|${INDEX[sort]}_filters)_idx`,
                ),
          );
          expect(walked).not.toContain('TEMP B-TREE');
          const byGenre = await plan(
            filteredStoryIdsQuery(t.db.kysely, t.db.dialect, {
              ...params,
              genre: 'Fantasy',
              mutedBy: 'x',
            }),
          );
          expect(byGenre).toMatch(
            new RegExp(
              `^SEARCH stories USING (COVERING )?INDEX stories_(all_ages_genre_${INDEX[sort]}|genre_${INDEX[sort]}_filters)_idx \\(genre=\\?\\)`,
            ),
          );
          expect(byGenre).not.toContain('TEMP B-TREE');
          // Tags are probed on story_tags' primary key, once per candidate: an excluded tag's
          // size costs nothing.
          for (const detail of [walked, byGenre])
            for (const probe of detail.matchAll(/SEARCH (it|xt) [^|]*/g))
              expect(probe[0].trim()).toMatch(
                /^SEARCH [ix]t USING COVERING INDEX sqlite_autoindex_story_tags_1 \(story_id=\? AND tag_key=\?\)$/,
              );
          const counted = await plan(
            countFilteredQuery(t.db.kysely, t.db.dialect, { ratings, filters }),
          );
          for (const detail of [walked, byGenre, counted]) expect(noTableScan(detail)).toBe(true);
          if (filters.words_min !== undefined) {
            // From the word range: its entries in stories_words_idx, then the page sorted.
            const fromWords = await plan(
              filteredStoryIdsQuery(t.db.kysely, t.db.dialect, params, { kind: 'words' }),
            );
            expect(fromWords).toMatch(
              /^SEARCH stories USING INDEX stories_words_idx \(word_count>\?( AND word_count<\?)?\)/,
            );
            expect(noTableScan(fromWords)).toBe(true);
          }
          // Along the order, the word range never takes SQLite to stories_words_idx.
          expect(walked).not.toContain('stories_words_idx');
          if (!filters.tags) continue;
          // From the tag: its entries, each story by key, then the page sorted.
          const tag = { kind: 'tag' as const, tag: filters.tags[0]! };
          const driven = await plan(filteredStoryIdsQuery(t.db.kysely, t.db.dialect, params, tag));
          expect(driven).toMatch(
            /^SEARCH d USING COVERING INDEX story_tags_tag_idx \(tag_key=\?\) \| SEARCH stories USING INDEX sqlite_autoindex_stories_1 \(id=\?\)/,
          );
          const countDriven = await plan(
            countFilteredQuery(t.db.kysely, t.db.dialect, { ratings, filters }, tag),
          );
          expect(countDriven).toMatch(/^SEARCH d USING COVERING INDEX story_tags_tag_idx/);
          for (const detail of [driven, countDriven]) expect(noTableScan(detail)).toBe(true);
        }
      }
    },
  );

  it('finds usernames by prefix on the lower(username) index, in its order', async () => {
    expect(await plan(usersByPrefixQuery(t.db.kysely, 'sqlite', 'ab', 5))).toBe(
      'SEARCH users USING INDEX users_username_key (<expr>>? AND <expr><?)',
    );
  });
});

/**
 * PostgreSQL chooses plans from statistics, and on a test-sized table a sequential scan is the
 * cheapest; with sequential scans priced out, every filtered list and total must still have an
 * index plan: the literal predicates prove the partial indexes and the probes use their keys.
 * (Plans on a seeded library: bench/explain.ts, docs/performance.md.)
 */
describe.skipIf(testDbKind() !== 'postgres')('query plans (PostgreSQL): filtered lists', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb();
  });
  afterAll(() => t.cleanup());

  async function plan(query: Compilable): Promise<string> {
    const compiled = query.compile();
    return t.db.kysely.transaction().execute(async (trx) => {
      await trx.executeQuery(CompiledQuery.raw('set local enable_seqscan = off'));
      const { rows } = await trx.executeQuery<{ 'QUERY PLAN': string }>(
        CompiledQuery.raw(`explain ${compiled.sql}`, [...compiled.parameters]),
      );
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });
  }

  it.each(STORY_SORTS)(
    'has an index plan for every filtered GET /stories?sort=%s',
    async (sort) => {
      for (const ratings of [RATINGS, ALL_AGES_RATINGS]) {
        for (const filters of FILTER_SETS) {
          const params: FilteredListParams = { sort, ratings, offset: 0, limit: 20, filters };
          const plans = [
            await plan(filteredStoryIdsQuery(t.db.kysely, t.db.dialect, params)),
            await plan(
              filteredStoryIdsQuery(t.db.kysely, t.db.dialect, {
                ...params,
                genre: 'Fantasy',
                mutedBy: '0190a0a0-0000-7000-8000-000000000001',
              }),
            ),
            await plan(countFilteredQuery(t.db.kysely, t.db.dialect, { ratings, filters })),
          ];
          if (filters.tags) {
            const tag = { kind: 'tag' as const, tag: filters.tags[0]! };
            plans.push(await plan(filteredStoryIdsQuery(t.db.kysely, t.db.dialect, params, tag)));
            plans.push(
              await plan(countFilteredQuery(t.db.kysely, t.db.dialect, { ratings, filters }, tag)),
            );
          }
          if (filters.words_min !== undefined) {
            const words = { kind: 'words' as const };
            plans.push(await plan(filteredStoryIdsQuery(t.db.kysely, t.db.dialect, params, words)));
          }
          for (const detail of plans) {
            expect(detail).not.toMatch(/Seq Scan/);
            expect(detail).toMatch(/Index (Only )?Scan|Bitmap Index Scan/);
          }
        }
      }
    },
  );
});
