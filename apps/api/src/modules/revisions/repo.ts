import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';
import type { Kysely, Transaction } from 'kysely';
import type { ChapterRow, Database } from '../../db/types.js';
import { newId } from '../../lib/ids.js';
import { nowIso } from '../../lib/time.js';

type Exec = Kysely<Database> | Transaction<Database>;

/**
 * A chapter's HTML as stored in a revision: Brotli at quality 5 with a 64 KB window, in text
 * mode (decision 026 has the measurements). Chapters are at most a few hundred KB of HTML, so
 * this takes about a millisecond.
 */
export function packContent(html: string): Buffer {
  const size = Buffer.byteLength(html);
  return brotliCompressSync(html, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 5,
      [constants.BROTLI_PARAM_LGWIN]: 16,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: size,
    },
  });
}

export const unpackContent = (packed: Uint8Array): string =>
  brotliDecompressSync(packed).toString('utf8');

/** What a save records: the chapter's title and text after the save, and who made it. */
export interface RevisionInput {
  chapterId: string;
  savedBy: string | null;
  title: string;
  /** packContent() of the chapter's HTML. */
  content: Buffer;
  wordCount: number;
  createdAt: string;
}

export async function insertRevisions(db: Exec, revisions: RevisionInput[]): Promise<void> {
  if (revisions.length === 0) return;
  await db
    .insertInto('chapter_revisions')
    .values(
      revisions.map((r) => ({
        id: newId(),
        chapter_id: r.chapterId,
        saved_by: r.savedBy,
        title: r.title,
        content: r.content,
        word_count: r.wordCount,
        created_at: r.createdAt,
      })),
    )
    .execute();
}

/** When the chapter's newest revision was made; null when it has none. */
export const latestRevisionTime = async (db: Exec, chapterId: string): Promise<string | null> =>
  (
    await db
      .selectFrom('chapter_revisions')
      .select('created_at')
      .where('chapter_id', '=', chapterId)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst()
  )?.created_at ?? null;

/**
 * In a save's transaction, under the story's lock, before the chapter row changes: records the
 * save as the chapter's newest revision. A chapter saved before revisions existed (migration
 * 012) first gets a revision of itself as it stood, dated its last update and credited to the
 * story's author, so restoring can always go back to it. The new revision is dated now, or just
 * after the newest one if a clock (another process's, or this one set back) says otherwise, so
 * the newest revision is always the chapter's text.
 */
export async function recordSave(
  trx: Transaction<Database>,
  current: ChapterRow,
  saved: Omit<RevisionInput, 'chapterId' | 'createdAt'>,
): Promise<void> {
  let latest = await latestRevisionTime(trx, current.id);
  if (latest === null) {
    await insertRevisions(trx, [
      {
        chapterId: current.id,
        savedBy: saved.savedBy,
        title: current.title,
        content: packContent(current.content),
        wordCount: current.word_count,
        createdAt: current.updated_at,
      },
    ]);
    latest = current.updated_at;
  }
  const now = nowIso();
  const createdAt = now > latest ? now : new Date(Date.parse(latest) + 1).toISOString();
  await insertRevisions(trx, [{ ...saved, chapterId: current.id, createdAt }]);
}

/** A chapter's revisions, newest first, without their text, with who saved each. */
export async function listRevisions(db: Exec, chapterId: string, limit: number, offset: number) {
  const [items, count] = await Promise.all([
    db
      .selectFrom('chapter_revisions as r')
      .leftJoin('users as u', 'u.id', 'r.saved_by')
      .select([
        'r.id',
        'r.title',
        'r.word_count',
        'r.created_at',
        'r.saved_by',
        'u.username as saved_by_username',
      ])
      .where('r.chapter_id', '=', chapterId)
      .orderBy('r.created_at', 'desc')
      .orderBy('r.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    db
      .selectFrom('chapter_revisions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('chapter_id', '=', chapterId)
      .executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(count.n) };
}
export type RevisionSummaryRow = Awaited<ReturnType<typeof listRevisions>>['items'][number];

export function findRevision(db: Exec, chapterId: string, revisionId: string) {
  return db
    .selectFrom('chapter_revisions as r')
    .leftJoin('users as u', 'u.id', 'r.saved_by')
    .select([
      'r.id',
      'r.chapter_id',
      'r.title',
      'r.content',
      'r.word_count',
      'r.created_at',
      'r.saved_by',
      'u.username as saved_by_username',
    ])
    .where('r.chapter_id', '=', chapterId)
    .where('r.id', '=', revisionId)
    .executeTakeFirst();
}
export type RevisionRow = NonNullable<Awaited<ReturnType<typeof findRevision>>>;
