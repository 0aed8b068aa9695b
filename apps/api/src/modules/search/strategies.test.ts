import { type Genre, RATINGS, STORY_SORTS } from '@storyloom/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedLibrary } from '../../seed/library.js';
import { createTestDb, type TestDb } from '../../test/db.js';
import { countSearch, RANK_LIMIT, type SearchScale, searchStoryIds } from './repo.js';
import { searchTerms } from './terms.js';

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
) =>
  searchStoryIds(
    t.db.kysely,
    t.db.dialect,
    searchTerms(q),
    { sort, genre, ratings: RATINGS, offset, limit: 10 },
    scale,
  );

describe('search strategies for broad queries', () => {
  it.each(STORY_SORTS)(
    'walks the %s index to the same page the sort of every match gives',
    async (sort) => {
      const terms = searchTerms('the');
      const matches = await countSearch(t.db.kysely, t.db.dialect, terms, undefined, RATINGS);
      expect(matches).toBeGreaterThan(20);
      const exhaustive = { matches, documents: matches };
      // Many matches among few documents: walking the list index is cheaper.
      const walk = { matches: 1_000_000, documents: 1 };
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

  it('ranks only the newest matches when there are more than RANK_LIMIT, the same when fewer exist', async () => {
    const terms = searchTerms('the');
    const matches = await countSearch(t.db.kysely, t.db.dialect, terms, undefined, RATINGS);
    expect(matches).toBeLessThan(RANK_LIMIT);
    const all = await ids('the', 'relevance', { matches, documents: matches });
    const capped = await ids('the', 'relevance', {
      matches: RANK_LIMIT * 10,
      documents: RANK_LIMIT * 10,
    });
    expect(all).toHaveLength(10);
    expect(capped).toEqual(all);
    expect(
      await ids('the', 'relevance', { matches: RANK_LIMIT * 10, documents: 1 }, 'Fantasy'),
    ).toEqual(await ids('the', 'relevance', { matches, documents: matches }, 'Fantasy'));
  });
});
