import type { Sql } from './library.js';
import type { SampledChapter } from './sample.js';
import type { BenchRequest } from './types.js';

/** "In chapter text" queries per kind (issue 23). */
export const CHAPTER_QUERIES_PER_KIND = 20;
/** Chapters whose text the queries are drawn from. */
const TEXT_CHAPTERS = 300;
/** The web's page size of chapter text results (apps/web api/search/search-chapter-text.ts). */
export const CHAPTER_TEXT_PAGE_SIZE = 10;

export interface ChapterQueries {
  /** Three words in a row across a sentence's end, the least seen in the sampled text, quoted. */
  rarePhrase: string[];
  /** The most frequent words of the sampled text, alone. */
  common: string[];
  /** Two words adjacent in the text, unquoted (both required in one paragraph). */
  twoWords: string[];
  counts: { rarePhrase: number[]; common: number[]; twoWords: number[] };
}

const WORD = /[\p{L}\p{N}][\p{L}\p{N}\p{M}]*/gu;
/** Left out of pairs: the server drops them from loose words (search/chapter-terms.ts). */
const STOPWORDS = new Set(['a', 'an', 'and', 'the', 'of', 'to', 'in', 'is', 'it', 'on', 'or']);

const textOf = (html: string) =>
  html
    .replace(/<\/?(?:strong|em|u|b|i)>/gi, '')
    .split(/<\/(?:p|blockquote)>/i)
    .map((p) => p.replace(/<[^>]*>/g, ' ').replace(/&[a-z#0-9]+;/gi, ' '));

/** Queries of each kind from the paragraphs of `contents` (chapter HTML); the same for the same text. */
export function chooseChapterQueries(contents: readonly string[]): ChapterQueries {
  const words = new Map<string, number>();
  const pairs = new Map<string, number>();
  const triples = new Map<string, number>();
  const bump = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
  for (const html of contents) {
    for (const paragraph of textOf(html)) {
      const found = [...paragraph.toLowerCase().matchAll(WORD)];
      const tokens = found.map((m) => m[0]);
      for (let i = 0; i < tokens.length; i++) {
        bump(words, tokens[i]!);
        const [a, b, c] = [tokens[i]!, tokens[i + 1], tokens[i + 2]];
        if (b && !STOPWORDS.has(a) && !STOPWORDS.has(b) && a.length > 2 && b.length > 2)
          bump(pairs, `${a} ${b}`);
        // Phrases across a sentence's end: the seed's prose draws whole sentences from a pool,
        // so a phrase inside one sentence recurs all over the library; one that joins two rarely.
        const [x, z] = [found[i]!, found[i + 2]];
        const across = z && /[.!?]/.test(paragraph.slice(x.index + x[0].length, z.index));
        if (b && c && across) bump(triples, `${a} ${b} ${c}`);
      }
    }
  }
  const byCount = (map: Map<string, number>, dir: 1 | -1) =>
    [...map.entries()].sort((x, y) => dir * (x[1] - y[1]) || (x[0] < y[0] ? -1 : 1));
  const rare = byCount(triples, 1).slice(0, CHAPTER_QUERIES_PER_KIND);
  const common = byCount(words, -1).slice(0, CHAPTER_QUERIES_PER_KIND);
  const spread = byCount(pairs, -1);
  const step = Math.max(1, Math.floor(spread.length / CHAPTER_QUERIES_PER_KIND));
  const two = spread.filter((_, i) => i % step === 0).slice(0, CHAPTER_QUERIES_PER_KIND);
  return {
    rarePhrase: rare.map(([q]) => `"${q}"`),
    common: common.map(([q]) => q),
    twoWords: two.map(([q]) => q),
    counts: {
      rarePhrase: rare.map(([, n]) => n),
      common: common.map(([, n]) => n),
      twoWords: two.map(([, n]) => n),
    },
  };
}

/** The text of up to TEXT_CHAPTERS of the sampled published chapters. */
export async function sampleChapterQueries(
  sql: Sql,
  chapters: readonly SampledChapter[],
): Promise<ChapterQueries> {
  const ids = chapters.slice(0, TEXT_CHAPTERS).map((c) => c.id);
  if (ids.length === 0) return chooseChapterQueries([]);
  const rows = await sql.all<{ content: string }>(
    `SELECT content FROM chapters WHERE id IN (${ids.map(() => '?').join(',')}) ORDER BY id`,
    ids,
  );
  return chooseChapterQueries(rows.map((r) => r.content));
}

export const chapterSearchRequests = (queries: readonly string[]): BenchRequest[] =>
  queries.map((q) => ({
    method: 'GET',
    path: `/api/search/chapters?${new URLSearchParams({ q, page: '1', limit: String(CHAPTER_TEXT_PAGE_SIZE) })}`,
  }));
