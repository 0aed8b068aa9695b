import { LIMITS } from '@storyloom/shared';
import { type Insertable, sql } from 'kysely';
import type { Db } from '../db/index.js';
import type { Database } from '../db/types.js';
import { hashPassword } from '../modules/auth/passwords.js';
import { buildChapterIndex } from '../modules/search/chapter-index.js';
import { READ_WINDOW } from './activity.js';
import { insertBatched, Pipeline } from './batch.js';
import { COMMENTS_PER_STORY } from './comments.js';
import { activityScale, emptyStoryRows, type StoryContext, type StoryRows } from './context.js';
import { dailyStatsRows, makeMillionReadStory, markStatsBackfilled } from './daily-stats.js';
import { type Hiding, hidingOf } from './hiding.js';
import { createIndexes, dropIndexes, type IndexDefinition, secondaryIndexes } from './indexes.js';
import { NotificationSeeder, numberNotifications } from './notifications.js';
import { iso, makePlan, type SeedPlan } from './plan.js';
import { buildParagraphPool } from './prose.js';
import { seedReadingLists } from './reading-lists.js';
import { reportsOf } from './reports.js';
import { seedSeries } from './series.js';
import { generateStory } from './stories.js';
import { seedTrash } from './trash.js';
import {
  DEMO_PASSWORD,
  followsOf,
  newUserIds,
  sessionRows,
  settingsRow,
  UsernameAllocator,
  userRow,
} from './users.js';

export interface SeedLibraryOptions {
  users: number;
  stories: number;
  /** Chapters per story, inclusive; default [2, 4] (three on average). */
  chaptersPerStory?: [number, number];
  /** Paragraphs per chapter; default [5, 12], or [2, 4] above 20,000 stories to bound size. */
  paragraphsPerChapter?: [number, number];
  /** Mean comments per public story, heavy-tailed (seed/comments.ts); default 6, 0 for none. */
  commentsPerStory?: number;
  /** Every timestamp is before this; default the current time. */
  now?: Date;
  /** Same seed, same content (usernames, titles, text, counts); default 42. */
  seed?: number;
  /** Makes user 0 the fixed demo account (demo@storyloom.local) with stories, follows and likes. */
  demoAccount?: boolean;
  /** A precomputed hash of the shared password; hashed once here otherwise. */
  passwordHash?: string;
  /**
   * Drop the filled tables' secondary indexes while loading and rebuild them after (much faster
   * for big libraries); default on from 50,000 stories. The dropped definitions are passed to
   * `onIndexesDropped` first, so a caller can restore them if the process dies mid-way.
   */
  rebuildIndexes?: boolean;
  onIndexesDropped?: (indexes: IndexDefinition[]) => void;
  /** Called after each batch: units are users + stories. */
  onProgress?: (done: number, total: number) => void;
  /** Called when a slow step without progress units starts (index rebuild). */
  onPhase?: (phase: string) => void;
  /**
   * Tops the most read public story up to a million reads, with its daily history, for the
   * bench's `story-stats`; default on from 2,000 stories.
   */
  millionReadStory?: boolean;
  /**
   * Indexes the chapters' text for searching inside chapters (decision 032); default on. Off,
   * that search finds nothing: for a bench that measures everything else at a size whose
   * chapter index takes most of an hour to build.
   */
  chapterIndex?: boolean;
  /** Stops the seed at the next batch boundary (the rows written so far stay). */
  signal?: AbortSignal;
}

/** The tables a seed fills. */
export const SEEDED_TABLES = [
  'users',
  'user_settings',
  'follows',
  'stories',
  'story_tags',
  'chapters',
  'chapter_revisions',
  'likes',
  'saves',
  'chapter_reads',
  'reading_progress',
  'sessions',
  'comments',
  'comment_likes',
  'notifications',
  'notification_actors',
  'mutes',
  'blocks',
  'story_daily_stats',
  'chapter_daily_stats',
] as const;

/**
 * The tables whose secondary indexes and triggers a bulk seed defers: the filled ones and the
 * search documents the triggers would have written (built once at the end instead).
 */
export const DEFERRED_TABLES = [...SEEDED_TABLES, 'story_search'] as const;

export interface SeedSummary {
  users: number;
  authors: number;
  stories: number;
  publicStories: number;
  chapters: number;
  /** Chapter revisions: a few per chapter (decision 026). */
  revisions: number;
  tags: number;
  follows: number;
  likes: number;
  saves: number;
  chapterReads: number;
  readingProgress: number;
  settings: number;
  sessions: number;
  comments: number;
  commentLikes: number;
  notifications: number;
  notificationActors: number;
  mutes: number;
  blocks: number;
  /** Series among the authors' stories (seed/series.ts). */
  series: number;
  /** Readers' reading lists (seed/reading-lists.ts). */
  readingLists: number;
  reports: number;
}

/** Stories generated and written per transaction: bounds memory at any library size. */
const STORY_CHUNK = 3_000;
const USER_CHUNK = 5_000;
const FOLLOW_CHUNK = 20_000;
const DEFAULT_CHAPTERS: [number, number] = [2, 4];

function validate(options: SeedLibraryOptions): void {
  const { users, stories } = options;
  const [min, max] = options.chaptersPerStory ?? DEFAULT_CHAPTERS;
  if (!Number.isInteger(users) || users < 0)
    throw new Error('users must be a non-negative integer');
  if (!Number.isInteger(stories) || stories < 0)
    throw new Error('stories must be a non-negative integer');
  if (stories > 0 && users < 1) throw new Error('stories need at least one user to write them');
  if (!(Number.isInteger(min) && Number.isInteger(max) && min >= 1 && max >= min))
    throw new Error('chaptersPerStory must be [min, max] with 1 <= min <= max');
  const comments = options.commentsPerStory ?? 0;
  if (!(Number.isFinite(comments) && comments >= 0))
    throw new Error('commentsPerStory must be a non-negative number');
  if (max > LIMITS.chaptersPerStory)
    throw new Error(`at most ${LIMITS.chaptersPerStory} chapters per story`);
}

type Progress = (units: number) => void;

/**
 * SQLite calls resolve without returning to the event loop, so a long seed would otherwise
 * never see a signal or a timer; one turn per batch is enough.
 */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Fills an empty, migrated database with a deterministic library: users, follows, stories with
 * tags and chapters, likes, saves, recent reads, reading progress, and comments with their
 * replies and likes, with every counter equal to the rows it counts (reads_count is lifetime:
 * the stored reads plus older, unstored ones).
 * Every genre gets a public story once there are at least GENRES.length stories. Writes are
 * committed chunk by chunk; if seeding fails part-way, clear the database and run it again.
 */
export async function seedLibrary(db: Db, options: SeedLibraryOptions): Promise<SeedSummary> {
  validate(options);
  const { users, stories, onProgress } = options;
  const plan = makePlan({
    seed: options.seed ?? 42,
    now: (options.now ?? new Date()).getTime(),
    users,
    stories,
    demoAccount: options.demoAccount ?? false,
  });
  const passwordHash = options.passwordHash ?? (await hashPassword(DEMO_PASSWORD));
  const summary = emptySummary(users, stories, plan.authors);
  let done = 0;
  onProgress?.(0, users + stories);
  const progress: Progress = (units) => {
    done += units;
    onProgress?.(done, users + stories);
  };

  const indexes =
    (options.rebuildIndexes ?? stories >= 50_000)
      ? await secondaryIndexes(db, DEFERRED_TABLES)
      : [];
  options.onIndexesDropped?.(indexes);
  await dropIndexes(db, indexes);
  let userIds: string[] = [];
  try {
    userIds = await seedUsers(db, plan, passwordHash, summary, progress, options.signal);
    const notices = new NotificationSeeder(plan, userIds);
    await seedFollows(db, plan, userIds, notices, summary);
    await seedHiding(db, plan, userIds, summary);
    const ctx: StoryContext = {
      plan,
      userIds,
      pool: buildParagraphPool(plan.seed),
      chaptersPerStory: options.chaptersPerStory ?? DEFAULT_CHAPTERS,
      paragraphsPerChapter: options.paragraphsPerChapter ?? (stories > 20_000 ? [2, 4] : [5, 12]),
      scale: activityScale(users, stories),
      commentsPerStory: options.commentsPerStory ?? COMMENTS_PER_STORY,
    };
    await seedStories(db, ctx, notices, summary, progress, options.signal);
    await markStatsBackfilled(db, plan.now);
    if (options.millionReadStory ?? stories >= 2_000) {
      options.onPhase?.('Giving the most read story a million reads');
      await makeMillionReadStory(db, plan.now);
    }
    await seedReports(db, plan, userIds, summary);
    options.onPhase?.('Numbering the notifications');
    await numberNotifications(db);
  } catch (error) {
    // Put the indexes back even so, without hiding the error that stopped the seed.
    await createIndexes(db, indexes).catch(() => {});
    throw error;
  }
  if (indexes.length > 0) {
    options.onPhase?.(`Building the search documents and ${indexes.length} indexes and triggers`);
    await createIndexes(db, indexes);
  } else if (db.dialect === 'postgres') {
    // What a rebuild ends with too: planner statistics for the rows just loaded, and the
    // visibility map that lets counts read an index alone. Without them PostgreSQL guesses and
    // reads the table until autovacuum comes round, and it may be off.
    await sql`vacuum analyze`.execute(db.kysely);
  }
  // With the indexes, as the delete routes run: each deletion finds its story's chapters,
  // comments and notifications by index (without them, a scan of each table per deletion:
  // 7 minutes at a million stories).
  options.onPhase?.('Deleting a few stories and chapters (Recently deleted)');
  await seedTrash(db, plan);
  // Chapter text (decision 032): the bulk load wrote chapters without their index entries.
  if (options.chapterIndex ?? true) {
    options.onPhase?.('Indexing chapter text');
    await buildChapterIndex(db.kysely, db.dialect);
  }
  // After the indexes: the stories of a few authors are read back by author.
  summary.series = await seedSeries(db, userIds);
  summary.readingLists = (await seedReadingLists(db, plan, userIds)).lists;
  return summary;
}

/** Users with their final follower/following/story counters, and the few saved settings. */
async function seedUsers(
  db: Db,
  plan: SeedPlan,
  passwordHash: string,
  summary: SeedSummary,
  progress: Progress,
  signal?: AbortSignal,
): Promise<string[]> {
  const followers = new Int32Array(plan.users);
  const following = new Int32Array(plan.users);
  for (let u = 0; u < plan.users; u++) {
    const follows = followsOf(plan, u);
    following[u] = follows.length;
    for (const f of follows) followers[f.followee]! += 1;
  }
  const userIds = newUserIds(plan.users);
  const names = new UsernameAllocator();
  for (let start = 0; start < plan.users; start += USER_CHUNK) {
    await yieldToEventLoop();
    signal?.throwIfAborted();
    const rows: Insertable<Database['users']>[] = [];
    const settings: Insertable<Database['user_settings']>[] = [];
    const sessions: Insertable<Database['sessions']>[] = [];
    for (let u = start; u < Math.min(plan.users, start + USER_CHUNK); u++) {
      const setting = settingsRow(plan, u, userIds[u]!);
      const derived = {
        followers: followers[u]!,
        following: following[u]!,
        profilePublic: setting?.profilePublic ?? true,
      };
      rows.push(userRow(plan, u, userIds[u]!, names, passwordHash, derived));
      if (setting) settings.push(setting.row);
      sessions.push(...sessionRows(plan, u, userIds[u]!));
    }
    await db.kysely.transaction().execute(async (trx) => {
      await insertBatched(trx, db.dialect, 'users', rows);
      await insertBatched(trx, db.dialect, 'user_settings', settings);
      await insertBatched(trx, db.dialect, 'sessions', sessions);
    });
    summary.settings += settings.length;
    summary.sessions += sessions.length;
    progress(rows.length);
  }
  return userIds;
}

/** The follow lists again (they are regenerated, not kept), now as rows. */
async function seedFollows(
  db: Db,
  plan: SeedPlan,
  userIds: readonly string[],
  notices: NotificationSeeder,
  summary: SeedSummary,
): Promise<void> {
  let rows: Insertable<Database['follows']>[] = [];
  let told = emptyStoryRows();
  const flush = async () => {
    const batch = rows;
    const notified = told;
    rows = [];
    told = emptyStoryRows();
    await db.kysely.transaction().execute(async (trx) => {
      await insertBatched(trx, db.dialect, 'follows', batch);
      await insertBatched(trx, db.dialect, 'notifications', notified.notifications);
      await insertBatched(trx, db.dialect, 'notification_actors', notified.notificationActors);
    });
    summary.follows += batch.length;
    count(summary, notified);
  };
  for (let u = 0; u < plan.users; u++) {
    const mine = followsOf(plan, u).map((f) => ({
      follower_id: userIds[u]!,
      followee_id: userIds[f.followee]!,
      created_at: iso(f.at),
    }));
    rows.push(...mine);
    notices.addFollows(u, mine, told);
    if (rows.length >= FOLLOW_CHUNK) await flush();
  }
  await flush();
}

/** Who muted and blocked whom (hiding.ts). */
async function seedHiding(
  db: Db,
  plan: SeedPlan,
  userIds: readonly string[],
  summary: SeedSummary,
): Promise<void> {
  let batch: Hiding = { mutes: [], blocks: [] };
  const flush = async () => {
    const { mutes, blocks } = batch;
    batch = { mutes: [], blocks: [] };
    await db.kysely.transaction().execute(async (trx) => {
      await insertBatched(trx, db.dialect, 'mutes', mutes);
      await insertBatched(trx, db.dialect, 'blocks', blocks);
    });
    summary.mutes += mutes.length;
    summary.blocks += blocks.length;
  };
  for (let u = 0; u < plan.users; u++) {
    const mine = hidingOf(plan, u, userIds);
    batch.mutes.push(...mine.mutes);
    batch.blocks.push(...mine.blocks);
    if (batch.mutes.length + batch.blocks.length >= FOLLOW_CHUNK) await flush();
  }
  await flush();
}

/** The open reports in the moderation queue (reports.ts), against the most popular stories. */
async function seedReports(
  db: Db,
  plan: SeedPlan,
  userIds: readonly string[],
  summary: SeedSummary,
): Promise<void> {
  const popular = await db.kysely
    .selectFrom('stories')
    .select(['id', 'author_id'])
    .where('visibility', '=', 'public')
    .orderBy('popular_score', 'desc')
    .orderBy('id', 'desc')
    .limit(2_000)
    .execute();
  let rows: Insertable<Database['reports']>[] = [];
  const flush = async () => {
    await insertBatched(db.kysely, db.dialect, 'reports', rows);
    summary.reports += rows.length;
    rows = [];
  };
  for (let u = 0; u < plan.users; u++) {
    rows.push(...reportsOf(plan, u, userIds, popular));
    if (rows.length >= FOLLOW_CHUNK) await flush();
  }
  await flush();
}

async function seedStories(
  db: Db,
  ctx: StoryContext,
  notices: NotificationSeeder,
  summary: SeedSummary,
  progress: Progress,
  signal?: AbortSignal,
): Promise<void> {
  const { stories } = ctx.plan;
  // Chunks are independent (their parents, the users, are committed), so PostgreSQL writes a
  // few at once on separate connections; SQLite has one writer, so one at a time.
  const writes = new Pipeline(db.dialect === 'postgres' ? 3 : 1);
  try {
    for (let start = 0; start < stories; start += STORY_CHUNK) {
      await yieldToEventLoop();
      signal?.throwIfAborted();
      const rows = emptyStoryRows();
      const end = Math.min(stories, start + STORY_CHUNK);
      for (let i = start; i < end; i++) {
        const from = { likes: rows.likes.length, comments: rows.comments.length };
        generateStory(ctx, i, rows);
        notices.addStory(i, rows, from, rows);
      }
      await writes.add(async () => {
        await writeStoryRows(db, rows, ctx.plan.now);
        count(summary, rows);
        progress(end - start);
      });
    }
  } finally {
    await writes.settle();
  }
  await writes.drain();
}

async function writeStoryRows(db: Db, rows: StoryRows, now: number): Promise<void> {
  const daily = dailyStatsRows(rows, now, now - READ_WINDOW);
  await db.kysely.transaction().execute(async (trx) => {
    await insertBatched(trx, db.dialect, 'stories', rows.stories);
    await insertBatched(trx, db.dialect, 'story_tags', rows.tags);
    await insertBatched(trx, db.dialect, 'chapters', rows.chapters);
    await insertBatched(trx, db.dialect, 'chapter_revisions', rows.revisions);
    await insertBatched(trx, db.dialect, 'likes', rows.likes);
    await insertBatched(trx, db.dialect, 'saves', rows.saves);
    await insertBatched(trx, db.dialect, 'chapter_reads', rows.reads);
    await insertBatched(trx, db.dialect, 'reading_progress', rows.progress);
    // In id order, which is creation order: every reply after the comment it answers.
    rows.comments.sort((a, b) => (a.id! < b.id! ? -1 : 1));
    await insertBatched(trx, db.dialect, 'comments', rows.comments);
    await insertBatched(trx, db.dialect, 'comment_likes', rows.commentLikes);
    await insertBatched(trx, db.dialect, 'notifications', rows.notifications);
    await insertBatched(trx, db.dialect, 'notification_actors', rows.notificationActors);
    await insertBatched(trx, db.dialect, 'story_daily_stats', daily.stories);
    await insertBatched(trx, db.dialect, 'chapter_daily_stats', daily.chapters);
  });
}

const emptySummary = (users: number, stories: number, authors: number): SeedSummary => ({
  users,
  authors,
  stories,
  publicStories: 0,
  chapters: 0,
  revisions: 0,
  tags: 0,
  follows: 0,
  likes: 0,
  saves: 0,
  chapterReads: 0,
  readingProgress: 0,
  settings: 0,
  sessions: 0,
  comments: 0,
  commentLikes: 0,
  notifications: 0,
  notificationActors: 0,
  mutes: 0,
  blocks: 0,
  series: 0,
  readingLists: 0,
  reports: 0,
});

function count(summary: SeedSummary, rows: StoryRows): void {
  summary.publicStories += rows.stories.filter((s) => s.visibility === 'public').length;
  summary.chapters += rows.chapters.length;
  summary.revisions += rows.revisions.length;
  summary.tags += rows.tags.length;
  summary.likes += rows.likes.length;
  summary.saves += rows.saves.length;
  summary.chapterReads += rows.reads.length;
  summary.readingProgress += rows.progress.length;
  summary.comments += rows.comments.length;
  summary.commentLikes += rows.commentLikes.length;
  summary.notifications += rows.notifications.length;
  summary.notificationActors += rows.notificationActors.length;
}
