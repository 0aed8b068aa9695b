/**
 * The search endpoints' queries, drawn from the library itself: the words of the sampled
 * stories' titles and descriptions, counted. The same texts always give the same queries.
 */

/** Queries per kind. */
export const QUERIES_PER_KIND = 20;
/** A word has at least this many letters. */
const MIN_LETTERS = 3;
/** Counted at most this many times, a word is rare. */
const RARE_AT_MOST = 2;
/** Words whose frequency rank lies in this part of the ranking are mid-frequency. */
const MID_RANKS = [0.25, 0.75] as const;
/** Prefixes are this many letters, in turn, cut from words with at least one letter more. */
const PREFIX_LETTERS = [3, 4] as const;
/**
 * The server leaves these out of a query of several words (apps/api search/terms.ts), so a
 * pair with one of them would be a one-word search: pairs never use them.
 */
const STOPWORDS = new Set(['and', 'are', 'for', 'from', 'the', 'with']);

export interface StoryText {
  title: string;
  description: string | null;
}

export interface SearchWords {
  /** The most frequent words, most frequent first. */
  common: string[];
  /** Words seen once or twice; when there are too few, the least frequent fill up. */
  rare: string[];
  /** The first 3 or 4 letters of mid-frequency words. */
  prefix: string[];
  /** Two words adjacent in a title, `word word`. */
  twoWords: string[];
  /** How often each chosen word (or pair, for twoWords) was seen, in the lists' order. */
  counts: { common: number[]; rare: number[]; prefix: number[]; twoWords: number[] };
  /** Texts read and distinct words found in them. */
  texts: number;
  vocabulary: number;
}

const LETTERS = /\p{L}+/gu;
const letters = (word: string) => [...word].length;

/** Runs of letters, lower-cased, in order (any length). */
const runs = (text: string) => text.toLowerCase().match(LETTERS) ?? [];

/** The words of a text: lower-case runs of letters, at least three letters long. */
export function tokenise(text: string): string[] {
  return runs(text).filter((w) => letters(w) >= MIN_LETTERS);
}

/** Adjacent words of a title, both words (3+ letters) and neither a stopword. */
export function titlePairs(title: string): string[] {
  const words = runs(title);
  const pairs: string[] = [];
  for (let i = 1; i < words.length; i += 1) {
    const [a, b] = [words[i - 1]!, words[i]!];
    const usable = (w: string) => letters(w) >= MIN_LETTERS && !STOPWORDS.has(w);
    if (usable(a) && usable(b) && a !== b) pairs.push(`${a} ${b}`);
  }
  return pairs;
}

function countAll(items: Iterable<string>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(item, (counts.get(item) ?? 0) + 1);
  return counts;
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Most frequent first; equal counts in code-point order, so the ranking never depends on input order. */
function ranked(counts: Map<string, number>): string[] {
  return [...counts.keys()].sort((a, b) => counts.get(b)! - counts.get(a)! || byText(a, b));
}

/**
 * All of `items`, reordered: first `count` of them spread evenly over the list (the first, …,
 * the last), then the ones in between, in order. Taking from the front gives an even spread,
 * and still enough items when some must be skipped.
 */
export function spreadOrder<T>(items: readonly T[], count: number): T[] {
  const picks = new Set<number>();
  for (let i = 0; i < count && items.length > 0; i += 1) {
    picks.add(count === 1 ? 0 : Math.round((i * (items.length - 1)) / (count - 1)));
  }
  const first = [...picks].sort((a, b) => a - b).map((i) => items[i]!);
  return [...first, ...items.filter((_, i) => !picks.has(i))];
}

/** The four kinds of query, chosen from the texts' word and pair counts. */
export function chooseSearchWords(texts: readonly StoryText[]): SearchWords {
  const words = countAll(
    texts.flatMap((t) => [...tokenise(t.title), ...tokenise(t.description ?? '')]),
  );
  const pairs = countAll(texts.flatMap((t) => titlePairs(t.title)));
  const rank = ranked(words);

  const common = rank.slice(0, QUERIES_PER_KIND);

  // Those seen once or twice, evenly spread in code-point order; then the rarest of the rest.
  const rareOnes = rank.filter((w) => words.get(w)! <= RARE_AT_MOST).sort(byText);
  const rarestOthers = rank.filter((w) => words.get(w)! > RARE_AT_MOST).reverse();
  const rare = [...spreadOrder(rareOnes, QUERIES_PER_KIND), ...rarestOthers].slice(
    0,
    QUERIES_PER_KIND,
  );

  // Mid-frequency words, each cut to 3 or 4 letters in turn (3 when it has only 4).
  const [from, to] = MID_RANKS.map((share) => Math.floor(share * rank.length)) as [number, number];
  const short = PREFIX_LETTERS[0];
  const stems = rank.slice(from, Math.max(from + 1, to)).filter((w) => letters(w) > short);
  const prefixed: { word: string; prefix: string }[] = [];
  const seen = new Set<string>();
  for (const word of spreadOrder(stems, QUERIES_PER_KIND)) {
    if (prefixed.length === QUERIES_PER_KIND) break;
    const wanted = PREFIX_LETTERS[prefixed.length % PREFIX_LETTERS.length]!;
    const prefix = [...word].slice(0, letters(word) > wanted ? wanted : short).join('');
    if (seen.has(prefix)) continue;
    seen.add(prefix);
    prefixed.push({ word, prefix });
  }

  const twoWords = spreadOrder(ranked(pairs), QUERIES_PER_KIND).slice(0, QUERIES_PER_KIND);

  return {
    common,
    rare,
    prefix: prefixed.map((p) => p.prefix),
    twoWords,
    counts: {
      common: common.map((w) => words.get(w)!),
      rare: rare.map((w) => words.get(w)!),
      prefix: prefixed.map((p) => words.get(p.word)!),
      twoWords: twoWords.map((p) => pairs.get(p)!),
    },
    texts: texts.length,
    vocabulary: words.size,
  };
}
