import {
  type ChapterQueries,
  chooseChapterQueries,
  sampleChapterQueries,
} from './chapter-search.js';
import { type CommentChapter, sampleCommentChapters } from './comments.js';
import { type FilterTags, sampleFilterTags } from './filters.js';
import { type HidingUser, sampleHidingUsers } from './hiding.js';
import { getData } from './http.js';
import type { Sql } from './library.js';
import { type NotifiedUser, sampleNotifiedUsers, tokenMinter } from './notifications.js';
import { JWT_SECRET } from './processes.js';
import { Random } from './random.js';
import { type ListSample, sampleReadingLists } from './reading-lists.js';
import { type RevisionChapter, sampleRevisionChapters } from './revisions.js';
import { chooseSearchWords, type SearchWords } from './search-words.js';
import { type StaffSample, sampleStaff } from './staff.js';
import { type StatsStory, sampleStatsStory } from './story-stats.js';
import { sampleTakeAlongStories } from './take-along.js';
import { sampleTrashUsers, type TrashUser } from './trash.js';

/** Every seeded user's password (printed by the seed script). */
export const SEED_PASSWORD = 'storyloom-demo';
/** Stories sampled at most, spread over the library. */
export const SAMPLE_STORIES = 10_000;
const WRITERS = 16;

export interface SampledChapter {
  id: string;
  storyId: string;
}

/** A signed-in author, with one of their own published chapters to edit. */
export interface Writer {
  token: string;
  chapter: SampledChapter;
  title: string;
  content: string;
}

/** Ids spread over the whole library, so requests do not all hit the same few rows. */
export interface Sample {
  publicStories: number;
  stories: string[];
  /** One published chapter of each sampled story that has one. */
  chapters: SampledChapter[];
  writers: Writer[];
  /** The search endpoints' queries, from the sampled stories' titles and descriptions. */
  words: SearchWords;
  /** The comment endpoints' chapters: the busiest and spread ones (comments.ts). */
  commentChapters: CommentChapter[];
  /** The notification endpoints' users: the busiest and spread ones (notifications.ts). */
  notifiedUsers: NotifiedUser[];
  /** The `staff-*` endpoints' admin (staff.ts), or null. */
  staff: StaffSample | null;
  /** The `hiding-*` endpoints' readers, who muted or blocked someone (hiding.ts). */
  hidingUsers: HidingUser[];
  /** Series with a public part, and public stories that are parts of one (issue 22). */
  series: { ids: string[]; stories: string[] };
  /** Reading lists (issue 23): public lists, their owners, and owners signed in. */
  readingLists: ListSample;
  /** The `story-stats` endpoint's story: the most read one, with its author's token. */
  statsStory: StatsStory | null;
  /** The `trash-list` endpoint's authors, with and without a trash (trash.ts). */
  trashUsers: TrashUser[];
  /** Stories a visitor may download and follow (take-along.ts). */
  takeAlong: string[];
  /** The `revisions-list` endpoint's chapters, with their authors' tokens (revisions.ts). */
  revisionChapters: RevisionChapter[];
  /** The `filter-*` endpoints' tags, most and least used (filters.ts). */
  filterTags: FilterTags | null;
  /** The `text-search-*` endpoints' queries, from sampled chapters' text (chapter-search.ts). */
  chapterQueries: ChapterQueries;
}

/** Up to SAMPLE_STORIES series that show a visitor a part, and their public parts, shuffled. */
async function sampleSeries(sql: Sql, random: Random) {
  const rows = await sql.all<{ series_id: string; story_id: string }>(
    `SELECT ss.series_id, ss.story_id FROM series_stories ss
       JOIN stories s ON s.id = ss.story_id
      WHERE s.visibility = 'public' AND s.rating IN ('general', 'teen')
      ORDER BY ss.series_id, ss.position LIMIT ?`,
    [SAMPLE_STORIES],
  );
  const ids = [...new Set(rows.map((row) => row.series_id))];
  return {
    ids: random.shuffle(ids),
    stories: random.shuffle(rows.map((row) => row.story_id)),
  };
}

/**
 * Every k-th public story in id (creation) order, k chosen to give at most SAMPLE_STORIES,
 * shuffled; with their titles and descriptions.
 */
async function sampleStories(sql: Sql, random: Random) {
  const [count] = await sql.all<{ n: number | string }>(
    "SELECT COUNT(*) AS n FROM stories WHERE visibility = 'public'",
  );
  const publicStories = Number(count?.n ?? 0);
  const step = Math.max(1, Math.ceil(publicStories / SAMPLE_STORIES));
  const rows = await sql.all<{ id: string; title: string; description: string | null }>(
    `SELECT id, title, description FROM (
       SELECT id, title, description, ROW_NUMBER() OVER (ORDER BY id) AS rn
       FROM stories WHERE visibility = 'public'
     ) spread WHERE rn % ? = 0 ORDER BY id LIMIT ?`,
    [step, SAMPLE_STORIES],
  );
  return {
    publicStories,
    stories: random.shuffle(rows.map((r) => r.id)),
    words: chooseSearchWords(rows),
  };
}

async function sampleChapters(sql: Sql, stories: string[], random: Random) {
  const byStory = new Map<string, string[]>();
  for (let i = 0; i < stories.length; i += 500) {
    const batch = stories.slice(i, i + 500);
    const rows = await sql.all<{ id: string; story_id: string }>(
      `SELECT id, story_id FROM chapters WHERE published = 1 AND story_id IN (${batch.map(() => '?').join(',')}) ORDER BY id`,
      batch,
    );
    for (const row of rows) {
      const ids = byStory.get(row.story_id);
      if (ids) ids.push(row.id);
      else byStory.set(row.story_id, [row.id]);
    }
  }
  return stories.flatMap((storyId) => {
    const ids = byStory.get(storyId);
    return ids ? [{ id: random.pick(ids), storyId }] : [];
  });
}

/** Signs in the authors of some sampled stories and reads the chapter each will edit. */
async function signInWriters(sql: Sql, origin: string, chapters: SampledChapter[]) {
  const candidates = chapters.slice(0, 200);
  if (candidates.length === 0)
    throw new Error('no published chapter to sign in for: is the library empty?');
  const rows = await sql.all<{ story_id: string; email: string }>(
    `SELECT s.id AS story_id, u.email AS email FROM stories s JOIN users u ON u.id = s.author_id
     WHERE s.id IN (${candidates.map(() => '?').join(',')})`,
    candidates.map((c) => c.storyId),
  );
  const emailOf = new Map(rows.map((r) => [r.story_id, r.email]));
  const seen = new Set<string>();
  const writers: Writer[] = [];
  for (const chapter of candidates) {
    const email = emailOf.get(chapter.storyId);
    if (!email || seen.has(email)) continue;
    seen.add(email);
    const form = new URLSearchParams({ username: email, password: SEED_PASSWORD });
    const { access_token: token } = await getData<{ access_token: string }>(origin, {
      method: 'POST',
      path: '/api/auth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    const own = await getData<{ title: string; content: string }>(origin, {
      method: 'GET',
      path: `/api/chapters/${chapter.id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    writers.push({ token, chapter, title: own.title, content: own.content });
    if (writers.length === WRITERS) break;
  }
  return writers;
}

/**
 * Samples ids; signs in writers (each sign-in is a deliberately slow hash) and counts comments
 * only for the endpoints that need them.
 */
export async function takeSample(
  sql: Sql,
  origin: string,
  need: {
    writers: boolean;
    comments: boolean;
    notifications: boolean;
    hiding: boolean;
    stats?: boolean;
    trash?: boolean;
    revisions?: boolean;
    filters?: boolean;
    listMenus?: boolean;
    takeAlong?: boolean;
    chapterText?: boolean;
    /** For the staff endpoints: how to make an account admin when the library has none. */
    staff?: ((username: string) => Promise<void>) | null;
  },
): Promise<Sample> {
  const random = new Random(8);
  const { publicStories, stories, words } = await sampleStories(sql, random);
  const chapters = await sampleChapters(sql, stories, random);
  const writers = need.writers ? await signInWriters(sql, origin, chapters) : [];
  const commentChapters = need.comments ? await sampleCommentChapters(sql, chapters, random) : [];
  const notifiedUsers = need.notifications
    ? await sampleNotifiedUsers(sql, random, tokenMinter(JWT_SECRET))
    : [];
  const hidingUsers = need.hiding
    ? await sampleHidingUsers(sql, random, tokenMinter(JWT_SECRET))
    : [];
  const series = await sampleSeries(sql, random);
  const readingLists = await sampleReadingLists(
    sql,
    random,
    need.listMenus ? tokenMinter(JWT_SECRET) : null,
  );
  const statsStory = need.stats ? await sampleStatsStory(sql, tokenMinter(JWT_SECRET)) : null;
  const trashUsers = need.trash ? await sampleTrashUsers(sql, random, tokenMinter(JWT_SECRET)) : [];
  const revisionChapters = need.revisions
    ? await sampleRevisionChapters(sql, chapters, tokenMinter(JWT_SECRET))
    : [];
  const filterTags = need.filters ? await sampleFilterTags(sql) : null;
  const takeAlong = need.takeAlong ? await sampleTakeAlongStories(sql, random) : [];
  const staff = need.staff ? await sampleStaff(sql, tokenMinter(JWT_SECRET), need.staff) : null;
  const chapterQueries = need.chapterText
    ? await sampleChapterQueries(sql, chapters)
    : chooseChapterQueries([]);
  return {
    chapterQueries,
    publicStories,
    stories,
    chapters,
    writers,
    words,
    commentChapters,
    notifiedUsers,
    hidingUsers,
    series,
    readingLists,
    statsStory,
    trashUsers,
    revisionChapters,
    filterTags,
    takeAlong,
    staff,
  };
}
