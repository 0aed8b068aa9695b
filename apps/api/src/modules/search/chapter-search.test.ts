import { RATINGS } from '@storyloom/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roughly, WALK_FIRST_STEP } from '../../lib/pagination.js';
import { nowIso } from '../../lib/time.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser } from '../../test/factories.js';
import { call, chaptersOf, createStory } from '../../test/stories.js';
import { hideChapter, hideStory } from '../moderation/hiding.js';
import { CANDIDATES, type CandidateLimits, matchingChapters } from './chapter-repo.js';
import { chapterTerms } from './chapter-terms.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.testDb.db;
type Auth = { authorization: string } | undefined;
type Hit = {
  story: { id: string; title: string };
  chapter: { id: string; title: string; position: number };
  paragraph: number;
  snippet: { text: string; highlights: { start: number; end: number }[] };
};
type Page = {
  items: Hit[];
  total: number;
  page: number;
  limit: number;
  total_estimated?: true;
};

async function find(q: string, auth?: Auth, extra = ''): Promise<Page> {
  const res = await call(t, 'GET', `/search/chapters?q=${encodeURIComponent(q)}${extra}`, auth);
  if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}
const marked = (hit: Hit) =>
  hit.snippet.highlights.map((r) => hit.snippet.text.slice(r.start, r.end));
const chapterIds = async (q: string, auth?: Auth) =>
  (await find(q, auth)).items.map((hit) => hit.chapter.id);

const CHAPTER = [
  '<p>The rain had not stopped for a week.</p>',
  '<p>She walked to the harbour. Beyond the pier, <em>the quince lantern</em> swung in the wind! Nobody lit it.</p>',
  '<blockquote><p>Old songs spoke of lanterns.</p></blockquote>',
  '<p>A quince tree grew by the door, and its lantern-light was gold.</p>',
].join('');

describe('GET /search/chapters', () => {
  it('finds the same newest candidates by walking the paragraphs as by reading the index (decision 046)', async () => {
    // First in the file, so the oldest paragraphs are this test's: a walk from the wrong end
    // would find other matches than the newest.
    const author = await createUser(db(), t.config);
    // Newest last: paragraphs where "amber" and "finch" go together, apart, or one alone.
    const paragraph = (i: number) =>
      [
        `<p>An amber finch, the ${i}th.</p>`,
        `<p>Amber light; no bird ${i}.</p>`,
        `<p>A finch of ${i} and an amber stone.</p>`,
        `<p>Nothing at ${i}.</p>`,
      ][i % 4];
    for (const n of [1, 2, 3]) {
      await createStory(t, author.auth, {
        title: `Finches ${n}`,
        chapters: Array.from({ length: 3 }, (_, c) => ({
          title: `Part ${c + 1}`,
          content: Array.from({ length: 12 }, (_, i) => paragraph(i + n + c)).join(''),
        })),
      });
    }
    const reader = { ratings: RATINGS, mutedBy: undefined };
    const window = { offset: 0, limit: 50 };
    const matching = (q: string, limits: CandidateLimits) =>
      matchingChapters(db().kysely, db().dialect, chapterTerms(q), reader, window, limits);
    const indexOnly = { ...CANDIDATES, walkPlannedMin: Number.POSITIVE_INFINITY };
    for (const candidates of [4, 10, 1_000]) {
      for (const q of ['amber finch', '"amber finch"', 'finch', 'amber stone']) {
        const expected = await matching(q, { ...indexOnly, candidates });
        expect(expected.matches.length).toBeGreaterThan(0);
        // Walks of every length: the probe fills the limit, the longer walk does, or neither
        // does and the index answers.
        for (const [walkProbe, walkRows] of [
          [2, 8],
          [8, 40],
          [40, 400],
          [1, 1],
        ] as const) {
          const limits = { candidates, walkPlannedMin: 0, walkProbe, walkRows };
          expect(await matching(q, limits)).toEqual(expected);
        }
      }
    }
  });

  it('finds a quoted phrase inside a paragraph and answers its sentence with the match marked', async () => {
    const author = await createUser(db(), t.config);
    const story = await createStory(t, author.auth, {
      title: 'Harbour lights',
      chapters: [
        { title: 'Fog', content: '<p>Nothing here.</p>' },
        { title: 'Rain', content: CHAPTER },
      ],
    });
    const page = await find('"quince lantern"');
    expect(page.total).toBe(1);
    const hit = page.items[0]!;
    expect(hit.story).toMatchObject({ id: story.id, title: 'Harbour lights' });
    expect(hit.chapter).toMatchObject({ title: 'Rain', position: 2 });
    expect(hit.paragraph).toBe(1);
    // The sentence, as plain text (inline formatting dropped), the phrase marked.
    expect(hit.snippet.text).toBe('Beyond the pier, the quince lantern swung in the wind!');
    expect(marked(hit)).toEqual(['quince lantern']);
    // Loose words must share one paragraph: "quince" and "songs" never do.
    expect(await find('quince songs')).toMatchObject({ total: 0, items: [] });
    // Both words in paragraph 1 (its first), then both in paragraph 3.
    const words = await find('lantern QUINCE');
    expect(words.items[0]).toMatchObject({ paragraph: 1 });
    expect(marked(words.items[0]!)).toEqual(['quince', 'lantern']);
    // A phrase keeps its order.
    expect((await find('"lantern quince"')).total).toBe(0);
    // A blockquote is a paragraph too.
    expect((await find('"old songs"')).items[0]).toMatchObject({ paragraph: 2 });
  });

  it('folds case and accents, and treats query syntax as text', async () => {
    const author = await createUser(db(), t.config);
    await createStory(t, author.auth, {
      title: 'Café',
      chapters: [{ title: 'One', content: '<p>We met at the Café Zéphyrine at noon.</p>' }],
    });
    const hit = (await find('cafe ZEPHYRINE')).items[0]!;
    expect(marked(hit)).toEqual(['Café', 'Zéphyrine']);
    for (const q of ['zephyrine*', '"zephyrine', 'zephyrine OR', '(zephyrine)', '^zephyrine:']) {
      expect((await find(q)).total).toBe(1);
    }
    // Every word is required, operators included: found nowhere, and no error.
    for (const q of ['NEAR(zephyrine)', "zephyrine'; drop table chapters"]) {
      expect((await find(q)).total).toBe(0);
    }
    expect(await find('   ')).toEqual({ items: [], total: 0, page: 1, limit: 20 });
  });

  it('finds a phrase through its word pairs, and only the phrase itself (decision 039)', async () => {
    const author = await createUser(db(), t.config);
    const story = await createStory(t, author.auth, {
      title: 'Pairs',
      chapters: [
        {
          title: 'One',
          content:
            '<p>Hush, a whisper. Ada ran; the whisper faded and ada slept by the Café Quillöne.</p>',
        },
      ],
    });
    const [chapter] = await chaptersOf(t, story.id, author.auth);
    // Across a sentence's end, and folded: each pair is in the index.
    expect(await chapterIds('"a whisper ada"')).toEqual([chapter!.id]);
    expect(await chapterIds('"CAFE quillone"')).toEqual([chapter!.id]);
    // "whisper ada" and "ada slept" are both pairs of the paragraph; the phrase is not in it.
    expect(await chapterIds('"whisper ada slept"')).toEqual([]);
    expect(await chapterIds('"ada whisper"')).toEqual([]);
    // A paragraph holding a phrase's pairs apart is passed over for the one holding the phrase.
    const apart = await createStory(t, author.auth, {
      title: 'Apart',
      chapters: [
        {
          title: 'One',
          content:
            '<p>The wren heron fled; heron quill fell.</p><p>Ink, then a wren heron quill.</p>',
        },
      ],
    });
    const [apartChapter] = await chaptersOf(t, apart.id, author.auth);
    const found = await find('"wren heron quill"');
    expect(found.items.map((hit) => [hit.chapter.id, hit.paragraph])).toEqual([
      [apartChapter!.id, 1],
    ]);
    expect(marked(found.items[0]!)).toEqual(['wren heron quill']);
    expect((await find('"fled heron fled"')).total).toBe(0);
    // A save writes the new text's pairs and drops the old ones.
    await call(t, 'PATCH', `/chapters/${chapter!.id}`, author.auth, {
      content: '<p>A whisper, then Ada slept.</p>',
    });
    expect(await chapterIds('"a whisper ada"')).toEqual([]);
    expect(await chapterIds('"whisper then ada slept"')).toEqual([chapter!.id]);
  });

  it('saves a paragraph of tens of thousands of different words, and finds its phrases', async () => {
    // Each word its own (base 26 of a counter): the index's biggest case, near a tsvector's 1 MB.
    const word = (i: number) =>
      `q${i.toString(26).replace(/[0-9]/g, (d) => 'abcdefghij'[Number(d)]!)}x`;
    const words = Array.from({ length: 60_000 }, (_, i) => word(i));
    const author = await createUser(db(), t.config);
    const story = await createStory(t, author.auth, {
      title: 'One long breath',
      chapters: [{ title: 'All of it', content: `<p>${words.join(' ')}</p>` }],
    });
    const [chapter] = await chaptersOf(t, story.id, author.auth);
    expect(await chapterIds(`"${words[0]} ${words[1]} ${words[2]}"`)).toEqual([chapter!.id]);
    expect(await chapterIds(words[59_999]!)).toEqual([chapter!.id]);
  });

  it('follows the text through saves, and publishing, trash, hiding and visibility', async () => {
    const author = await createUser(db(), t.config);
    const story = await createStory(t, author.auth, {
      title: 'Changing',
      chapters: [{ title: 'One', content: '<p>The marigold wyvern slept.</p>' }],
    });
    const [chapter] = await chaptersOf(t, story.id, author.auth);
    const id = chapter!.id;
    expect(await chapterIds('"marigold wyvern"')).toEqual([id]);

    // A save replaces the words and moves the paragraph.
    await call(t, 'PATCH', `/chapters/${id}`, author.auth, {
      content: '<p>Intro.</p><p>The cobalt wyvern woke.</p>',
    });
    expect(await chapterIds('marigold')).toEqual([]);
    expect((await find('"cobalt wyvern"')).items[0]).toMatchObject({ paragraph: 1 });

    // A draft is never found; published again, it is.
    const draft = await call(t, 'POST', `/chapters`, author.auth, {
      story_id: story.id,
      title: 'Two',
      content: '<p>A cobalt wyvern in a draft.</p>',
      published: false,
    });
    expect(draft.status).toBe(201);
    expect(await chapterIds('"cobalt wyvern"')).toEqual([id]);
    await call(t, 'PATCH', `/chapters/${id}`, author.auth, { published: false });
    expect(await chapterIds('"cobalt wyvern"')).toEqual([]);
    await call(t, 'PATCH', `/chapters/${id}`, author.auth, { published: true });
    expect(await chapterIds('"cobalt wyvern"')).toEqual([id]);

    // Recently deleted, then restored.
    await call(t, 'DELETE', `/chapters/${id}`, author.auth);
    expect(await chapterIds('"cobalt wyvern"')).toEqual([]);
    expect((await call(t, 'POST', `/chapters/${id}/restore`, author.auth)).status).toBe(200);
    expect(await chapterIds('"cobalt wyvern"')).toEqual([id]);

    // A private story, then public again.
    await call(t, 'PATCH', `/stories/${story.id}`, author.auth, { visibility: 'private' });
    expect(await chapterIds('"cobalt wyvern"')).toEqual([]);
    await call(t, 'PATCH', `/stories/${story.id}`, author.auth, { visibility: 'public' });
    expect(await chapterIds('"cobalt wyvern"')).toEqual([id]);

    // Hidden by the moderators: the chapter, then the story.
    const hide = { cause: 'moderation' as const, reason: 'Spam', now: nowIso() };
    await db()
      .kysely.transaction()
      .execute((trx) => hideChapter(trx, db().dialect, id, hide));
    expect(await chapterIds('"cobalt wyvern"')).toEqual([]);
    const other = await createStory(t, author.auth, {
      title: 'Other',
      chapters: [{ title: 'One', content: '<p>A saffron basilisk.</p>' }],
    });
    expect((await find('saffron basilisk')).total).toBe(1);
    await db()
      .kysely.transaction()
      .execute((trx) => hideStory(trx, db().dialect, other.id, hide));
    expect((await find('saffron basilisk')).total).toBe(0);
  });

  it('leaves mature stories out for visitors and readers who did not opt in', async () => {
    const author = await createUser(db(), t.config);
    await createStory(t, author.auth, {
      title: 'Grown-up',
      rating: 'mature',
      chapters: [{ title: 'One', content: '<p>The vermilion gryphon drank.</p>' }],
    });
    expect((await find('vermilion gryphon')).total).toBe(0);
    const reader = await createUser(db(), t.config);
    expect((await find('vermilion gryphon', reader.auth)).total).toBe(0);
    await call(t, 'PUT', '/users/me/settings', reader.auth, { showMatureContent: true });
    expect((await find('vermilion gryphon', reader.auth)).total).toBe(1);
    // Raising a rating takes a story out at once.
    const teen = await createStory(t, author.auth, {
      title: 'Teen',
      rating: 'teen',
      chapters: [{ title: 'One', content: '<p>The umber kraken sang.</p>' }],
    });
    expect((await find('umber kraken')).total).toBe(1);
    await call(t, 'PATCH', `/stories/${teen.id}`, author.auth, { rating: 'explicit' });
    expect((await find('umber kraken')).total).toBe(0);
  });

  it('pages newest chapters first, and refuses bad pages', async () => {
    const author = await createUser(db(), t.config);
    for (const n of [1, 2, 3]) {
      await createStory(t, author.auth, {
        title: `Pages ${n}`,
        chapters: [{ title: 'One', content: `<p>The jade tortoise number ${n}.</p>` }],
      });
    }
    const first = await find('jade tortoise', undefined, '&limit=2');
    expect(first.total).toBe(3);
    expect(first.items.map((hit) => hit.story.title)).toEqual(['Pages 3', 'Pages 2']);
    const second = await find('jade tortoise', undefined, '&limit=2&page=2');
    expect(second.items.map((hit) => hit.story.title)).toEqual(['Pages 1']);
    const bad = await call(t, 'GET', '/search/chapters?q=jade&page=0');
    expect(bad.status).toBe(400);
    expect((await call(t, 'GET', '/search/chapters?q=jade&limit=1000')).status).toBe(400);
    expect((await call(t, 'GET', '/search/chapters?q=jade&rating=nope')).status).toBe(400);
  });

  it('checks candidates only as far as the page, and estimates the total past them (decision 040)', async () => {
    const author = await createUser(db(), t.config);
    const muted = await createUser(db(), t.config);
    const matching = (n: number, who: string) =>
      Array.from({ length: n }, (_, i) => ({
        title: `${who} ${i + 1}`,
        content: `<p>The saffron manticore slept, ${who} ${i + 1}.</p>`,
      }));
    // Indexed oldest first: 40 readable, then 20 by a muted author, then 10 in a private story.
    await createStory(t, author.auth, { title: 'Wyverns', chapters: matching(40, 'own') });
    await createStory(t, muted.auth, { title: 'Muted wyverns', chapters: matching(20, 'muted') });
    await createStory(t, author.auth, {
      title: 'Private wyverns',
      visibility: 'private',
      chapters: matching(10, 'private'),
    });
    const candidates = 70;
    const titles = (page: Page) => page.items.map((hit) => hit.chapter.title);

    // A visitor's first page: the first 32 candidates are checked (10 private, 20 muted-by-no-one,
    // 2 of the author's), so the total is estimated from them.
    const first = await find('"saffron manticore"', undefined, '&limit=5');
    expect(titles(first)).toEqual(['muted 20', 'muted 19', 'muted 18', 'muted 17', 'muted 16']);
    expect(first).toMatchObject({
      total: roughly((candidates * 22) / WALK_FIRST_STEP),
      total_estimated: true,
    });
    // A window as long as the list checks every candidate: the total is counted.
    const all = await find('"saffron manticore"', undefined, '&limit=50');
    expect(all.total).toBe(60);
    expect(all).not.toHaveProperty('total_estimated');
    const last = await find('"saffron manticore"', undefined, '&limit=30&page=2');
    expect(titles(last)).toEqual(
      matching(30, 'own')
        .map((c) => c.title)
        .reverse(),
    );
    expect(last).toMatchObject({ total: 60 });
    expect(last).not.toHaveProperty('total_estimated');

    // A muter: the muted author's chapters are skipped inside the walk, which goes on (in a
    // step twice as long) until the page is full, here to the last candidate.
    const reader = await createUser(db(), t.config);
    expect((await call(t, 'POST', `/users/${muted.user.username}/mute`, reader.auth)).status).toBe(
      200,
    );
    const mutersFirst = await find('"saffron manticore"', reader.auth, '&limit=5');
    expect(titles(mutersFirst)).toEqual(['own 40', 'own 39', 'own 38', 'own 37', 'own 36']);
    expect(mutersFirst.total).toBe(40);
    expect(mutersFirst).not.toHaveProperty('total_estimated');
  });

  it('drops the index entries of a chapter deleted for good', async () => {
    const author = await createUser(db(), t.config);
    const story = await createStory(t, author.auth, {
      title: 'Gone',
      chapters: [{ title: 'One', content: '<p>The obsidian heron.</p>' }],
    });
    const [chapter] = await chaptersOf(t, story.id, author.auth);
    const k = db().kysely;
    const entries = async () => {
      const rows = await k
        .selectFrom('chapter_search')
        .select('chapter_id')
        .where('chapter_id', '=', chapter!.id)
        .execute();
      return rows.length;
    };
    expect(await entries()).toBe(1);
    await k.deleteFrom('stories').where('id', '=', story.id).execute();
    expect(await entries()).toBe(0);
    if (db().dialect === 'sqlite') {
      const { rows } = await sql<{ n: number }>`
        select count(*) as n from chapter_search_fts where chapter_search_fts match 'obsidian'`.execute(
        k,
      );
      expect(Number(rows[0]!.n)).toBe(0);
    } else {
      const { rows } = await sql<{ n: number }>`
        select count(*) as n from chapter_search_paragraphs
         where chapter_id = ${chapter!.id}`.execute(k);
      expect(Number(rows[0]!.n)).toBe(0);
    }
  });
});
