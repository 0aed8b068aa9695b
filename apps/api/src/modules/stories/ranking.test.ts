import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../lib/ids.js';
import { createTestDb, type TestDb } from '../../test/db.js';
import { likeAdded, readCounted, TRENDING_WEIGHTS, trendingAdd, trendingEvent } from './ranking.js';
import { changeStoryCounters } from './repo.js';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.cleanup());

const YEAR = 365 * 24 * 3600 * 1000;

async function storyWithTrending(score: number): Promise<string> {
  const now = new Date().toISOString();
  const authorId = newId();
  await t.db.kysely
    .insertInto('users')
    .values({
      id: authorId,
      username: `ranker_${authorId.slice(-8)}`,
      email: `${authorId}@example.com`,
      created_at: now,
      updated_at: now,
    })
    .execute();
  const id = newId();
  await t.db.kysely
    .insertInto('stories')
    .values({
      id,
      author_id: authorId,
      title: 'Old',
      genre: 'Fantasy',
      visibility: 'public',
      trending_score: score,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

const scoreOf = async (id: string) =>
  await t.db.kysely
    .selectFrom('stories')
    .select(['trending_score', 'popular_score', 'reads_count', 'votes_count'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe('ranking updates in the database', () => {
  it('add an event to a score as the formula does', async () => {
    const at = new Date().toISOString();
    const start = trendingEvent(TRENDING_WEIGHTS.publish, Date.now() - 3 * 24 * 3600 * 1000);
    const id = await storyWithTrending(start);
    await changeStoryCounters(t.db.kysely, id, (eb) => likeAdded(eb, t.db.dialect, at));
    const row = await scoreOf(id);
    expect(row.trending_score).toBeCloseTo(
      trendingAdd(start, trendingEvent(TRENDING_WEIGHTS.like, at)),
      9,
    );
    expect([row.votes_count, row.popular_score]).toEqual([1, 10]);
  });

  it('take a read years after the story last moved (the old score no longer matters)', async () => {
    const at = new Date().toISOString();
    const id = await storyWithTrending(trendingEvent(1, Date.now() - 6 * YEAR));
    await changeStoryCounters(t.db.kysely, id, (eb) => readCounted(eb, t.db.dialect, at));
    const row = await scoreOf(id);
    expect(row.trending_score).toBeCloseTo(trendingEvent(TRENDING_WEIGHTS.read, at), 9);
    expect(row.reads_count).toBe(1);
  });
});
