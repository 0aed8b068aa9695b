import type { Sql } from './library.js';
import { Random } from './random.js';
import type { SampledChapter } from './sample.js';
import type { BenchRequest } from './types.js';

/** The chapters with the most top-level comments that the comment endpoints load. */
export const BUSY_CHAPTERS = 1_000;
/** As many spread chapters (one of each sampled story: most have few comments or none). */
export const SPREAD_CHAPTERS = 1_000;
/** The reader's page of comments (apps/web api/comments/get-comments.ts). */
export const COMMENTS_PAGE_SIZE = 20;

/** A chapter the comment endpoints ask about, and what its threads hold. */
export interface CommentChapter {
  id: string;
  /** Top-level comments, deleted placeholders included (the thread's total). */
  comments: number;
  /** A paragraph with comments, picked at random; null when it has none. */
  paragraph: number | null;
  busy: boolean;
}

const marks = (n: number) => Array.from({ length: n }, () => '?').join(',');

async function inBatches<T>(ids: string[], query: (batch: string[]) => Promise<T[]>) {
  const out: T[] = [];
  for (let i = 0; i < ids.length; i += 500) out.push(...(await query(ids.slice(i, i + 500))));
  return out;
}

/** Readable chapters among `ids` (published, of a public story): the API answers 200 for them. */
async function readable(sql: Sql, ids: string[]): Promise<Set<string>> {
  const rows = await inBatches(ids, (batch) =>
    sql.all<{ id: string }>(
      `SELECT ch.id AS id FROM chapters ch JOIN stories s ON s.id = ch.story_id
       WHERE ch.id IN (${marks(batch.length)}) AND ch.published = 1 AND s.visibility = 'public'`,
      batch,
    ),
  );
  return new Set(rows.map((r) => r.id));
}

/**
 * The busiest readable chapters and `spread` of the sampled ones, with their thread sizes and
 * a paragraph with comments for each that has one, alternated busy and spread.
 */
export async function sampleCommentChapters(
  sql: Sql,
  spread: SampledChapter[],
  random: Random,
): Promise<CommentChapter[]> {
  // Read from comments_thread_idx alone; a few private stories' chapters are left out after.
  const top = await sql.all<{ id: string; n: number | string }>(
    `SELECT chapter_id AS id, COUNT(*) AS n FROM comments WHERE parent_id IS NULL
     GROUP BY chapter_id ORDER BY n DESC LIMIT ?`,
    [Math.ceil(BUSY_CHAPTERS * 1.2)],
  );
  const open = await readable(
    sql,
    top.map((r) => r.id),
  );
  const busy = top.filter((r) => open.has(r.id)).slice(0, BUSY_CHAPTERS);
  const busyIds = new Set(busy.map((r) => r.id));
  const others = spread
    .map((c) => c.id)
    .filter((id) => !busyIds.has(id))
    .slice(0, SPREAD_CHAPTERS);
  const ids = [...busy.map((r) => r.id), ...others];

  const counts = new Map(busy.map((r) => [r.id, Number(r.n)]));
  const rows = await inBatches(others, (batch) =>
    sql.all<{ id: string; n: number | string }>(
      `SELECT chapter_id AS id, COUNT(*) AS n FROM comments
       WHERE chapter_id IN (${marks(batch.length)}) AND parent_id IS NULL GROUP BY chapter_id`,
      batch,
    ),
  );
  for (const r of rows) counts.set(r.id, Number(r.n));

  const keys = new Map<string, string[]>();
  const keyRows = await inBatches(ids, (batch) =>
    sql.all<{ id: string; paragraph_keys: string }>(
      `SELECT id, paragraph_keys FROM chapters
       WHERE id IN (${marks(batch.length)}) AND paragraph_keys IS NOT NULL`,
      batch,
    ),
  );
  for (const r of keyRows) keys.set(r.id, JSON.parse(r.paragraph_keys) as string[]);
  const used = new Map<string, string[]>();
  const usedRows = await inBatches([...keys.keys()], (batch) =>
    sql.all<{ id: string; paragraph_key: string }>(
      `SELECT DISTINCT chapter_id AS id, paragraph_key FROM comments
       WHERE chapter_id IN (${marks(batch.length)}) AND parent_id IS NULL
         AND paragraph_key IS NOT NULL ORDER BY chapter_id, paragraph_key`,
      batch,
    ),
  );
  for (const r of usedRows) used.set(r.id, [...(used.get(r.id) ?? []), r.paragraph_key]);

  const chapter = (id: string, isBusy: boolean): CommentChapter => {
    const withComments = used.get(id) ?? [];
    const key = withComments.length > 0 ? random.pick(withComments) : null;
    const index = key === null ? -1 : (keys.get(id)?.indexOf(key) ?? -1);
    return { id, comments: counts.get(id) ?? 0, paragraph: index < 0 ? null : index, busy: isBusy };
  };
  const out: CommentChapter[] = [];
  for (let i = 0; i < Math.max(busy.length, others.length); i++) {
    if (i < busy.length) out.push(chapter(busy[i]!.id, true));
    if (i < others.length) out.push(chapter(others[i]!, false));
  }
  return out;
}

/** A thread a reader opens: its order, and the chapter's or a paragraph's. */
export interface ThreadKind {
  sort: 'newest' | 'oldest' | 'top';
  onParagraph: boolean;
}

/** Which thread a reader opens, by weight: mostly the chapter's, newest first (the default). */
export const THREAD_MIX: readonly (readonly [number, ThreadKind])[] = [
  [45, { sort: 'newest', onParagraph: false }],
  [15, { sort: 'top', onParagraph: false }],
  [10, { sort: 'oldest', onParagraph: false }],
  [25, { sort: 'newest', onParagraph: true }],
  [5, { sort: 'top', onParagraph: true }],
];

const get = (path: string): BenchRequest => ({ method: 'GET', path });

/**
 * The first page of one thread per chapter, drawn from THREAD_MIX. A paragraph thread is one
 * with comments where the chapter has any, else paragraph 0 (an empty thread).
 */
export function threadRequests(chapters: readonly CommentChapter[], seed = 19): BenchRequest[] {
  const random = new Random(seed);
  return chapters.map((c) => {
    const { sort, onParagraph } = random.weighted(THREAD_MIX);
    const query = new URLSearchParams({
      page: '1',
      limit: String(COMMENTS_PAGE_SIZE),
      sort,
      ...(onParagraph ? { paragraph: String(c.paragraph ?? 0) } : {}),
    });
    return get(`/api/chapters/${c.id}/comments?${query}`);
  });
}

export const countsRequests = (chapters: readonly CommentChapter[]): BenchRequest[] =>
  chapters.map((c) => get(`/api/chapters/${c.id}/comment-counts`));

/** `1,000 busiest (3,103–25 comments) and 1,000 spread (62% without any)`, for descriptions. */
export function describeChapters(chapters: readonly CommentChapter[]): string {
  const num = (n: number) => n.toLocaleString('en-US');
  const busy = chapters.filter((c) => c.busy).map((c) => c.comments);
  const spread = chapters.filter((c) => !c.busy);
  const empty = spread.filter((c) => c.comments === 0).length;
  const range = busy.length > 0 ? ` (${num(Math.max(...busy))}–${num(Math.min(...busy))})` : '';
  const share = spread.length > 0 ? Math.round((100 * empty) / spread.length) : 0;
  return `${num(busy.length)} chapters with the most top-level comments${range} alternated with ${num(spread.length)} spread ones (${share}% without any)`;
}
