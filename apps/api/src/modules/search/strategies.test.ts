import { ALL_AGES_RATINGS, type Genre, RATINGS, type Rating, STORY_SORTS } from '@storyloom/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roughly } from '../../lib/pagination.js';
import { seedLibrary } from '../../seed/library.js';
import { createTestDb, type TestDb } from '../../test/db.js';
import {
  COUNT_MAX,
  type MatchCounts,
  RANK_LIMIT,
  type SearchScale,
  searchStoryIds,
  searchTotal,
  TOTAL_SAMPLE,
} from './repo.js';
import { fts5Match, searchTerms } from './terms.js';

/**
 * A broad query takes other paths than a narrow one (repo.ts, RANK_LIMIT): the scale passed in
 * picks the path, so each is checked here against the exhaustive one on the same small library.
 */
let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
  await seedLibrary(t.db, {
    users: 15,
    stories: 120,
    seed: 11,
    now: new Date('2026-06-01T00:00:00.000Z'),
    passwordHash: 'not-a-real-hash',
  });
});
afterAll(() => t.cleanup());

const ids = (
  q: string,
  sort: (typeof STORY_SORTS)[number] | 'relevance',
  scale: SearchScale,
  genre?: Genre,
  offset = 0,
  { ratings = RATINGS, limit = 10 }: { ratings?: readonly Rating[]; limit?: number } = {},
) =>
  searchStoryIds(
    t.db.kysely,
    t.db.dialect,
    searchTerms(q),
    { sort, genre, ratings, offset, limit },
    scale,
  );

const countAll = async (q: string) =>
  (await searchTotal(t.db.kysely, t.db.dialect, searchTerms(q), { ratings: RATINGS })).matches;

/** Every story matching `q` (of `genre`), best first, for a reader who sees every rating. */
async function everyMatchRanked(q: string, genre?: Genre): Promise<string[]> {
  const matches = await countAll(q);
  return ids(q, 'relevance', { matches, total: matches, documents: matches }, genre, 0, {
    limit: RANK_LIMIT,
  });
}

/**
 * Every story matching `q` (of `genre`) in the order SQLite ranks the newest matches of a broad
 * query (repo.ts, sqliteScored), worked out here from the documents' text: by the places its
 * words are in, the title 10, the tags or the author's name 4, the newest first among equals.
 */
async function everyMatchByPlace(q: string, genre?: Genre): Promise<string[]> {
  const terms = searchTerms(q);
  const { rows } = await sql<{
    doc_id: number;
    story_id: string;
    title: string;
    tags: string;
    author: string;
  }>`
    select d.doc_id, d.story_id, d.title, d.tags, d.author
      from story_search_fts f join story_search d on d.doc_id = f.rowid
     where story_search_fts match ${fts5Match(terms)} ${genre ? sql`and d.genre = ${genre}` : sql``}`.execute(
    t.db.kysely,
  );
  const tokens = (text: string) =>
    text
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u);
  const holds = (text: string, i: number) => {
    const word = terms.words[i]!;
    const prefix = terms.prefixLast && i === terms.words.length - 1;
    return tokens(text).some((token) => (prefix ? token.startsWith(word) : token === word));
  };
  const placed = rows.map((row) => ({
    id: row.story_id,
    tie: row.doc_id,
    score: terms.words.reduce(
      (sum, _word, i) =>
        sum + (holds(row.title, i) ? 10 : 0) + (holds(`${row.tags} ${row.author}`, i) ? 4 : 0),
      0,
    ),
  }));
  return placed.sort((a, b) => b.score - a.score || b.tie - a.tie).map((row) => row.id);
}

/**
 * The order a scale's page follows: every match ranked, or on SQLite, when only the newest of
 * more than RANK_LIMIT are, the places of the words.
 */
const rankedFor = (q: string, scale: SearchScale, genre?: Genre) =>
  t.db.dialect === 'sqlite' && scale.total > RANK_LIMIT
    ? everyMatchByPlace(q, genre)
    : everyMatchRanked(q, genre);

/** Those of `storyIds` of one of `ratings` (and `genre`), in the same order: a scope by hand. */
async function keptBy(
  storyIds: string[],
  ratings: readonly Rating[],
  genre?: Genre,
): Promise<string[]> {
  const rows = await t.db.kysely
    .selectFrom('stories')
    .select(['id', 'rating', 'genre'])
    .where('id', 'in', storyIds)
    .execute();
  const kept = new Set(
    rows
      .filter((row) => ratings.includes(row.rating) && (!genre || row.genre === genre))
      .map((row) => row.id),
  );
  return storyIds.filter((id) => kept.has(id));
}

describe('search strategies for broad queries', () => {
  it.each(STORY_SORTS)(
    'walks the %s index to the same page the sort of every match gives',
    async (sort) => {
      const matches = await countAll('the');
      expect(matches).toBeGreaterThan(20);
      const exhaustive = { matches, total: matches, documents: matches };
      // Many matches among few documents: walking the list index is cheaper.
      const walk = { matches: 1_000_000, total: 1_000_000, documents: 1 };
      for (const offset of [0, 10]) {
        const expected = await ids('the', sort, exhaustive, undefined, offset);
        expect(expected).toHaveLength(10);
        expect(await ids('the', sort, walk, undefined, offset)).toEqual(expected);
      }
      const genre = 'Fantasy';
      expect(await ids('the', sort, walk, genre)).toEqual(
        await ids('the', sort, exhaustive, genre),
      );
    },
  );

  it('ranks only the newest matches when there are more than RANK_LIMIT (SQLite: by the places of the words), every one when fewer exist', async () => {
    const matches = await countAll('the');
    expect(matches).toBeLessThan(RANK_LIMIT);
    const exact = { matches, total: matches, documents: matches };
    const all = await ids('the', 'relevance', exact);
    expect(all).toEqual((await everyMatchRanked('the')).slice(0, 10));
    const broad = { matches: RANK_LIMIT * 10, total: RANK_LIMIT * 10, documents: RANK_LIMIT * 10 };
    // Here every match is among the newest: the page is what ranking them all gives.
    const capped = await ids('the', 'relevance', broad);
    expect(capped).toEqual((await rankedFor('the', broad)).slice(0, 10));
    for (const offset of [0, 10]) {
      expect(await ids('the', 'relevance', { ...broad, documents: 1 }, 'Fantasy', offset)).toEqual(
        (await rankedFor('the', broad, 'Fantasy')).slice(offset, offset + 10),
      );
    }
    if (t.db.dialect === 'sqlite') {
      // Two words, the last one a prefix: each word's places count.
      const places = await everyMatchByPlace('one la');
      expect(places.length).toBeGreaterThan(10);
      expect(await ids('one la', 'relevance', broad)).toEqual(places.slice(0, 10));
      expect(places.slice(0, 10)).not.toEqual((await everyMatchRanked('one la')).slice(0, 10));
    } else {
      expect(capped).toEqual(all);
    }
  });

  it.each([
    ['a visitor (all ages)', ALL_AGES_RATINGS, undefined],
    ['a reader of mature ratings only', ['mature', 'explicit'] as const, undefined],
    ['a visitor in one genre', ALL_AGES_RATINGS, 'Fantasy' as const],
  ])(
    'ranks in the index for %s: the pages equal ranking every match and leaving out the rest',
    async (_who, ratings, genre) => {
      const matches = await countAll('the');
      const everything = await everyMatchRanked('the');
      expect(everything).toHaveLength(matches);
      const kept = await keptBy(everything, ratings, genre);
      // The scope leaves out enough of the best matches to need more than one step.
      expect(kept.length).toBeLessThan(everything.length);
      expect(kept.length).toBeGreaterThan(10);
      // Whatever the scale says (walk or join, first step, how many newest matches are ranked),
      // the pages are those of the order it ranks in (rankedFor).
      const exact = { matches, total: kept.length, documents: matches };
      for (const scale of [
        exact,
        { matches, total: matches, documents: matches },
        { matches: RANK_LIMIT * 10, total: RANK_LIMIT * 10, documents: RANK_LIMIT * 10 },
        { matches: RANK_LIMIT * 100, total: RANK_LIMIT * 2, documents: RANK_LIMIT * 100 },
      ]) {
        const order = await keptBy(await rankedFor('the', scale), ratings, genre);
        expect(order).toHaveLength(kept.length);
        for (const offset of [0, 10]) {
          expect(await ids('the', 'relevance', scale, genre, offset, { ratings })).toEqual(
            order.slice(offset, offset + 10),
          );
        }
      }
      // A window past the kept stories is short, not padded.
      const last = Math.floor(kept.length / 10) * 10;
      expect(await ids('the', 'relevance', exact, genre, last, { ratings })).toEqual(
        kept.slice(last),
      );
    },
  );

  it('counts a scoped total in the index where it holds the scope (SQLite: genre and ratings), else from the newest matches: exact when they are all, else estimated', async () => {
    const terms = searchTerms('the');
    const matches = await countAll('the');
    const everything = await everyMatchRanked('the');
    const allAges = await keptBy(everything, ALL_AGES_RATINGS);
    const fantasy = await everyMatchRanked('the', 'Fantasy');
    const total = (scope: Parameters<typeof searchTotal>[3], sample?: number) =>
      searchTotal(
        t.db.kysely,
        t.db.dialect,
        terms,
        scope,
        sample === undefined ? undefined : { sample, countMax: COUNT_MAX },
      );
    // From the newest 20 only: story ids grow with time, so those are the highest ids.
    const newest = [...everything].sort().reverse().slice(0, 20);
    const estimateOf = (kept: readonly string[]) =>
      roughly((matches * newest.filter((id) => kept.includes(id)).length) / 20);
    const allAgesScope = { ratings: ALL_AGES_RATINGS };
    const fantasyScope = { genre: 'Fantasy' as const, ratings: RATINGS };
    expect(await total(allAgesScope)).toEqual({
      matches,
      total: allAges.length,
      estimated: false,
    });
    const matureOnly = await keptBy(everything, ['mature', 'explicit']);
    expect(matureOnly.length).toBeGreaterThan(0);
    if (t.db.dialect === 'sqlite') {
      // Its index holds each story's genre and rating (decision 043): they are counted there,
      // exactly, however few matches the sample would check.
      expect(await total(allAgesScope, 20)).toEqual({
        matches,
        total: allAges.length,
        estimated: false,
      });
      const fantasyAllAges = await keptBy(everything, ALL_AGES_RATINGS, 'Fantasy');
      expect(fantasyAllAges.length).toBeLessThan(fantasy.length);
      expect(await total({ genre: 'Fantasy', ratings: ALL_AGES_RATINGS }, 20)).toEqual({
        matches: fantasy.length,
        total: fantasyAllAges.length,
        estimated: false,
      });
      for (const sample of [undefined, 20]) {
        expect(await total(fantasyScope, sample)).toEqual({
          matches: fantasy.length,
          total: fantasy.length,
          estimated: false,
        });
        expect(await total({ ratings: ['mature', 'explicit'] }, sample)).toEqual({
          matches: matureOnly.length,
          total: matureOnly.length,
          estimated: false,
        });
      }
    } else {
      expect(await total(allAgesScope, 20)).toEqual({
        matches,
        total: estimateOf(allAges),
        estimated: true,
      });
      // The genre is in what its ranking matches (decision 045): its matches are counted too.
      expect(await total(fantasyScope)).toEqual({
        matches: fantasy.length,
        total: fantasy.length,
        estimated: false,
      });
      const fantasyNewest = newest.filter((id) => fantasy.includes(id)).length;
      expect(await total(fantasyScope, 20)).toEqual({
        matches: roughly((matches * fantasyNewest) / 20),
        total: roughly((matches * fantasyNewest) / 20),
        estimated: true,
      });
      expect(await total({ ratings: ['mature', 'explicit'] })).toEqual({
        matches,
        total: matureOnly.length,
        estimated: false,
      });
    }
    // Without a scope, the index's count is the total.
    expect(await total({ ratings: RATINGS }, 20)).toEqual({
      matches,
      total: matches,
      estimated: false,
    });
    // Mutes are on the story rows, on either database: checked on the newest matches.
    const stories = await t.db.kysely
      .selectFrom('stories')
      .select(['id', 'author_id'])
      .where('id', 'in', everything)
      .execute();
    const authorOf = new Map(stories.map((row) => [row.id, row.author_id]));
    const muted = authorOf.get(newest[0]!)!;
    const muter = await t.db.kysely
      .selectFrom('users')
      .select('id')
      .where('id', '<>', muted)
      .executeTakeFirstOrThrow();
    await t.db.kysely
      .insertInto('mutes')
      .values({ muter_id: muter.id, muted_id: muted, created_at: new Date().toISOString() })
      .execute();
    const unmuted = everything.filter((id) => authorOf.get(id) !== muted);
    expect(unmuted.length).toBeLessThan(matches);
    const muterScope = { ratings: RATINGS, mutedBy: muter.id };
    expect(await total(muterScope)).toEqual({ matches, total: unmuted.length, estimated: false });
    expect(await total(muterScope, 20)).toEqual({
      matches,
      total: estimateOf(unmuted),
      estimated: true,
    });
    await t.db.kysely.deleteFrom('mutes').where('muter_id', '=', muter.id).execute();
  });

  it('shares the index’s counts of a match between viewers; only mutes are checked for each', async () => {
    let asked = 0;
    let counted = 0;
    const kept = new Map<string, Promise<unknown>>();
    const counts: MatchCounts = (key, count) => {
      asked += 1;
      if (!kept.has(key)) {
        counted += 1;
        kept.set(key, count());
      }
      return kept.get(key) as ReturnType<typeof count>;
    };
    const terms = searchTerms('the');
    const total = (mutedBy?: string, memo?: MatchCounts) =>
      searchTotal(
        t.db.kysely,
        t.db.dialect,
        terms,
        { ratings: ALL_AGES_RATINGS, mutedBy },
        memo && { counts: memo },
      );
    const everyone = await total(undefined, counts);
    expect(everyone).toEqual(await total());
    const afterFirst = counted;
    expect(afterFirst).toBeGreaterThan(0);
    const askedFirst = asked;

    // Two readers, each muting the author of one of the newest matches.
    const stories = await t.db.kysely
      .selectFrom('stories')
      .select('author_id')
      .where('id', 'in', await everyMatchRanked('the'))
      .where('rating', 'in', ALL_AGES_RATINGS)
      .orderBy('id', 'desc')
      .execute();
    const authors = [...new Set(stories.map((row) => row.author_id))].slice(0, 2);
    const readers = await t.db.kysely
      .selectFrom('users')
      .select('id')
      .where('id', 'not in', authors)
      .limit(2)
      .execute();
    expect(authors).toHaveLength(2);
    expect(readers).toHaveLength(2);
    const mutes = readers.map((reader, i) => ({
      muter_id: reader.id,
      muted_id: authors[i]!,
      created_at: new Date().toISOString(),
    }));
    await t.db.kysely.insertInto('mutes').values(mutes).execute();
    try {
      for (const { muter_id } of mutes) {
        const theirs = await total(muter_id, counts);
        // What counting afresh gives, and fewer than everyone's.
        expect(theirs).toEqual(await total(muter_id));
        expect(theirs.total).toBeLessThan(everyone.total);
      }
      // Both asked for the index's counts, and neither counted it again.
      expect(asked).toBe(askedFirst * 3);
      expect(counted).toBe(afterFirst);
    } finally {
      await t.db.kysely
        .deleteFrom('mutes')
        .where(
          'muter_id',
          'in',
          readers.map((reader) => reader.id),
        )
        .execute();
    }
  });

  it('past COUNT_MAX matches, PostgreSQL takes the planner’s estimate of them; SQLite counts', async () => {
    const terms = searchTerms('the');
    const matches = await countAll('the');
    const found = await searchTotal(
      t.db.kysely,
      t.db.dialect,
      terms,
      { ratings: RATINGS },
      {
        sample: TOTAL_SAMPLE,
        countMax: 10,
      },
    );
    if (t.db.dialect === 'postgres') {
      expect(found.estimated).toBe(true);
      expect(found.matches).toBeGreaterThan(10);
      expect(found.total).toBe(found.matches);
      expect(found.matches).toBe(roughly(found.matches));
    } else {
      expect(found).toEqual({ matches, total: matches, estimated: false });
    }
  });

  it('past the rank limit, ranks a visitor’s newest matches only: limit / share of them, share being the part a visitor may see', async () => {
    const rankLimit = 20;
    const matches = await countAll('the');
    const everything = await everyMatchRanked('the');
    // The newest matches are ranked as a broad query's are (rankedFor).
    const allAges = await keptBy(
      t.db.dialect === 'sqlite' ? await everyMatchByPlace('the') : everything,
      ALL_AGES_RATINGS,
    );
    // The scale as the search service takes it, from the visitor's total.
    const counted = await searchTotal(t.db.kysely, t.db.dialect, searchTerms('the'), {
      ratings: ALL_AGES_RATINGS,
    });
    expect(counted.total).toBe(allAges.length);
    const scale = { matches: counted.matches, total: counted.total, documents: matches };
    const page = (offset: number, at: SearchScale = scale) =>
      searchStoryIds(
        t.db.kysely,
        t.db.dialect,
        searchTerms('the'),
        { sort: 'relevance', ratings: ALL_AGES_RATINGS, offset, limit: 10 },
        at,
        rankLimit,
      );
    // The newest limit / share matches in the index's order (SQLite's rowids, PostgreSQL's
    // story ids, both in the order stories were made): about `rankLimit` of them a visitor's.
    const newest = Math.ceil(rankLimit / (allAges.length / matches));
    let ranked: Set<string>;
    if (t.db.dialect === 'sqlite') {
      const { rows } = await sql<{ id: string }>`
        select d.story_id as id from story_search_fts f join story_search d on d.doc_id = f.rowid
         where story_search_fts match ${fts5Match(searchTerms('the'))}
         order by f.rowid desc limit ${newest}`.execute(t.db.kysely);
      ranked = new Set(rows.map((row) => row.id));
    } else {
      ranked = new Set([...everything].sort().reverse().slice(0, newest));
    }
    const expected = allAges.filter((id) => ranked.has(id));
    expect(await page(0)).toEqual(expected.slice(0, 10));
    expect(await page(10)).toEqual(expected.slice(10, 20));
    // The limit mattered: some of the visitor's matches were not ranked.
    expect(expected.length).toBeGreaterThanOrEqual(20);
    expect(expected.length).toBeLessThan(allAges.length);
    // The last page reaches every match, and ranks them all as the pages before it did.
    const last = Math.floor((allAges.length - 1) / 10) * 10;
    expect(last).toBeGreaterThan(rankLimit);
    expect(await page(last)).toEqual(allAges.slice(last, last + 10));

    // A scope that keeps under an eighth of the matches takes the other path (each match
    // joined to its story): its window is the newest `rankLimit` stories the viewer may see.
    const narrow = { ...scale, matches: scale.total * 10 };
    let newestKept: Set<string>;
    if (t.db.dialect === 'sqlite') {
      const { rows } = await sql<{ id: string }>`
        select d.story_id as id from story_search_fts f
          join story_search d on d.doc_id = f.rowid join stories s on s.id = d.story_id
         where story_search_fts match ${fts5Match(searchTerms('the'))}
           and s.rating in (${sql.join(ALL_AGES_RATINGS)})
         order by f.rowid desc limit ${rankLimit}`.execute(t.db.kysely);
      newestKept = new Set(rows.map((row) => row.id));
    } else {
      newestKept = new Set([...allAges].sort().reverse().slice(0, rankLimit));
    }
    expect(newestKept.size).toBe(rankLimit);
    const inWindow = allAges.filter((id) => newestKept.has(id));
    expect(await page(0, narrow)).toEqual(inWindow.slice(0, 10));
    expect(await page(10, narrow)).toEqual(inWindow.slice(10, 20));
  });
});
