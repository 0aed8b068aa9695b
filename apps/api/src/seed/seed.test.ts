import {
  COMMENT_LIMITS,
  GENRES,
  paragraphsOfHtml,
  RATINGS,
  USERNAME_PATTERN,
  wordCountOfHtml,
} from '@storyloom/shared';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Db } from '../db/index.js';
import { sanitizeChapterHtml } from '../modules/chapters/content.js';
import { paragraphText } from '../modules/comments/anchors.js';
import { unpackContent } from '../modules/revisions/repo.js';
import { searchStoryIds } from '../modules/search/repo.js';
import { searchTerms } from '../modules/search/terms.js';
import { TRENDING_WEIGHTS, trendingAdd, trendingEvent } from '../modules/stories/ranking.js';
import { createTestDb, type TestDb } from '../test/db.js';
import { counterMismatches } from '../test/social.js';
import { hidingOf, MUTERS } from './hiding.js';
import { type IndexDefinition, secondaryIndexes } from './indexes.js';
import { DEFERRED_TABLES, type SeedSummary, seedLibrary } from './library.js';
import { NOTIFY_ACTORS_MAX } from './notifications.js';
import { makePlan } from './plan.js';
import { REPORTERS, reportsOf } from './reports.js';
import { clearDatabase, isDatabaseEmpty } from './reset.js';
import { seedTrash } from './trash.js';
import { DEMO_ACCOUNT, followsOf } from './users.js';

const NOW = new Date('2026-03-15T12:00:00.000Z');
// A real argon2 hash is not needed to check the data; one is computed in the demo test below.
const OPTIONS = { users: 12, stories: 60, seed: 7, now: NOW, passwordHash: 'not-a-real-hash' };

async function everything(db: Db) {
  const k = db.kysely;
  return {
    users: await k.selectFrom('users').selectAll().execute(),
    stories: await k.selectFrom('stories').selectAll().execute(),
    tags: await k.selectFrom('story_tags').selectAll().execute(),
    chapters: await k.selectFrom('chapters').selectAll().execute(),
    follows: await k.selectFrom('follows').selectAll().execute(),
    likes: await k.selectFrom('likes').selectAll().execute(),
    saves: await k.selectFrom('saves').selectAll().execute(),
    reads: await k.selectFrom('chapter_reads').selectAll().execute(),
    progress: await k.selectFrom('reading_progress').selectAll().execute(),
    settings: await k.selectFrom('user_settings').selectAll().execute(),
    sessions: await k.selectFrom('sessions').selectAll().execute(),
    comments: await k.selectFrom('comments').selectAll().execute(),
    commentLikes: await k.selectFrom('comment_likes').selectAll().execute(),
    notifications: await k.selectFrom('notifications').selectAll().orderBy('seq').execute(),
    notificationActors: await k.selectFrom('notification_actors').selectAll().execute(),
    notificationSeq: await k.selectFrom('notification_seq').selectAll().execute(),
  };
}
type Library = Awaited<ReturnType<typeof everything>>;

const countBy = <T>(rows: T[], key: (row: T) => string) => {
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(key(row), (counts.get(key(row)) ?? 0) + 1);
  return counts;
};

/** What must not change between two seeds with the same options (ids and hashes may). */
function content(lib: Library) {
  const usernames = new Map(lib.users.map((u) => [u.id, u.username]));
  return {
    users: lib.users
      .map((u) =>
        [u.username, u.email, u.followers_count, u.following_count, u.stories_count].join('|'),
      )
      .sort(),
    stories: lib.stories
      .map((s) =>
        [
          usernames.get(s.author_id),
          s.title,
          s.genre,
          s.visibility,
          s.votes_count,
          s.reads_count,
          s.chapters_count,
          s.trending_score,
          s.published_at,
        ].join('|'),
      )
      .sort(),
    chapters: lib.chapters.map((c) => `${c.title}|${c.word_count}|${c.reads_count}`).sort(),
    sessions: lib.sessions
      .map((s) => [usernames.get(s.user_id), s.device, s.network, s.end_reason].join('|'))
      .sort(),
    comments: lib.comments
      .map((c) =>
        [
          c.id,
          c.author_id === null ? null : usernames.get(c.author_id),
          c.body,
          c.paragraph_excerpt,
          c.likes_count,
          c.replies_count,
          c.created_at,
        ].join('|'),
      )
      .sort(),
    notifications: lib.notifications.map((n) =>
      [
        n.id,
        n.type,
        usernames.get(n.user_id),
        n.actors_count,
        n.seq,
        n.created_at,
        n.updated_at,
        n.read_at,
      ].join('|'),
    ),
  };
}

describe('seedLibrary', () => {
  let first: TestDb;
  let second: TestDb;
  let summary: SeedSummary;
  let lib: Library;

  beforeAll(async () => {
    first = await createTestDb();
    second = await createTestDb();
    summary = await seedLibrary(first.db, OPTIONS);
    lib = await everything(first.db);
  });
  afterAll(async () => {
    await first?.cleanup();
    await second?.cleanup();
  });

  it('groups some authors’ stories into series of their own, parts numbered from 1', async () => {
    const parts = await first.db.kysely
      .selectFrom('series_stories')
      .innerJoin('series', 'series.id', 'series_stories.series_id')
      .innerJoin('stories', 'stories.id', 'series_stories.story_id')
      .select([
        'series.id',
        'series.author_id as series_author',
        'stories.author_id as story_author',
        'series_stories.position',
      ])
      .orderBy('series.id')
      .orderBy('series_stories.position')
      .execute();
    expect(summary.series).toBeGreaterThan(0);
    expect(new Set(parts.map((p) => p.id)).size).toBe(summary.series);
    for (const part of parts) expect(part.story_author).toBe(part.series_author);
    const bySeries = new Map<string, typeof parts>();
    for (const part of parts) bySeries.set(part.id, [...(bySeries.get(part.id) ?? []), part]);
    for (const list of bySeries.values())
      expect(list.map((p) => p.position)).toEqual(list.map((_, i) => i + 1));
  });

  it('gives some readers reading lists of popular public stories, counts matching rows', async () => {
    const k = first.db.kysely;
    const lists = await k.selectFrom('reading_lists').selectAll().execute();
    expect(summary.readingLists).toBe(lists.length);
    expect(lists.length).toBeGreaterThan(0);
    const entries = await k
      .selectFrom('reading_list_stories')
      .innerJoin('stories', 'stories.id', 'reading_list_stories.story_id')
      .select(['reading_list_stories.list_id', 'reading_list_stories.position'])
      .where('stories.visibility', '=', 'public')
      .orderBy('reading_list_stories.list_id')
      .orderBy('reading_list_stories.position')
      .execute();
    const follows = await k.selectFrom('reading_list_follows').selectAll().execute();
    for (const list of lists) {
      const mine = entries.filter((e) => e.list_id === list.id).map((e) => e.position);
      expect(mine).toEqual(mine.map((_, i) => i + 1));
      expect(mine.length).toBeLessThanOrEqual(40);
      expect(follows.filter((f) => f.list_id === list.id).length).toBe(list.followers_count);
      if (list.visibility === 'private') expect(list.followers_count).toBe(0);
    }
  });

  it('writes what it reports', () => {
    expect(summary.users).toBe(lib.users.length);
    expect(summary.stories).toBe(lib.stories.length);
    expect(summary.chapters).toBe(lib.chapters.length);
    expect(summary.follows).toBe(lib.follows.length);
    expect(summary.likes).toBe(lib.likes.length);
    expect(summary.chapterReads).toBe(lib.reads.length);
    expect(summary.sessions).toBe(lib.sessions.length);
    expect(summary.comments).toBe(lib.comments.length);
    expect(summary.commentLikes).toBe(lib.commentLikes.length);
    expect(summary.notifications).toBe(lib.notifications.length);
    expect(summary.notificationActors).toBe(lib.notificationActors.length);
    expect(lib.users).toHaveLength(12);
    expect(lib.stories).toHaveLength(60);
    expect(lib.likes.length).toBeGreaterThan(0);
    expect(lib.saves.length).toBeGreaterThan(0);
    expect(lib.follows.length).toBeGreaterThan(0);
    expect(lib.reads.length).toBeGreaterThan(0);
    expect(lib.comments.length).toBeGreaterThan(0);
    expect(lib.commentLikes.length).toBeGreaterThan(0);
  });

  it('gives every chapter a few revisions, the newest its text, older than 30 days one a day', async () => {
    const rows = await first.db.kysely
      .selectFrom('chapter_revisions')
      .select(['chapter_id', 'content', 'created_at'])
      .orderBy('chapter_id')
      .orderBy('created_at', 'desc')
      .execute();
    expect(summary.revisions).toBe(rows.length);
    const byChapter = new Map<string, typeof rows>();
    for (const row of rows)
      byChapter.set(row.chapter_id, [...(byChapter.get(row.chapter_id) ?? []), row]);
    expect(byChapter.size).toBe(lib.chapters.length);
    expect(rows.length).toBeGreaterThan(lib.chapters.length);
    const cutoff = new Date(NOW.getTime() - 30 * 86_400_000).toISOString();
    for (const chapter of lib.chapters) {
      const history = byChapter.get(chapter.id)!;
      expect(history.length).toBeLessThanOrEqual(4);
      expect(unpackContent(history[0]!.content)).toBe(chapter.content);
      expect(history[0]!.created_at).toBe(chapter.updated_at);
      const oldDays = history
        .filter((r) => r.created_at < cutoff)
        .map((r) => r.created_at.slice(0, 10));
      expect(new Set(oldDays).size).toBe(oldDays.length);
    }
  });

  it('is deterministic for the same seed', async () => {
    await seedLibrary(second.db, OPTIONS);
    expect(content(await everything(second.db))).toEqual(content(lib));
  });

  it('gives a different library for another seed', async () => {
    await clearDatabase(second.db);
    expect(await isDatabaseEmpty(second.db)).toBe(true);
    await seedLibrary(second.db, { ...OPTIONS, seed: 8 });
    expect(content(await everything(second.db)).stories).not.toEqual(content(lib).stories);
  });

  it('makes valid, unique accounts', () => {
    const lower = new Set(lib.users.map((u) => u.username.toLowerCase()));
    expect(lower.size).toBe(lib.users.length);
    for (const user of lib.users) {
      expect(user.username).toMatch(USERNAME_PATTERN);
      expect(user.username.length).toBeGreaterThanOrEqual(3);
      expect(user.username.length).toBeLessThanOrEqual(30);
      expect(user.email).toBe(`${user.username.toLowerCase()}@example.com`);
      expect(user.email_verified_at).not.toBeNull();
      expect(user.password_hash).toBe('not-a-real-hash');
    }
  });

  it('gives users sign-ins as the app records them: live, signed out or gone idle', () => {
    const users = new Set(lib.users.map((u) => u.id));
    expect(lib.sessions.length).toBeGreaterThan(0);
    for (const session of lib.sessions) {
      expect(users.has(session.user_id)).toBe(true);
      expect(session.network).toMatch(/^\d+\.\d+\.\d+\.0\/24$/);
      expect(session.last_used_at >= session.created_at).toBe(true);
      expect(session.ended_at === null).toBe(session.end_reason === null);
      const idleDays = (NOW.getTime() - Date.parse(session.last_used_at)) / 86_400_000;
      if (session.ended_at === null) expect(idleDays).toBeLessThanOrEqual(30.01);
    }
  });

  it('keeps user counters equal to the rows they count', () => {
    const followers = countBy(lib.follows, (f) => f.followee_id);
    const following = countBy(lib.follows, (f) => f.follower_id);
    const publicStories = countBy(
      lib.stories.filter((s) => s.visibility === 'public'),
      (s) => s.author_id,
    );
    for (const user of lib.users) {
      expect(user.followers_count).toBe(followers.get(user.id) ?? 0);
      expect(user.following_count).toBe(following.get(user.id) ?? 0);
      expect(user.stories_count).toBe(publicStories.get(user.id) ?? 0);
    }
  });

  it('has no self-follows and no duplicate reactions', () => {
    expect(lib.follows.filter((f) => f.follower_id === f.followee_id)).toEqual([]);
    const pairs = (rows: { user_id: string; story_id: string }[]) =>
      new Set(rows.map((r) => `${r.user_id}|${r.story_id}`)).size;
    expect(pairs(lib.likes)).toBe(lib.likes.length);
    expect(pairs(lib.saves)).toBe(lib.saves.length);
  });

  it('keeps story counters equal to the rows they count', () => {
    const likes = countBy(lib.likes, (l) => l.story_id);
    const published = countBy(
      lib.chapters.filter((c) => c.published === 1),
      (c) => c.story_id,
    );
    const words = new Map<string, number>();
    for (const c of lib.chapters)
      if (c.published === 1) words.set(c.story_id, (words.get(c.story_id) ?? 0) + c.word_count);
    const readRows = countBy(lib.reads, (r) => r.chapter_id);
    const chapterReads = new Map<string, number>();
    for (const chapter of lib.chapters) {
      expect(chapter.reads_count).toBeGreaterThanOrEqual(readRows.get(chapter.id) ?? 0);
      const sum = chapterReads.get(chapter.story_id) ?? 0;
      chapterReads.set(chapter.story_id, sum + chapter.reads_count);
    }
    for (const story of lib.stories) {
      expect(story.votes_count).toBe(likes.get(story.id) ?? 0);
      expect(story.chapters_count).toBe(published.get(story.id) ?? 0);
      expect(story.word_count).toBe(words.get(story.id) ?? 0);
      expect(story.reads_count).toBe(chapterReads.get(story.id) ?? 0);
      expect(story.popular_score).toBe(story.reads_count + 10 * story.votes_count);
    }
  });

  it('computes trending from the publish event, the stored reads and the likes', () => {
    const events = new Map<string, number[]>();
    const add = (storyId: string, event: number) =>
      events.set(storyId, [...(events.get(storyId) ?? []), event]);
    for (const r of lib.reads) add(r.story_id, trendingEvent(TRENDING_WEIGHTS.read, r.read_at));
    for (const l of lib.likes) add(l.story_id, trendingEvent(TRENDING_WEIGHTS.like, l.created_at));
    for (const story of lib.stories.filter((s) => s.published_at !== null)) {
      let score = trendingEvent(TRENDING_WEIGHTS.publish, story.published_at!);
      for (const e of events.get(story.id) ?? []) score = trendingAdd(score, e);
      expect(story.trending_score).toBeCloseTo(score, 6);
    }
  });

  it('puts likes, saves and reads on public stories only', () => {
    const visibility = new Map(lib.stories.map((s) => [s.id, s.visibility]));
    for (const row of [...lib.likes, ...lib.saves, ...lib.reads, ...lib.progress]) {
      expect(visibility.get(row.story_id)).toBe('public');
    }
    const privateStories = lib.stories.filter((s) => s.visibility === 'private');
    expect(privateStories.length).toBeGreaterThan(0);
    for (const story of privateStories) expect(story.votes_count).toBe(0);
    for (const story of lib.stories.filter((s) => s.visibility === 'public')) {
      expect(story.published_at).not.toBeNull();
    }
  });

  it('numbers chapters 1..n and counts their words', () => {
    const byStory = new Map<string, number[]>();
    for (const c of lib.chapters)
      byStory.set(c.story_id, [...(byStory.get(c.story_id) ?? []), c.position]);
    expect(byStory.size).toBe(lib.stories.length);
    for (const positions of byStory.values()) {
      positions.sort((a, b) => a - b);
      expect(positions).toEqual(positions.map((_, i) => i + 1));
    }
    expect(lib.chapters.some((c) => c.published === 0)).toBe(true);
    for (const chapter of lib.chapters) {
      expect(sanitizeChapterHtml(chapter.content)).toBe(chapter.content);
      expect(chapter.word_count).toBe(wordCountOfHtml(chapter.content));
      expect(chapter.published_at === null).toBe(chapter.published === 0);
    }
  });

  it('keeps tags unique per story, lower-cased keys in order', () => {
    const byStory = new Map<string, typeof lib.tags>();
    for (const t of lib.tags) byStory.set(t.story_id, [...(byStory.get(t.story_id) ?? []), t]);
    for (const story of lib.stories) {
      const tags = byStory.get(story.id) ?? [];
      expect(tags.length).toBeGreaterThanOrEqual(1);
      expect(tags.length).toBeLessThanOrEqual(5);
      expect(new Set(tags.map((t) => t.tag_key)).size).toBe(tags.length);
      for (const t of tags) expect(t.tag_key).toBe(t.tag.toLowerCase());
      expect(tags.map((t) => t.position).sort((a, b) => a - b)).toEqual(tags.map((_, i) => i));
    }
  });

  it('covers every genre with public stories', () => {
    const genres = new Set(
      lib.stories.filter((s) => s.visibility === 'public').map((s) => s.genre),
    );
    expect([...genres].sort()).toEqual([...GENRES].sort());
  });

  it('orders trending differently from popular', () => {
    const top = (key: 'trending_score' | 'popular_score') =>
      lib.stories
        .filter((s) => s.visibility === 'public')
        .sort((a, b) => b[key] - a[key] || (a.id < b.id ? 1 : -1))
        .slice(0, 10)
        .map((s) => s.id);
    expect(top('trending_score')).not.toEqual(top('popular_score'));
  });

  it('dates everything in the past', () => {
    const now = NOW.toISOString();
    const stamps = [
      ...lib.users.flatMap((u) => [u.created_at, u.updated_at]),
      ...lib.stories.flatMap((s) => [s.created_at, s.updated_at, s.published_at]),
      ...lib.chapters.flatMap((c) => [c.created_at, c.updated_at, c.published_at]),
      ...lib.follows.map((f) => f.created_at),
      ...lib.likes.map((l) => l.created_at),
      ...lib.reads.map((r) => r.read_at),
      ...lib.progress.map((p) => p.updated_at),
    ].filter((t): t is string => t !== null);
    for (const t of stamps) expect(t < now).toBe(true);
    const read = new Map(lib.chapters.map((c) => [c.id, c.published_at]));
    for (const r of lib.reads) expect(r.read_at > read.get(r.chapter_id)!).toBe(true);
  });

  it('keeps comment counters equal to their rows, as the API keeps them', async () => {
    expect(await counterMismatches(first.db.kysely)).toEqual([]);
    const visible = countBy(
      lib.comments.filter((c) => c.deleted_at === null),
      (c) => c.story_id,
    );
    expect(lib.stories.some((s) => s.comments_count > 0)).toBe(true);
    for (const story of lib.stories) expect(story.comments_count).toBe(visible.get(story.id) ?? 0);
  });

  it('spreads comments with a long tail over the chapters', () => {
    const published = lib.chapters.filter((c) => c.published === 1);
    const perChapter = countBy(lib.comments, (c) => c.chapter_id);
    const counts = published.map((c) => perChapter.get(c.id) ?? 0).sort((a, b) => b - a);
    const mean = lib.comments.length / published.length;
    // Many chapters have none, the busiest many times the mean, and a tenth of the chapters
    // hold most of the talk.
    expect(counts.filter((n) => n === 0).length).toBeGreaterThan(published.length / 3);
    expect(counts[0]!).toBeGreaterThan(10 * mean);
    const busiest = counts.slice(0, Math.ceil(counts.length / 10));
    expect(busiest.reduce((a, b) => a + b, 0)).toBeGreaterThan(lib.comments.length / 2);
    // Likes are skewed the same way: most comments have none.
    const liked = lib.comments.filter((c) => c.likes_count > 0).length;
    expect(liked).toBeGreaterThan(0);
    expect(liked).toBeLessThan(lib.comments.length / 2);
    // The mix: about 40% on paragraphs, about 20% replies.
    const share = (n: number) => n / lib.comments.length;
    expect(share(lib.comments.filter((c) => c.paragraph_key !== null).length)).toBeGreaterThan(
      0.25,
    );
    expect(share(lib.comments.filter((c) => c.paragraph_key !== null).length)).toBeLessThan(0.55);
    expect(share(lib.comments.filter((c) => c.parent_id !== null).length)).toBeGreaterThan(0.1);
    expect(share(lib.comments.filter((c) => c.parent_id !== null).length)).toBeLessThan(0.3);
  });

  it('puts comments on published chapters of stories that were public, by seeded users', () => {
    const chapters = new Map(lib.chapters.map((c) => [c.id, c]));
    const stories = new Map(lib.stories.map((s) => [s.id, s]));
    const users = new Map(lib.users.map((u) => [u.id, u]));
    for (const c of lib.comments) {
      const chapter = chapters.get(c.chapter_id)!;
      expect(chapter.published).toBe(1);
      expect(chapter.story_id).toBe(c.story_id);
      expect(stories.get(c.story_id)!.published_at).not.toBeNull();
      expect(c.created_at > chapter.published_at!).toBe(true);
      expect(c.created_at < NOW.toISOString()).toBe(true);
      if (c.author_id !== null)
        expect(c.created_at > users.get(c.author_id)!.created_at).toBe(true);
      // A UUID v7 of its own creation time: "newest" is the id descending.
      expect(Number.parseInt(c.id.replaceAll('-', '').slice(0, 12), 16)).toBe(
        Date.parse(c.created_at),
      );
      expect(c.id[14]).toBe('7');
      expect(c.body.length).toBeLessThanOrEqual(COMMENT_LIMITS.bodyMax);
    }
    const publicShare =
      lib.comments.filter((c) => stories.get(c.story_id)!.visibility === 'public').length /
      lib.comments.length;
    expect(publicShare).toBeGreaterThan(0.8);
  });

  it('anchors paragraph comments to the chapter’s keys, replies to their thread', () => {
    const chapters = new Map(lib.chapters.map((c) => [c.id, c]));
    const comments = new Map(lib.comments.map((c) => [c.id, c]));
    for (const chapter of lib.chapters.filter((c) => c.paragraph_keys !== null)) {
      const keys = JSON.parse(chapter.paragraph_keys!) as string[];
      expect(keys).toHaveLength(paragraphsOfHtml(chapter.content).length);
      expect(new Set(keys).size).toBe(keys.length);
      for (const key of keys) expect(key).toMatch(/^[A-Za-z0-9_-]{8}$/);
    }
    for (const c of lib.comments) {
      if (c.parent_id !== null) {
        const parent = comments.get(c.parent_id)!;
        expect(parent.parent_id).toBeNull();
        expect(parent.chapter_id).toBe(c.chapter_id);
        expect(c.paragraph_key).toBe(parent.paragraph_key);
        expect(c.created_at > parent.created_at).toBe(true);
        if (parent.deleted_at !== null) expect(parent.deleted_at > c.created_at).toBe(true);
      }
      if (c.paragraph_key === null) {
        expect(c.paragraph_excerpt).toBeNull();
        continue;
      }
      const chapter = chapters.get(c.chapter_id)!;
      const keys = JSON.parse(chapter.paragraph_keys!) as string[];
      const paragraph = paragraphsOfHtml(chapter.content)[keys.indexOf(c.paragraph_key)]!;
      const text = paragraphText(paragraph);
      expect(text.startsWith(c.paragraph_excerpt!.replace(/…$/, ''))).toBe(true);
      expect(c.paragraph_excerpt!.length).toBeLessThanOrEqual(COMMENT_LIMITS.excerptMax);
    }
    // Chapters without paragraph comments keep no keys (they are made when first needed).
    const anchored = new Set(lib.comments.map((c) => c.paragraph_key !== null && c.chapter_id));
    for (const chapter of lib.chapters)
      expect(chapter.paragraph_keys !== null).toBe(anchored.has(chapter.id));
  });

  it('keeps deleted comments as placeholders for their replies, and likes distinct', () => {
    for (const c of lib.comments.filter((c) => c.deleted_at !== null)) {
      expect(c.body).toBe('');
      expect(c.parent_id).toBeNull();
      expect(c.replies_count).toBeGreaterThan(0);
    }
    for (const c of lib.comments.filter((c) => c.deleted_at === null)) {
      expect(c.body.trim()).not.toBe('');
    }
    const pairs = new Set(lib.commentLikes.map((l) => `${l.comment_id}|${l.user_id}`));
    expect(pairs.size).toBe(lib.commentLikes.length);
    const comments = new Map(lib.comments.map((c) => [c.id, c]));
    for (const like of lib.commentLikes) {
      const comment = comments.get(like.comment_id)!;
      expect(like.user_id).not.toBe(comment.author_id);
      expect(like.created_at > comment.created_at).toBe(true);
      expect(like.created_at < (comment.deleted_at ?? NOW.toISOString())).toBe(true);
    }
  });

  it('tells what the library did as the notify job would have, each counter matching its rows', () => {
    const stories = new Map(lib.stories.map((s) => [s.id, s]));
    const comments = new Map(lib.comments.map((c) => [c.id, c]));
    const byType = countBy(lib.notifications, (n) => n.type);
    expect(byType.get('follow')).toBe(lib.follows.length);
    const liked = new Set(lib.likes.map((l) => l.story_id));
    expect(byType.get('story_like')).toBe(liked.size);
    const told = lib.comments.filter(
      (c) =>
        c.deleted_at === null &&
        c.author_id !== null &&
        stories.get(c.story_id)!.visibility === 'public',
    );
    expect(byType.get('comment') ?? 0).toBeGreaterThan(0);
    expect(byType.get('reply') ?? 0).toBeGreaterThan(0);
    const actors = countBy(lib.notificationActors, (a) => a.notification_id);
    for (const n of lib.notifications) {
      const rows = actors.get(n.id) ?? 0;
      expect(rows).toBeGreaterThanOrEqual(1);
      expect(rows).toBeLessThanOrEqual(NOTIFY_ACTORS_MAX);
      expect(Number(n.actors_count)).toBeGreaterThanOrEqual(rows);
      expect(n.user_id).not.toBe(
        lib.notificationActors.find((a) => a.notification_id === n.id)?.actor_id,
      );
      if (n.type === 'story_like') {
        expect(Number(n.actors_count)).toBe(
          lib.likes.filter((l) => l.story_id === n.story_id).length,
        );
        expect(n.user_id).toBe(stories.get(n.story_id!)!.author_id);
      }
      if (n.type === 'comment' || n.type === 'reply') {
        const comment = comments.get(n.comment_id!)!;
        expect(told).toContain(comment);
        const to =
          n.type === 'comment'
            ? stories.get(comment.story_id)!.author_id
            : comments.get(comment.parent_id!)!.author_id;
        expect(n.user_id).toBe(to);
      }
      if (n.read_at !== null) expect(n.read_at >= n.updated_at).toBe(true);
      expect(n.read_at === null || n.read_at < NOW.toISOString()).toBe(true);
    }
  });

  it('numbers notifications by time with unique ids, one open notification per thing', () => {
    const ids = lib.notifications.map((n) => n.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(z.uuid().safeParse(id).success).toBe(true);
    // seq is 1..n in time order, so unique per user too; the counter continues after it.
    expect(lib.notifications.map((n) => Number(n.seq))).toEqual(ids.map((_, i) => i + 1));
    const times = lib.notifications.map((n) => n.updated_at);
    expect(times).toEqual([...times].sort());
    expect(Number(lib.notificationSeq[0]!.value)).toBe(ids.length);
    const open = lib.notifications.filter((n) => n.read_at === null);
    expect(new Set(open.map((n) => `${n.user_id}|${n.group_key}`)).size).toBe(open.length);
    // Most are read; the latest of some users are not.
    expect(open.length).toBeGreaterThan(0);
    expect(open.length).toBeLessThan(lib.notifications.length / 2);
    const ownActors = new Set(
      lib.notificationActors.map((a) => `${a.notification_id}|${a.actor_id}`),
    );
    expect(ownActors.size).toBe(lib.notificationActors.length);
  });

  it('keeps reading progress on chapters the reader read', () => {
    const reads = new Set(lib.reads.map((r) => `${r.user_id}|${r.chapter_id}`));
    const chapters = new Map(lib.chapters.map((c) => [c.id, c]));
    for (const p of lib.progress) {
      expect(reads.has(`${p.user_id}|${p.chapter_id}`)).toBe(true);
      expect(chapters.get(p.chapter_id)!.position).toBe(p.chapter_position);
    }
    const anonymous = lib.reads.filter((r) => r.user_id === null);
    for (const r of anonymous) expect(r.reader_key).toMatch(/^anon:[0-9a-f]{24}$/);
    for (const r of lib.reads.filter((r) => r.user_id !== null))
      expect(r.reader_key).toBe(r.user_id);
  });

  it('keeps daily stats that add up to the counters, with weekends busier, and marks the backfill done', async () => {
    const k = first.db.kysely;
    const storyDays = await k.selectFrom('story_daily_stats').selectAll().execute();
    const chapterDays = await k.selectFrom('chapter_daily_stats').selectAll().execute();
    const sum = <T>(rows: T[], key: (r: T) => string, value: (r: T) => number) => {
      const totals = new Map<string, number>();
      for (const r of rows) totals.set(key(r), (totals.get(key(r)) ?? 0) + value(r));
      return totals;
    };
    const reads = sum(
      storyDays,
      (d) => d.story_id,
      (d) => Number(d.reads),
    );
    const likes = sum(
      storyDays,
      (d) => d.story_id,
      (d) => Number(d.likes),
    );
    const comments = sum(
      storyDays,
      (d) => d.story_id,
      (d) => Number(d.comments),
    );
    for (const story of lib.stories) {
      expect(reads.get(story.id) ?? 0).toBe(Number(story.reads_count));
      expect(likes.get(story.id) ?? 0).toBe(Number(story.votes_count));
      expect(comments.get(story.id) ?? 0).toBe(Number(story.comments_count));
    }
    const chapterReads = sum(
      chapterDays,
      (d) => d.chapter_id,
      (d) => Number(d.reads),
    );
    for (const chapter of lib.chapters)
      expect(chapterReads.get(chapter.id) ?? 0).toBe(Number(chapter.reads_count));
    for (const d of chapterDays) {
      expect(d.day <= NOW.toISOString().slice(0, 10)).toBe(true);
      expect(Number(d.readers)).toBeLessThanOrEqual(Number(d.reads));
    }
    // The weekly rhythm: an average weekend day reads more than an average weekday.
    const byWeekday = [0, 0];
    const daysOf = [new Set<string>(), new Set<string>()];
    for (const d of storyDays) {
      const weekend = [0, 6].includes(new Date(`${d.day}T00:00:00Z`).getUTCDay()) ? 1 : 0;
      byWeekday[weekend]! += Number(d.reads);
      daysOf[weekend]!.add(d.day);
    }
    expect(byWeekday[1]! / daysOf[1]!.size).toBeGreaterThan(byWeekday[0]! / daysOf[0]!.size);
    const run = await k
      .selectFrom('scheduled_runs as r')
      .innerJoin('jobs as j', 'j.id', 'r.job_id')
      .select(['j.kind', 'j.done_at'])
      .where('r.name', '=', 'stats-backfill')
      .executeTakeFirstOrThrow();
    expect(run).toMatchObject({ kind: 'stats-backfill', done_at: expect.any(String) });
  });
});

describe('seedLibrary with a million-read story', () => {
  let test: TestDb;
  beforeAll(async () => {
    test = await createTestDb();
    await seedLibrary(test.db, { ...OPTIONS, millionReadStory: true });
  });
  afterAll(() => test?.cleanup());

  it('tops the most read story up to a million reads, day by day over the year, fewer each chapter', async () => {
    const k = test.db.kysely;
    const story = await k
      .selectFrom('stories')
      .selectAll()
      .orderBy('reads_count', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(Number(story.reads_count)).toBe(1_000_000);
    const days = await k
      .selectFrom('story_daily_stats')
      .select(['day', 'reads'])
      .where('story_id', '=', story.id)
      .execute();
    expect(days.reduce((total, d) => total + Number(d.reads), 0)).toBe(1_000_000);
    const yearAgo = new Date(NOW.getTime() - 364 * 86_400_000).toISOString().slice(0, 10);
    expect(days.filter((d) => d.day >= yearAgo).length).toBeGreaterThan(300);
    const chapters = await k
      .selectFrom('chapters')
      .select(['id', 'reads_count'])
      .where('story_id', '=', story.id)
      .where('published', '=', 1)
      .orderBy('position')
      .execute();
    const counts = chapters.map((c) => Number(c.reads_count));
    for (let i = 1; i < counts.length; i++) expect(counts[i]).toBeLessThan(counts[i - 1]!);
  });
});

describe('seedLibrary and the chapter text index', () => {
  const indexed = async (test: TestDb) => {
    const k = test.db.kysely;
    const chapters = await k
      .selectFrom('chapters')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const entries = await k
      .selectFrom('chapter_search')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return { chapters: Number(chapters.n), indexed: Number(entries.n) };
  };
  let test: TestDb;
  afterEach(() => test?.cleanup());

  it('indexes every chapter by default, none when told not to', async () => {
    test = await createTestDb();
    await seedLibrary(test.db, OPTIONS);
    const all = await indexed(test);
    expect(all.chapters).toBeGreaterThan(0);
    expect(all.indexed).toBe(all.chapters);
    await test.cleanup();
    test = await createTestDb();
    await seedLibrary(test.db, { ...OPTIONS, chapterIndex: false });
    const none = await indexed(test);
    expect(none.chapters).toBe(all.chapters);
    expect(none.indexed).toBe(0);
  });
});

describe('seedLibrary with the demo account', () => {
  let test: TestDb;
  beforeAll(async () => {
    test = await createTestDb();
  });
  afterAll(async () => {
    await test?.cleanup();
  });

  it('gives the demo account stories, follows, likes and a working password', async () => {
    const { db } = test;
    await seedLibrary(db, { users: 20, stories: 80, seed: 3, now: NOW, demoAccount: true });
    const demo = await db.kysely
      .selectFrom('users')
      .selectAll()
      .where('username', '=', DEMO_ACCOUNT.username)
      .executeTakeFirstOrThrow();
    expect(demo.email).toBe(DEMO_ACCOUNT.email);
    // The one admin: the demo shows the moderation screens too.
    expect(demo.role).toBe('admin');
    const staff = await db.kysely
      .selectFrom('users')
      .select('id')
      .where('role', 'is not', null)
      .execute();
    expect(staff).toEqual([{ id: demo.id }]);
    const { verifyPassword } = await import('../modules/auth/passwords.js');
    expect(await verifyPassword(demo.password_hash!, DEMO_ACCOUNT.password)).toBe(true);

    const stories = await db.kysely
      .selectFrom('stories')
      .selectAll()
      .where('author_id', '=', demo.id)
      .execute();
    expect(stories.filter((s) => s.visibility === 'private')).toHaveLength(1);
    expect(stories.filter((s) => s.visibility === 'public').length).toBeGreaterThanOrEqual(1);
    expect(demo.stories_count).toBe(stories.filter((s) => s.visibility === 'public').length);
    expect(demo.following_count).toBeGreaterThan(0);
    const likes = await db.kysely
      .selectFrom('likes')
      .selectAll()
      .where('user_id', '=', demo.id)
      .execute();
    const saves = await db.kysely
      .selectFrom('saves')
      .selectAll()
      .where('user_id', '=', demo.id)
      .execute();
    expect(likes.length).toBeGreaterThan(0);
    expect(saves.length).toBeGreaterThan(0);
  });
});

describe('seedLibrary in bulk mode', () => {
  let test: TestDb;
  beforeAll(async () => {
    test = await createTestDb();
  });
  afterAll(async () => {
    await test?.cleanup();
  });

  it('drops the secondary indexes and triggers while loading and rebuilds the same ones', async () => {
    const normalize = (indexes: IndexDefinition[]) =>
      indexes.map((i) => `${i.name}: ${i.sql.toLowerCase().replace(' if not exists', '')}`);
    const before = await secondaryIndexes(test.db, DEFERRED_TABLES);
    expect(before.map((i) => i.name)).toContain('users_username_key');
    expect(before.map((i) => i.name)).toContain('story_tags_search_ai');
    expect(before.map((i) => i.name)).toContain('comments_counts_idx');
    expect(before.map((i) => i.name)).toContain('notifications_open_idx');
    expect(before.map((i) => i.name)).toContain('notifications_user_seq_idx');
    let dropped: IndexDefinition[] = [];
    await seedLibrary(test.db, {
      ...OPTIONS,
      rebuildIndexes: true,
      onIndexesDropped: (indexes) => {
        dropped = indexes;
      },
    });
    expect(dropped.length).toBe(before.length);
    expect(normalize(await secondaryIndexes(test.db, DEFERRED_TABLES))).toEqual(normalize(before));

    // Every public story got its search document once, with its tags.
    const { kysely, dialect } = test.db;
    const { rows: docs } = await sql<{ n: number }>`select count(*) as n from story_search`.execute(
      kysely,
    );
    const visible = await kysely
      .selectFrom('stories')
      .where('visibility', '=', 'public')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(docs[0]?.n)).toBe(Number(visible.n));
    const tagged = await kysely
      .selectFrom('story_tags')
      .innerJoin('stories', 'stories.id', 'story_tags.story_id')
      .where('stories.visibility', '=', 'public')
      .select(['story_tags.tag', 'stories.id'])
      .executeTakeFirstOrThrow();
    const found = await searchStoryIds(
      kysely,
      dialect,
      searchTerms(tagged.tag),
      { sort: 'relevance', ratings: RATINGS, offset: 0, limit: 100 },
      { matches: 1, total: 1, documents: Number(visible.n) },
    );
    expect(found).toContain(tagged.id);
  });
});

describe('hidingOf', () => {
  it('has a few people mute and fewer block, never themselves, twice, or across a follow', () => {
    const plan = makePlan({
      seed: 3,
      now: NOW.getTime(),
      users: 4_000,
      stories: 2_000,
      demoAccount: false,
    });
    const ids = Array.from({ length: plan.users }, (_, u) => `u${u}`);
    const number = (id: string) => Number(id.slice(1));
    let muters = 0;
    let blockers = 0;
    for (let u = 0; u < plan.users; u++) {
      const { mutes, blocks } = hidingOf(plan, u, ids);
      if (mutes.length > 0) muters += 1;
      if (blocks.length > 0) blockers += 1;
      const targets = [...mutes.map((m) => m.muted_id), ...blocks.map((b) => b.blocked_id)];
      expect(new Set(targets).size).toBe(targets.length);
      expect(targets).not.toContain(ids[u]);
      for (const { blocked_id } of blocks) {
        const v = number(blocked_id);
        expect(followsOf(plan, u).some((f) => f.followee === v)).toBe(false);
        expect(followsOf(plan, v).some((f) => f.followee === u)).toBe(false);
      }
      expect(hidingOf(plan, u, ids)).toEqual({ mutes, blocks });
    }
    expect(muters / plan.users).toBeGreaterThan(MUTERS / 2);
    expect(muters / plan.users).toBeLessThan(MUTERS * 2);
    expect(blockers).toBeGreaterThan(0);
    expect(blockers).toBeLessThan(muters);
  });
});

describe('reportsOf', () => {
  it('has a few people report a popular story or someone else, never themselves or twice', () => {
    const plan = makePlan({
      seed: 5,
      now: NOW.getTime(),
      users: 6_000,
      stories: 2_000,
      demoAccount: false,
    });
    const ids = Array.from({ length: plan.users }, (_, u) => `u${u}`);
    const popular = Array.from({ length: 50 }, (_, i) => ({ id: `s${i}`, author_id: `u${i}` }));
    let reporters = 0;
    const kinds = new Set<string>();
    for (let u = 0; u < plan.users; u++) {
      const reports = reportsOf(plan, u, ids, popular);
      if (reports.length > 0) reporters += 1;
      const targets = reports.map((r) => r.target_id);
      expect(new Set(targets).size).toBe(targets.length);
      for (const r of reports) {
        kinds.add(r.target_type);
        expect(r.target_owner_id).not.toBe(ids[u]);
        expect(r.status).toBe('open');
        expect(Date.parse(r.created_at as string)).toBeGreaterThanOrEqual(plan.userCreated[u]!);
        if (r.target_type === 'story') {
          const story = popular.find((p) => p.id === r.target_id)!;
          expect(r.target_owner_id).toBe(story.author_id);
        }
      }
      const again = reportsOf(plan, u, ids, popular).map(({ id: _, ...rest }) => rest);
      expect(again).toEqual(reports.map(({ id: _, ...rest }) => rest));
    }
    expect(reporters / plan.users).toBeGreaterThan(REPORTERS / 2);
    expect(reporters / plan.users).toBeLessThan(REPORTERS * 2);
    expect([...kinds].sort()).toEqual(['story', 'user']);
  });
});

describe('seedTrash', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb();
    await seedLibrary(t.db, { ...OPTIONS, seed: 11 });
  });
  afterAll(() => t.cleanup());

  it('deletes stories and last chapters as the delete routes do, every counter matching its rows', async () => {
    const k = t.db.kysely;
    const plan = makePlan({
      seed: 11,
      now: NOW.getTime(),
      users: 12,
      stories: 60,
      demoAccount: false,
    });
    expect(await seedTrash(t.db, plan, { stories: 2, chapters: 2 })).toEqual({
      stories: 2,
      chapters: 2,
    });
    const items = await k.selectFrom('deleted_items').selectAll().execute();
    expect(items.map((i) => i.kind).sort()).toEqual(['chapter', 'chapter', 'story', 'story']);
    for (const item of items) {
      expect(item.deleted_at < NOW.toISOString()).toBe(true);
      expect(Date.parse(item.purge_after) - Date.parse(item.deleted_at)).toBe(30 * 86_400_000);
    }
    const trashed = await k
      .selectFrom('stories')
      .selectAll()
      .where('deleted_at', 'is not', null)
      .execute();
    expect(trashed.map((s) => [s.visibility, s.visibility_before_deleted])).toEqual([
      ['private', 'public'],
      ['private', 'public'],
    ]);
    const chapters = await k
      .selectFrom('chapters')
      .selectAll()
      .where('deleted_at', 'is not', null)
      .execute();
    expect(chapters.map((c) => [c.published, c.published_before_deleted])).toEqual([
      [0, 1],
      [0, 1],
    ]);
    expect(await counterMismatches(k)).toEqual([]);
    // users.stories_count counts public stories, the trashed ones no longer.
    const users = await k.selectFrom('users').select(['id', 'stories_count']).execute();
    for (const user of users) {
      const { n } = await k
        .selectFrom('stories')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('author_id', '=', user.id)
        .where('visibility', '=', 'public')
        .executeTakeFirstOrThrow();
      expect(user.stories_count).toBe(Number(n));
    }
    // Nobody is told about them any more.
    const told = await k
      .selectFrom('notifications')
      .select('id')
      .where((eb) =>
        eb.or([
          eb(
            'story_id',
            'in',
            trashed.map((s) => s.id),
          ),
          eb(
            'chapter_id',
            'in',
            chapters.map((c) => c.id),
          ),
        ]),
      )
      .execute();
    expect(told).toEqual([]);
  });
});
