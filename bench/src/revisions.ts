import type { Sql } from './library.js';
import type { SampledChapter } from './sample.js';
import type { BenchRequest } from './types.js';

/** The History panel's page size (apps/web api/chapters/revisions.ts). */
export const REVISIONS_PAGE_SIZE = 50;

/** A chapter and a token of its story's author, who alone may list its revisions. */
export interface RevisionChapter {
  id: string;
  token: string;
  revisions: number;
}

const marks = (n: number) => Array.from({ length: n }, () => '?').join(',');

/**
 * The sampled chapters with their authors' tokens (minted as notifications.ts does) and how
 * many revisions each has (the seed gives each chapter one to four).
 */
export async function sampleRevisionChapters(
  sql: Sql,
  chapters: readonly SampledChapter[],
  mint: (userId: string, tokenVersion: number) => string,
): Promise<RevisionChapter[]> {
  const out: RevisionChapter[] = [];
  for (let i = 0; i < chapters.length; i += 500) {
    const batch = chapters.slice(i, i + 500).map((c) => c.id);
    const rows = await sql.all<{ id: string; author: string; ver: number; n: number | string }>(
      `SELECT c.id AS id, u.id AS author, u.token_version AS ver,
              (SELECT COUNT(*) FROM chapter_revisions r WHERE r.chapter_id = c.id) AS n
         FROM chapters c JOIN stories s ON s.id = c.story_id JOIN users u ON u.id = s.author_id
        WHERE c.id IN (${marks(batch.length)})`,
      batch,
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const id of batch) {
      const r = byId.get(id);
      if (r) out.push({ id, token: mint(r.author, Number(r.ver)), revisions: Number(r.n) });
    }
  }
  return out;
}

/** The History panel's first page of each chapter, asked as its author. */
export const revisionListRequests = (chapters: readonly RevisionChapter[]): BenchRequest[] =>
  chapters.map((c) => ({
    method: 'GET',
    path: `/api/chapters/${c.id}/revisions?page=1&limit=${REVISIONS_PAGE_SIZE}`,
    headers: { authorization: `Bearer ${c.token}` },
  }));

export function describeRevisionChapters(chapters: readonly RevisionChapter[]): string {
  const total = chapters.reduce((s, c) => s + c.revisions, 0);
  const most = chapters.reduce((m, c) => Math.max(m, c.revisions), 0);
  return `${chapters.length.toLocaleString('en-US')} sampled chapters (mean ${(total / Math.max(1, chapters.length)).toFixed(1)} revisions, up to ${most}), each asked as its story's author`;
}
