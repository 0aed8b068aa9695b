import type { Sql } from './library.js';
import type { Random } from './random.js';
import type { BenchRequest } from './types.js';

/**
 * Take along (issue 23, docs/decisions/034-take-along.md): a visitor's EPUB download, a story's
 * Atom feed, and the sitemaps of stories a crawler walks.
 */
export const TAKE_ALONG_STORIES = 200;

/**
 * Public General and Teen stories with a published chapter (what a visitor may download and
 * follow), every k-th in id order, shuffled.
 */
export async function sampleTakeAlongStories(sql: Sql, random: Random): Promise<string[]> {
  const where =
    "visibility = 'public' AND rating IN ('general', 'teen') AND chapters_count > 0 AND deleted_at IS NULL";
  const [count] = await sql.all<{ n: number | string }>(
    `SELECT COUNT(*) AS n FROM stories WHERE ${where}`,
  );
  const step = Math.max(1, Math.ceil(Number(count?.n ?? 0) / TAKE_ALONG_STORIES));
  const rows = await sql.all<{ id: string }>(
    `SELECT id FROM (
       SELECT id, ROW_NUMBER() OVER (ORDER BY id) AS rn FROM stories WHERE ${where}
     ) spread WHERE rn % ? = 0 ORDER BY id LIMIT ?`,
    [step, TAKE_ALONG_STORIES],
  );
  return random.shuffle(rows.map((r) => r.id));
}

export const epubRequests = (stories: readonly string[]): BenchRequest[] =>
  stories.map((id) => ({ method: 'GET', path: `/api/stories/${id}/download?format=epub` }));

export const feedRequests = (stories: readonly string[]): BenchRequest[] =>
  stories.map((id) => ({ method: 'GET', path: `/api/stories/${id}/feed.atom` }));

/** Every stories sitemap the index lists now (asked once, while the workload is built). */
export async function sitemapRequests(origin: string): Promise<BenchRequest[]> {
  const index = await (await fetch(`${origin}/sitemap.xml`)).text();
  const paths = [...index.matchAll(/<loc>[^<]*?(\/sitemaps\/stories-\d+\.xml)<\/loc>/g)].map(
    (m) => m[1]!,
  );
  if (paths.length === 0) throw new Error('take-along-sitemap: the sitemap index lists no stories');
  return paths.map((path) => ({ method: 'GET', path }));
}
