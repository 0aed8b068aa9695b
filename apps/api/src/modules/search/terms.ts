import { type Genre, LIMITS, RATINGS, type Rating } from '@storyloom/shared';

/**
 * What a search box query means (docs/decisions/007-full-text-search.md): its words, all
 * required, the last one also as a prefix. Everything else (quotes, operators such as AND, OR,
 * NEAR, NOT, *, ^, -, parentheses, colons, SQL, emoji) is a separator, so no input can reach
 * the engines' query syntax: each word is passed on quoted (SQLite) or through
 * plainto_tsquery (PostgreSQL).
 */
export interface SearchTerms {
  words: string[];
  /** The last word also matches as a prefix ('drag' finds 'dragon'). */
  prefixLast: boolean;
}

export const MAX_WORDS = 12;
const MAX_WORD_LENGTH = 64;
/** A one-letter prefix matches nearly everything; from two letters on it is useful. */
const MIN_PREFIX_LENGTH = 2;

/**
 * Very common English words left out of a query when other words remain (never the last
 * word, which may be a prefix being typed): they match most stories, add nothing to the
 * ranking and make it slow.
 */
const STOPWORDS = new Set([
  'a',
  'an',
  'and',
  'are',
  'as',
  'at',
  'be',
  'by',
  'for',
  'from',
  'in',
  'is',
  'it',
  'of',
  'on',
  'or',
  'the',
  'to',
  'with',
]);

/** A word: a letter or digit, then letters, digits and combining marks. */
const WORD = /[\p{L}\p{N}][\p{L}\p{N}\p{M}]*/gu;

export function searchTerms(query: string): SearchTerms {
  const text = query.slice(0, LIMITS.searchQueryMax).normalize('NFKC').toLowerCase();
  const found = [...new Set((text.match(WORD) ?? []).map((w) => w.slice(0, MAX_WORD_LENGTH)))];
  const last = found.length - 1;
  const meaningful = found.filter((word, i) => i === last || !STOPWORDS.has(word));
  const useful = meaningful.some((word) => !STOPWORDS.has(word));
  const words = (useful ? meaningful : found).slice(-MAX_WORDS);
  const final = words.at(-1);
  return { words, prefixLast: final !== undefined && [...final].length >= MIN_PREFIX_LENGTH };
}

/** Each word as an FTS5 phrase: a quoted string, the last one with `*`. */
export function fts5Phrases({ words, prefixLast }: SearchTerms): string[] {
  return words.map((word, i) => {
    const quoted = `"${word.replaceAll('"', '""')}"`;
    return prefixLast && i === words.length - 1 ? `${quoted}*` : quoted;
  });
}

/** The FTS5 MATCH expression: every word (fts5Phrases) required. */
export function fts5Match(terms: SearchTerms): string {
  return fts5Phrases(terms).join(' ');
}

/**
 * The index's own tokens in SQLite's `scope` column (migration 023, decision 043): a story's
 * genre and its rating. They begin with U+E000, private use, which the tokenizer keeps inside a
 * word and WORD never matches, so no query's words can reach them.
 */
const SCOPE_MARK = '\uE000';
export const genreToken = (genre: Genre) =>
  `${SCOPE_MARK}g${genre.toLowerCase().replace(/[- ]/g, '')}`;
export const ratingToken = (rating: Rating) => `${SCOPE_MARK}r${rating}`;

/**
 * The FTS5 MATCH expression of `terms` within a genre and of one of `ratings` (decision 043),
 * each left out when absent: the words and the scope's tokens. Ratings that include General, the
 * bulk of the stories, are asked as none of the others (`NOT`), which reads fewer entries than
 * an `OR` of the many.
 */
export function fts5ScopedMatch(
  terms: SearchTerms,
  { genre, ratings }: { genre?: Genre | undefined; ratings?: readonly Rating[] | undefined },
): string {
  const anyOf = (some: readonly Rating[]) =>
    `(${some.map((rating) => `"${ratingToken(rating)}"`).join(' OR ')})`;
  let match = `(${fts5Match(terms)})`;
  if (genre) match += ` AND "${genreToken(genre)}"`;
  if (!ratings || ratings.length === RATINGS.length) return match;
  if (!ratings.includes('general')) return `${match} AND ${anyOf(ratings)}`;
  return `(${match}) NOT ${anyOf(RATINGS.filter((rating) => !ratings.includes(rating)))}`;
}
