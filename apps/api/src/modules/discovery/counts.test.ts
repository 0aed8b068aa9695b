import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { newId } from '../../lib/ids.js';
import { createTestDb, type TestDb } from '../../test/db.js';
import { createUser } from '../../test/factories.js';
import { COUNT_TTL_MS, PublicStoryCounts } from './counts.js';

let t: TestDb;
let authorId: string;
beforeAll(async () => {
  t = await createTestDb();
  const config = { ...loadConfig({ NODE_ENV: 'test' }), jwtSecret: 'x'.repeat(32) };
  authorId = (await createUser(t.db, config)).user.id;
});
afterAll(() => t.cleanup());

async function insertStory(genre: string, visibility: 'public' | 'private' = 'public') {
  const now = new Date().toISOString();
  await t.db.kysely
    .insertInto('stories')
    .values({
      id: newId(),
      author_id: authorId,
      title: 'Counted',
      genre,
      visibility,
      published_at: visibility === 'public' ? now : null,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

describe('PublicStoryCounts', () => {
  it('counts public stories per genre, serves the count for a minute, then counts again', async () => {
    let clock = 1_000_000;
    const counts = new PublicStoryCounts(t.db, () => clock);
    await insertStory('Fantasy');
    await insertStory('Fantasy');
    await insertStory('Drama');
    await insertStory('Drama', 'private');
    expect(await counts.get('Fantasy')).toBe(2);
    expect(await counts.get(undefined)).toBe(3);

    // Written behind its back (another node, the seed): seen once the minute is over.
    await insertStory('Fantasy');
    clock += COUNT_TTL_MS - 1;
    expect(await counts.get('Fantasy')).toBe(2);
    clock += 1;
    expect(await counts.get('Fantasy')).toBe(3);
    expect(await counts.get(undefined)).toBe(4);
  });

  it('applies this node’s own changes at once, to the genre and the overall total', async () => {
    const counts = new PublicStoryCounts(t.db, () => 0);
    const fantasy = await counts.get('Fantasy');
    const all = await counts.get(undefined);
    counts.adjust('Fantasy', 'general', 1);
    expect(await counts.get('Fantasy')).toBe(fantasy + 1);
    expect(await counts.get(undefined)).toBe(all + 1);
    counts.adjust('Fantasy', 'general', -1);
    counts.adjust('Romance', 'general', 1); // not cached yet: nothing to adjust, counted when asked
    expect(await counts.get('Fantasy')).toBe(fantasy);
    expect(await counts.get('Romance')).toBe(0);
  });

  it('shares one count between concurrent callers and does not cache one that raced a change', async () => {
    const counts = new PublicStoryCounts(t.db, () => 0);
    const [a, b] = [counts.get('Drama'), counts.get('Drama')];
    counts.adjust('Drama', 'general', 1); // a story was committed while the count ran
    const [first, second] = await Promise.all([a, b]);
    expect(first).toBe(second);
    await insertStory('Drama');
    // The raced count was not cached: the next call counts again and sees the new story.
    expect(await counts.get('Drama')).toBe(first + 1);
  });

  it('counts the author directory (users with a public story) like the lists, once a minute', async () => {
    let clock = 5_000_000;
    const counts = new PublicStoryCounts(t.db, () => clock);
    const before = await counts.authors();
    const config = { ...loadConfig({ NODE_ENV: 'test' }), jwtSecret: 'x'.repeat(32) };
    const newcomer = (await createUser(t.db, config)).user.id;
    await t.db.kysely
      .updateTable('users')
      .set({ stories_count: 1 })
      .where('id', '=', newcomer)
      .execute();
    expect(await counts.authors()).toBe(before);
    clock += COUNT_TTL_MS;
    expect(await counts.authors()).toBe(before + 1);
  });
});
