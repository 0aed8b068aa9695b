import type { Sql } from './library.js';
import type { BenchRequest } from './types.js';

/** The story the `story-stats` endpoint asks about, and its author's token. */
export interface StatsStory {
  id: string;
  reads: number;
  token: string;
}

/**
 * The most read public story (the seed tops one up to a million reads) and a token minted for
 * its author: the Stats view is the author's alone.
 */
export async function sampleStatsStory(
  sql: Sql,
  mint: (userId: string, tokenVersion: number) => string,
): Promise<StatsStory | null> {
  const [row] = await sql.all<{ id: string; reads: number | string; author: string; ver: number }>(
    `SELECT s.id AS id, s.reads_count AS reads, u.id AS author, u.token_version AS ver
       FROM stories s JOIN users u ON u.id = s.author_id
      WHERE s.visibility = 'public'
      ORDER BY s.reads_count DESC, s.id LIMIT 1`,
  );
  if (!row) return null;
  return { id: row.id, reads: Number(row.reads), token: mint(row.author, Number(row.ver)) };
}

/** The Stats view's one call, for each of its windows in turn. */
export const statsRequests = (story: StatsStory | null): BenchRequest[] =>
  story
    ? [7, 30, 365].map((days) => ({
        method: 'GET',
        path: `/api/stories/${story.id}/stats?days=${days}`,
        headers: { authorization: `Bearer ${story.token}` },
      }))
    : [];
