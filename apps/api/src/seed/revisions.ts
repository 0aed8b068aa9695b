import { paragraphsOfHtml, wordCountOfHtml } from '@storyloom/shared';
import type { Insertable } from 'kysely';
import type { Database } from '../db/types.js';
import { newId } from '../lib/ids.js';
import { packContent } from '../modules/revisions/repo.js';
import { iso } from './plan.js';
import type { Rng } from './random.js';

type ChapterRow = Insertable<Database['chapters']>;
const KEEP_ALL_MS = 30 * 86_400_000;

/**
 * A chapter's revision history as a writer leaves one (decision 026): the chapter as it reads
 * now, saved when it was last updated, and up to three earlier saves while it was being
 * written, each a shorter draft (its first paragraphs), between its creation and that update.
 * Older than 30 days, at most one save a day is kept, as the pruning job would leave it.
 */
export function chapterRevisions(
  rng: Rng,
  chapter: ChapterRow,
  authorId: string,
  now: number,
): Insertable<Database['chapter_revisions']>[] {
  const created = Date.parse(chapter.created_at);
  const updated = Date.parse(chapter.updated_at);
  const paragraphs = paragraphsOfHtml(chapter.content ?? '');
  const drafts = paragraphs.length > 1 ? rng.int(0, 3) : 0;
  const times: number[] = [];
  for (let k = 1; k <= drafts; k += 1)
    times.push(created + ((updated - created) * k) / (drafts + 1));
  const rows: Insertable<Database['chapter_revisions']>[] = [];
  for (const [k, at] of times.entries()) {
    const day = iso(at).slice(0, 10);
    // Older than 30 days a day keeps its last save only, as the pruning job leaves it.
    if (now - at > KEEP_ALL_MS && day === iso(times[k + 1] ?? updated).slice(0, 10)) continue;
    const kept = Math.max(1, Math.round((paragraphs.length * (k + 1)) / (drafts + 1)));
    const html = paragraphs.slice(0, kept).join('');
    rows.push({
      id: newId(),
      chapter_id: chapter.id,
      saved_by: authorId,
      title: chapter.title,
      content: packContent(html),
      word_count: wordCountOfHtml(html),
      created_at: iso(at),
    });
  }
  rows.push({
    id: newId(),
    chapter_id: chapter.id,
    saved_by: authorId,
    title: chapter.title,
    content: packContent(chapter.content ?? ''),
    word_count: chapter.word_count ?? wordCountOfHtml(chapter.content ?? ''),
    created_at: chapter.updated_at,
  });
  return rows;
}
