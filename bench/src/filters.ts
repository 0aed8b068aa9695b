import type { Sql } from './library.js';
import type { BenchRequest } from './types.js';

/**
 * Filtered lists (issue 23, docs/decisions/031-story-filters.md): the tags the `filter-*`
 * endpoints include and exclude, taken from the library itself.
 */
export interface FilterTags {
  /** The most used tag keys, most used first. */
  common: string[];
  /** The least used tag keys that some public story still has, least used first. */
  rare: string[];
  /** Stories per tag, for the description. */
  counts: Map<string, number>;
  /** Word ranges: below the 25th percentile, the quartiles between, above the 95th. */
  wordRanges: [number | undefined, number | undefined][];
}

/** How many tags of each kind the endpoints cycle through. */
const TAGS_EACH = 4;

/** Tag keys of public stories by use: one pass over story_tags (a setup cost, not timed). */
export async function sampleFilterTags(sql: Sql): Promise<FilterTags> {
  const rows = await sql.all<{ tag_key: string; n: number | string }>(
    `SELECT t.tag_key AS tag_key, COUNT(*) AS n FROM story_tags t
       JOIN stories s ON s.id = t.story_id
      WHERE s.visibility = 'public'
      GROUP BY t.tag_key ORDER BY n DESC, t.tag_key`,
  );
  const counts = new Map(rows.map((row) => [row.tag_key, Number(row.n)]));
  const keys = rows.map((row) => row.tag_key);
  const [total] = await sql.all<{ n: number | string }>(
    "SELECT COUNT(*) AS n FROM stories WHERE visibility = 'public'",
  );
  const at = async (fraction: number) => {
    const [row] = await sql.all<{ w: number | string }>(
      `SELECT word_count AS w FROM stories WHERE visibility = 'public'
        ORDER BY word_count LIMIT 1 OFFSET ?`,
      [Math.floor(Number(total?.n ?? 0) * fraction)],
    );
    return Number(row?.w ?? 0);
  };
  const [q25, q50, q75, q95] = [await at(0.25), await at(0.5), await at(0.75), await at(0.95)];
  return {
    common: keys.slice(0, TAGS_EACH),
    rare: keys.slice(-TAGS_EACH).reverse(),
    counts,
    wordRanges: [
      [undefined, q25],
      [q25, q50],
      [q50, q75],
      [q95, undefined],
    ],
  };
}

export const describeFilterTags = (tags: FilterTags) => {
  const of = (keys: string[]) =>
    keys.map((k) => `${k} (${(tags.counts.get(k) ?? 0).toLocaleString('en-US')})`).join(', ');
  const ranges = tags.wordRanges.map(([min, max]) => `${min ?? 0}–${max ?? '∞'}`).join(', ');
  return `common ${of(tags.common)}; rare ${of(tags.rare)}; word ranges ${ranges}`;
};

const SORTS = ['latest', 'popular', 'trending'] as const;
const listPath = (limit: number, params: Record<string, string | number | undefined>) =>
  `/api/stories?${new URLSearchParams(
    Object.entries({ page: 1, limit, ...params }).flatMap(([k, v]): [string, string][] =>
      v === undefined ? [] : [[k, String(v)]],
    ),
  ).toString()}`;

const get = (path: string): BenchRequest => ({ method: 'GET', path });

/** `filter-tag`: one included tag (common and rare in turn), every sort, page 1. */
export const includeTagRequests = (tags: FilterTags, limit: number): BenchRequest[] =>
  [...tags.common, ...tags.rare].flatMap((tag) =>
    SORTS.map((sort) => get(listPath(limit, { sort, tags: tag }))),
  );

/** `filter-exclude`: every sort without the most used tags (one, then two), page 1. */
export const excludeTagRequests = (tags: FilterTags, limit: number): BenchRequest[] =>
  tags.common.flatMap((tag, i) =>
    SORTS.map((sort) =>
      get(
        listPath(limit, {
          sort,
          exclude_tags: i === 0 ? tag : `${tag},${tags.common[0]}`,
        }),
      ),
    ),
  );

/**
 * `filter-combo`: the rating, status and a word range (the library's quartiles, and its longest
 * 5%) together; alone, and with a language, an included and an excluded tag; every sort, page 1.
 */
export const comboRequests = (tags: FilterTags, limit: number): BenchRequest[] =>
  tags.wordRanges.flatMap(([min, max], r) =>
    SORTS.flatMap((sort, s) => [
      get(
        listPath(limit, {
          sort,
          rating: 'general,teen',
          status: (r + s) % 2 === 0 ? 'completed' : 'ongoing',
          words_min: min,
          words_max: max,
        }),
      ),
      get(
        listPath(limit, {
          sort,
          rating: 'general',
          status: 'ongoing',
          language: 'English',
          words_min: min,
          words_max: max,
          tags: tags.common[(r + s) % tags.common.length],
          exclude_tags: tags.common[(r + s + 1) % tags.common.length],
        }),
      ),
    ]),
  );
