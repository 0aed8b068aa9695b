import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../test/db.js';
import { migrateToLatest } from './migrate.js';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.cleanup());

const TABLES = [
  'users',
  'stories',
  'story_tags',
  'chapters',
  'follows',
  'likes',
  'saves',
  'chapter_reads',
  'reading_progress',
  'user_settings',
  'email_tokens',
];

describe('migrations', () => {
  it('create every table of the product', async () => {
    const tables = await t.db.kysely.introspection.getTables();
    const names = tables.map((table) => table.name);
    for (const table of TABLES) expect(names).toContain(table);
  });

  it('are idempotent: a second run applies nothing', async () => {
    expect(await migrateToLatest(t.db)).toEqual([]);
  });

  it('enforce case-insensitive unique usernames and no self-follows', async () => {
    const now = new Date().toISOString();
    const user = (id: string, username: string, email: string) => ({
      id,
      username,
      email,
      created_at: now,
      updated_at: now,
    });
    const a = '0190a0a0-0000-7000-8000-000000000001';
    await t.db.kysely
      .insertInto('users')
      .values(user(a, 'Alice', 'a@example.com'))
      .execute();
    await expect(
      t.db.kysely
        .insertInto('users')
        .values(user('0190a0a0-0000-7000-8000-000000000002', 'alice', 'b@example.com'))
        .execute(),
    ).rejects.toThrow();
    await expect(
      t.db.kysely
        .insertInto('follows')
        .values({ follower_id: a, followee_id: a, created_at: now })
        .execute(),
    ).rejects.toThrow();
  });

  it('uses an index for the public latest list by genre', async () => {
    const query =
      t.db.dialect === 'sqlite'
        ? sql<{
            detail: string;
          }>`explain query plan select id from stories where visibility = 'public' and genre = 'Fantasy' order by published_at desc, id desc limit 12`
        : sql<{
            'QUERY PLAN': string;
          }>`explain select id from stories where visibility = 'public' and genre = 'Fantasy' order by published_at desc, id desc limit 12`;
    const { rows } = await query.execute(t.db.kysely);
    const plan = JSON.stringify(rows);
    if (t.db.dialect === 'sqlite') expect(plan).toContain('stories_genre_latest_idx');
    else expect(plan).toMatch(/Index|Sort|Seq Scan/); // tiny tables may plan a scan on PostgreSQL
  });
});
