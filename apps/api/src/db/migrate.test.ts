import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../test/db.js';
import { createDb } from './index.js';
import { MIGRATION_NAMES, migrateToLatest } from './migrate.js';

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
    if (t.db.dialect === 'sqlite') expect(plan).toContain('stories_genre_latest_filters_idx');
    else expect(plan).toMatch(/Index|Sort|Seq Scan/); // tiny tables may plan a scan on PostgreSQL
  });
});

describe('a migration that fails part-way', () => {
  let half: TestDb;
  beforeAll(async () => {
    half = await createTestDb({ upTo: '008_notifications' });
  });
  afterAll(() => half.cleanup());

  // 009 adds the rating columns and backfills them before it creates its trigger: an object
  // already holding the trigger's name makes it fail after its first changes.
  const blocker = (dialect: string) =>
    dialect === 'sqlite'
      ? [
          'create trigger stories_rating_follows_flag_ai after insert on users begin select 1; end',
          'drop trigger stories_rating_follows_flag_ai',
        ]
      : [
          'create function storyloom_rating_follows_flag() returns int language sql as $$ select 1 $$',
          'drop function storyloom_rating_follows_flag()',
        ];
  const columns = async () =>
    (await half.db.kysely.introspection.getTables())
      .find((table) => table.name === 'stories')!
      .columns.map((c) => c.name);

  it('leaves nothing of itself, and applies whole on the next start', async () => {
    const [create, drop] = blocker(half.db.dialect);
    await sql.raw(create!).execute(half.db.kysely);
    await expect(migrateToLatest(half.db)).rejects.toThrow(/Migration 009_story_ratings failed/);
    expect(await columns()).not.toContain('rating');
    const recorded = await sql<{ name: string }>`select name from kysely_migration`.execute(
      half.db.kysely,
    );
    expect(recorded.rows.map((r) => r.name)).not.toContain('009_story_ratings');

    await sql.raw(drop!).execute(half.db.kysely);
    const applied = await migrateToLatest(half.db);
    expect(applied[0]).toBe('009_story_ratings');
    expect(applied).toContain('017_indexes_built_concurrently');
    expect(await columns()).toContain('rating');
  });

  it('of concurrent index builds (PostgreSQL) is finished by running it again', async () => {
    if (half.db.dialect !== 'postgres') return;
    const { up } = await import('./migrations/017_indexes_built_concurrently.js');
    // What a build killed part-way leaves: the index there, but marked invalid.
    await sql`update pg_index set indisvalid = false
               where indexrelid = 'stories_all_ages_latest_idx'::regclass`.execute(half.db.kysely);
    await up(half.db.kysely as never, 'postgres');
    const { rows } = await sql<{ valid: boolean }>`
      select i.indisvalid as valid from pg_index i
       where i.indexrelid = 'stories_all_ages_latest_idx'::regclass`.execute(half.db.kysely);
    expect(rows).toEqual([{ valid: true }]);
  });

  it('of the word counts (018) is finished by running it again, on either database', async () => {
    const { up } = await import('./migrations/018_story_filters.js');
    const pg = half.db.dialect === 'postgres';
    if (pg)
      await sql`update pg_index set indisvalid = false
                 where indexrelid = 'stories_words_idx'::regclass`.execute(half.db.kysely);
    // The column is there already: it is kept, the backfill runs again, the index is finished.
    await up(half.db.kysely as never, half.db.dialect);
    expect((await columns()).filter((name) => name === 'word_count')).toHaveLength(1);
    if (pg) {
      const { rows } = await sql<{ valid: boolean }>`
        select i.indisvalid as valid from pg_index i
         where i.indexrelid = 'stories_words_idx'::regclass`.execute(half.db.kysely);
      expect(rows).toEqual([{ valid: true }]);
    }
  });
});

describe('processes starting together', () => {
  let fresh: TestDb;
  beforeAll(async () => {
    fresh = await createTestDb({ upTo: '016_story_stats' });
  });
  afterAll(() => fresh.cleanup());

  // Two servers started at once on a database one release behind: each migration, 017's
  // `create index concurrently` outside any transaction included, is applied once, by one of
  // them, and neither fails (before the session lock they could deadlock in 017).
  it('apply each pending migration once, one process after the other', async () => {
    const other =
      fresh.db.dialect === 'postgres'
        ? createDb({ kind: 'postgres', url: fresh.location })
        : createDb({ kind: 'sqlite', file: join(fresh.location, 'test.db') });
    try {
      const [a, b] = await Promise.all([migrateToLatest(fresh.db), migrateToLatest(other)]);
      const pending = MIGRATION_NAMES.slice(MIGRATION_NAMES.indexOf('016_story_stats') + 1);
      expect([...a, ...b].sort()).toEqual(pending);
      expect(await migrateToLatest(other)).toEqual([]);
    } finally {
      await other.close();
    }
  });
});
