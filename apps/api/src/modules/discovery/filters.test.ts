import { FILTER_MESSAGES, RATING_MESSAGES, RATINGS, STORY_SORTS } from '@storyloom/shared';
import { sql, type Updateable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoriesTable } from '../../db/types.js';
import { roughly } from '../../lib/pagination.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser } from '../../test/factories.js';
import { call, chaptersOf, createStory } from '../../test/stories.js';
import { hideChapter, restoreChapter } from '../moderation/hiding.js';
import {
  drivesPage,
  filteredStoryIdsQuery,
  narrowestDriver,
  sampleFiltered,
  TOTALS,
} from './filters.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.testDb.db.kysely;
const newUser = () => createUser(t.testDb.db, t.config);
type Auth = { authorization: string } | undefined;
type Item = { id: string; title: string; word_count: number; tags: string[] };

const setStory = (id: string, changes: Updateable<StoriesTable>) =>
  db().updateTable('stories').set(changes).where('id', '=', id).execute();

const list = async (query: string, auth?: Auth) => {
  const res = await call(t, 'GET', `/stories?${query}`, auth);
  if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as { items: Item[]; total: number; total_estimated?: true };
};
const titles = async (query: string, auth?: Auth) =>
  (await list(query, auth)).items.map((item) => item.title).sort();

/** `n` words of text, as one paragraph. */
const words = (n: number) => `<p>${Array.from({ length: n }, () => 'word').join(' ')}</p>`;
const wordCountOf = async (id: string) =>
  Number(
    (
      await db()
        .selectFrom('stories')
        .select('word_count')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).word_count,
  );

describe('stories.word_count', () => {
  it('is the words of the published chapters, through every chapter change', async () => {
    const author = await newUser();
    const story = await createStory(t, author.auth, {
      chapters: [
        { title: 'One', content: words(100) },
        { title: 'Two', content: words(20) },
      ],
    });
    expect(story.word_count).toBe(120);
    expect(await wordCountOf(story.id)).toBe(120);

    const draft = await call(t, 'POST', '/chapters', author.auth, {
      story_id: story.id,
      title: 'Three',
      content: words(7),
    });
    expect(draft.status).toBe(201);
    expect(await wordCountOf(story.id)).toBe(120);
    await call(t, 'PATCH', `/chapters/${draft.body.data.id}`, author.auth, { published: true });
    expect(await wordCountOf(story.id)).toBe(127);
    await call(t, 'PATCH', `/chapters/${draft.body.data.id}`, author.auth, { content: words(10) });
    expect(await wordCountOf(story.id)).toBe(130);
    await call(t, 'PATCH', `/chapters/${draft.body.data.id}`, author.auth, { published: false });
    expect(await wordCountOf(story.id)).toBe(120);

    const [, two] = await chaptersOf(t, story.id, author.auth);
    expect((await call(t, 'DELETE', `/chapters/${two!.id}`, author.auth)).status).toBe(200);
    expect(await wordCountOf(story.id)).toBe(100);
    expect((await call(t, 'POST', `/chapters/${two!.id}/restore`, author.auth)).status).toBe(200);
    expect(await wordCountOf(story.id)).toBe(120);

    // Hidden by the moderators: out of the count while hidden, back when restored.
    const now = new Date().toISOString();
    await db()
      .transaction()
      .execute((trx) =>
        hideChapter(trx, t.testDb.db.dialect, two!.id, {
          cause: 'moderation',
          reason: 'test',
          now,
        }),
      );
    expect(await wordCountOf(story.id)).toBe(100);
    await db()
      .transaction()
      .execute((trx) => restoreChapter(trx, t.testDb.db.dialect, two!.id));
    expect(await wordCountOf(story.id)).toBe(120);
    expect((await call(t, 'GET', `/stories/${story.id}`)).body.data.word_count).toBe(120);
  });
});

describe('GET /stories: filters', () => {
  /** A small library in its own genre (Poetry), so other tests' stories stay out of it. */
  let lib: Record<string, { id: string }>;
  let author: Awaited<ReturnType<typeof newUser>>;
  let other: Awaited<ReturnType<typeof newUser>>;
  const W = 'genre=Poetry';

  beforeAll(async () => {
    author = await newUser();
    other = await newUser();
    const make = async (
      who: typeof author,
      title: string,
      tags: string[],
      n: number,
      extra: Record<string, unknown> = {},
    ) =>
      createStory(t, who.auth, {
        title,
        genre: 'Poetry',
        tags,
        chapters: [{ title: 'One', content: words(n) }],
        ...extra,
      });
    lib = {
      dusty: await make(author, 'Dusty', ['Desert', 'Revenge'], 50),
      ember: await make(author, 'Ember', ['desert', 'Romance'], 500, {
        completion_status: 'completed',
      }),
      flint: await make(author, 'Flint', ['Revenge'], 5000, { language: 'Spanish' }),
      gale: await make(other, 'Gale', ['Desert', 'Revenge', 'Romance'], 900, {
        rating: 'teen',
      }),
      mature: await make(author, 'Harsh', ['Desert'], 300, { rating: 'mature' }),
      secret: await make(author, 'Secret', ['Desert'], 300, { visibility: 'private' }),
      hidden: await make(author, 'Hidden', ['Desert'], 300),
      binned: await make(author, 'Binned', ['Desert'], 300),
    };
    // Hidden by the moderators (private while hidden), and in the trash.
    await setStory(lib.hidden!.id, {
      visibility: 'private',
      visibility_before_hidden: 'public',
      hidden_at: new Date().toISOString(),
      hidden_cause: 'moderation',
    });
    expect((await call(t, 'DELETE', `/stories/${lib.binned!.id}`, author.auth)).status).toBe(200);
  });

  it('includes tags (all of them, any case) and excludes tags (any of them)', async () => {
    expect(await titles(`${W}&tags=desert`)).toEqual(['Dusty', 'Ember', 'Gale']);
    expect(await titles(`${W}&tags=DESERT,revenge`)).toEqual(['Dusty', 'Gale']);
    expect(await titles(`${W}&exclude_tags=revenge`)).toEqual(['Ember']);
    expect(await titles(`${W}&exclude_tags=romance,Revenge`)).toEqual([]);
    expect(await titles(`${W}&tags=desert&exclude_tags=romance`)).toEqual(['Dusty']);
    expect(await titles(`${W}&tags=nobody-uses-this`)).toEqual([]);
    expect((await list(`${W}&tags=desert,revenge`)).total).toBe(2);
  });

  it('filters by status, language, word count and rating, in any combination', async () => {
    expect(await titles(`${W}&status=completed`)).toEqual(['Ember']);
    expect(await titles(`${W}&status=Ongoing`)).toEqual(['Dusty', 'Flint', 'Gale']);
    expect(await titles(`${W}&language=spanish`)).toEqual(['Flint']);
    expect(await titles(`${W}&words_min=500`)).toEqual(['Ember', 'Flint', 'Gale']);
    expect(await titles(`${W}&words_max=500`)).toEqual(['Dusty', 'Ember']);
    expect(await titles(`${W}&words_min=500&words_max=900`)).toEqual(['Ember', 'Gale']);
    expect(await titles(`${W}&words_min=900&words_max=900`)).toEqual(['Gale']);
    expect(await titles(`${W}&rating=teen&tags=desert`)).toEqual(['Gale']);
    expect(
      await titles(`${W}&rating=general,teen&status=ongoing&words_min=100&tags=revenge`),
    ).toEqual(['Flint', 'Gale']);
    const combo = await list(
      `${W}&rating=general&language=English&exclude_tags=romance&words_max=10000`,
    );
    expect(combo.items.map((item) => item.title)).toEqual(['Dusty']);
    expect(combo.total).toBe(1);
  });

  it('keeps every sort, and pages without overlap', async () => {
    for (const sort of STORY_SORTS) {
      const all = (await list(`${W}&sort=${sort}&limit=50`)).items.map((item) => item.id);
      const filtered = (await list(`${W}&sort=${sort}&tags=revenge&limit=50`)).items.map(
        (item) => item.id,
      );
      // The filtered list is the unfiltered one with the others left out, in the same order.
      const revenge = new Set([lib.dusty!.id, lib.flint!.id, lib.gale!.id]);
      expect(filtered).toEqual(all.filter((id) => revenge.has(id)));
      const pages = [
        ...(await list(`${W}&sort=${sort}&tags=revenge&limit=2&page=1`)).items,
        ...(await list(`${W}&sort=${sort}&tags=revenge&limit=2&page=2`)).items,
      ].map((item) => item.id);
      expect(pages).toEqual(filtered);
    }
  });

  it('finds the same page from a tag or the word range as along the list order', async () => {
    for (const sort of STORY_SORTS) {
      const params = {
        genre: 'Poetry' as const,
        ratings: [...RATINGS],
        sort,
        offset: 0,
        limit: 20,
        filters: {
          tags: ['desert', 'revenge'],
          exclude_tags: ['romance'],
          words_min: 10,
          words_max: 1000,
        },
      };
      const walked = await filteredStoryIdsQuery(db(), t.testDb.db.dialect, params).execute();
      const fromTag = await filteredStoryIdsQuery(db(), t.testDb.db.dialect, params, {
        kind: 'tag',
        tag: 'desert',
      }).execute();
      const fromWords = await filteredStoryIdsQuery(db(), t.testDb.db.dialect, params, {
        kind: 'words',
      }).execute();
      expect(fromTag).toEqual(walked);
      expect(fromWords).toEqual(walked);
      expect(walked.map((row) => row.id)).toEqual([lib.dusty!.id]);
      const wide = { ...params, filters: { words_min: 0 } };
      const all = await filteredStoryIdsQuery(db(), t.testDb.db.dialect, wide).execute();
      expect(
        await filteredStoryIdsQuery(db(), t.testDb.db.dialect, wide, { kind: 'words' }).execute(),
      ).toEqual(all);
    }
    // The narrowest candidate, counted no further than DRIVE_MAX; it drives a page when its
    // entries are few against the list it narrows.
    const revenge = await narrowestDriver(db(), { tags: ['desert', 'revenge'] });
    expect(revenge?.driver).toEqual({ kind: 'tag', tag: 'revenge' });
    expect(revenge?.entries).toBeGreaterThanOrEqual(3);
    const long = await narrowestDriver(db(), { tags: ['desert'], words_min: 4000 });
    expect(long?.driver).toEqual({ kind: 'words' });
    expect(await narrowestDriver(db(), { status: 'ongoing' })).toBeUndefined();
    const few = { driver: { kind: 'words' as const }, entries: 100 };
    expect(drivesPage(few, 20, 1_000_000)).toEqual({ kind: 'words' });
    expect(drivesPage(few, 20, 100)).toBeUndefined();
    expect(drivesPage({ ...few, entries: 5000 }, 20, 1_000_000)).toEqual({ kind: 'words' });
    expect(drivesPage({ ...few, entries: 5000 }, 20, 10_000)).toBeUndefined();
    expect(drivesPage(undefined, 20, 1_000_000)).toBeUndefined();
  });

  it('never lists private, hidden, deleted or (for visitors) mature stories', async () => {
    const visitor = await titles(`${W}&tags=desert&limit=50`);
    expect(visitor).toEqual(['Dusty', 'Ember', 'Gale']);
    expect(await titles(`${W}&tags=desert&rating=mature`)).toEqual([]);
    expect(await titles(`${W}&tags=desert&rating=mature,explicit`)).toEqual([]);
    // A reader who turned on Show mature content sees the Mature story, never the others.
    const reader = await newUser();
    await call(t, 'PUT', '/users/me/settings', reader.auth, { showMatureContent: true });
    expect(await titles(`${W}&tags=desert`, reader.auth)).toEqual([
      'Dusty',
      'Ember',
      'Gale',
      'Harsh',
    ]);
    expect((await list(`${W}&tags=desert`, reader.auth)).total).toBe(4);
    // Not even their author finds them in a filtered list.
    expect(await titles(`${W}&tags=desert&words_min=300&words_max=300`, author.auth)).toEqual([]);
  });

  it('leaves out the stories of people the reader muted, and from the total', async () => {
    const reader = await newUser();
    const muted = await call(t, 'POST', `/users/${other.user.username}/mute`, reader.auth);
    expect(muted.status).toBeLessThan(300);
    const seen = await list(`${W}&tags=desert`, reader.auth);
    expect(seen.items.map((item) => item.title).sort()).toEqual(['Dusty', 'Ember']);
    expect(seen.total).toBe(2);
    for (const sort of STORY_SORTS)
      expect(await titles(`${W}&sort=${sort}&tags=revenge&status=ongoing`, reader.auth)).toEqual([
        'Dusty',
        'Flint',
      ]);
  });

  it('refuses bad filters with a 400 that names the parameter', async () => {
    const cases: [string, string, string][] = [
      ['rating=spicy', 'rating', RATING_MESSAGES.ratingInvalid],
      ['words_min=900&words_max=100', 'words_max', FILTER_MESSAGES.wordsInverted],
      ['words_min=-1', 'words_min', FILTER_MESSAGES.wordsInvalid],
      ['words_max=lots', 'words_max', FILTER_MESSAGES.wordsInvalid],
      [
        `tags=${Array.from({ length: 11 }, (_, i) => `t${i}`).join(',')}`,
        'tags',
        FILTER_MESSAGES.tagsMax,
      ],
      [
        `exclude_tags=${Array.from({ length: 11 }, (_, i) => `t${i}`).join(',')}`,
        'exclude_tags',
        FILTER_MESSAGES.excludeTagsMax,
      ],
      [`tags=${'x'.repeat(31)}`, 'tags', FILTER_MESSAGES.tagTooLong],
      ['tags=desert&exclude_tags=Desert', 'exclude_tags', FILTER_MESSAGES.tagBoth],
      ['status=abandoned', 'status', FILTER_MESSAGES.statusInvalid],
      ['language=Klingon', 'language', FILTER_MESSAGES.languageInvalid],
    ];
    for (const [query, field, message] of cases) {
      const res = await call(t, 'GET', `/stories?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error.details[field], query).toBe(message);
    }
    // Ten of each, blank values and 'any' are fine.
    const ten = Array.from({ length: 10 }, (_, i) => `t${i}`).join(',');
    expect((await call(t, 'GET', `/stories?tags=${ten}&exclude_tags=x`)).status).toBe(200);
    expect(
      (await call(t, 'GET', '/stories?tags=&exclude_tags=&status=&language=any&words_min=')).status,
    ).toBe(200);
  });
});

describe('estimated totals (decision 038)', () => {
  const G = 'genre=Thriller';
  const kept = { ...TOTALS };
  afterAll(() => {
    Object.assign(TOTALS, kept);
  });

  beforeAll(async () => {
    const author = await newUser();
    // 24 stories: every third completed, every other one tagged Lantern.
    for (let i = 0; i < 24; i++)
      await createStory(t, author.auth, {
        title: `Thriller ${i}`,
        genre: 'Thriller',
        tags: i % 2 === 0 ? ['Lantern'] : ['Dust'],
        completion_status: i % 3 === 0 ? 'completed' : 'ongoing',
        chapters: [{ title: 'One', content: words(10 + i) }],
      });
  });

  it('rounds an estimate to two significant figures', () => {
    expect([0, 7, 87, 99.6, 3_437, 12_345, 985_432].map(roughly)).toEqual([
      0, 7, 87, 100, 3_400, 12_000, 990_000,
    ]);
  });

  it('estimates a long list from a sample of the stories, and says so', async () => {
    // Every list counts as long, and the sample reads every story: the estimate is the count.
    Object.assign(TOTALS, { exactMax: 0, sampleSize: 1_000_000, sampleListedMin: 1 });
    const completed = await list(`${G}&status=completed&limit=3`);
    expect(completed.items).toHaveLength(3);
    expect(completed.total).toBe(8);
    expect(completed.total_estimated).toBe(true);
    // An excluded tag never drives: estimated too.
    const untagged = await list(`${G}&exclude_tags=lantern&limit=5&page=2`);
    expect(untagged.items).toHaveLength(5);
    expect(untagged).toMatchObject({ total: 12, total_estimated: true });
  });

  it('gives the exact total when the page is the last, whatever was estimated', async () => {
    Object.assign(TOTALS, { exactMax: 0, sampleSize: 1_000_000, sampleListedMin: 1 });
    const last = await list(`${G}&exclude_tags=lantern&status=ongoing&limit=5&page=2`);
    expect(last.items.map((item) => item.title)).toHaveLength(3);
    expect(last.total).toBe(8);
    expect(last.total_estimated).toBeUndefined();
    const none = await list(`${G}&exclude_tags=lantern,dust`);
    expect(none).toMatchObject({ items: [], total: 0 });
    expect(none.total_estimated).toBeUndefined();
  });

  it('counts instead when a tag drives, the list is short or the sample holds too few', async () => {
    Object.assign(TOTALS, { exactMax: 0, sampleSize: 1_000_000, sampleListedMin: 1 });
    // An included tag of at most DRIVE_MAX stories is counted from its entries.
    const tagged = await list(`${G}&tags=lantern&limit=2`);
    expect(tagged).toMatchObject({ total: 12 });
    expect(tagged.total_estimated).toBeUndefined();
    Object.assign(TOTALS, { exactMax: 1_000_000 });
    const short = await list(`${G}&words_min=20&limit=2`);
    expect(short.total).toBe(14);
    expect(short.total_estimated).toBeUndefined();
    Object.assign(TOTALS, { exactMax: 0, sampleListedMin: 1_000_000 });
    const thin = await list(`${G}&words_max=20&limit=2`);
    expect(thin.total).toBe(11);
    expect(thin.total_estimated).toBeUndefined();
  });

  it('samples stories spread over the table, the listed and the passing', async () => {
    const dialect = t.testDb.db.dialect;
    const params = {
      genre: 'Thriller' as const,
      ratings: [...RATINGS],
      filters: { status: 'completed' as const },
    };
    const whole = await sampleFiltered(db(), dialect, params, 1_000_000, 24);
    expect(whole).toEqual({ listed: 24, passing: 8 });
    if (dialect === 'sqlite') {
      // Runs of 16 neighbouring rowids spread over the table: about half of every story listed.
      const { rows } = await sql<{ n: number }>`select max(rowid) as n from stories`.execute(db());
      const everyone = { ratings: [...RATINGS], filters: { status: 'completed' as const } };
      const all = await sampleFiltered(db(), dialect, everyone, 1_000_000, 24);
      const half = await sampleFiltered(db(), dialect, everyone, Math.floor(rows[0]!.n / 2), 24);
      expect(half!.listed).toBeGreaterThanOrEqual(all!.listed / 4);
      expect(half!.listed).toBeLessThanOrEqual((all!.listed * 3) / 4);
      expect(half!.passing).toBeLessThanOrEqual(half!.listed);
    }
  });
});
