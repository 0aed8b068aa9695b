import { LIMITS, type TextRange } from '@storyloom/shared';
import { MAX_WORDS } from './terms.js';

/**
 * What an "In chapter text" query means (docs/decisions/032-chapter-text-search.md): each
 * "quoted phrase" must appear as written, word after word, and every other word must appear
 * too, all in one paragraph. Words match whole (no prefix: chapter text has no prefix index).
 * As for story search, only runs of letters, digits and combining marks are words, so nothing
 * typed reaches the engines' query syntax.
 */
export interface ChapterTerms {
  /** Phrases of two words or more, in the order typed. */
  phrases: string[][];
  /** Single words, each required. */
  words: string[];
}

const WORD = /[\p{L}\p{N}][\p{L}\p{N}\p{M}]*/gu;
const MAX_WORD_LENGTH = 64;
/** Straight and curly double quotes open and close a phrase. */
const QUOTED = /["“”„«»]([^"“”„«»]*)["“”„«»]?/g;
/** Dropped from the loose words when anything else remains (a phrase keeps them all). */
const STOPWORDS = new Set(['a', 'an', 'and', 'the', 'of', 'to', 'in', 'is', 'it', 'on', 'or']);

const wordsOf = (text: string) => (text.match(WORD) ?? []).map((w) => w.slice(0, MAX_WORD_LENGTH));

export function chapterTerms(query: string): ChapterTerms {
  const text = query.slice(0, LIMITS.searchQueryMax).normalize('NFKC').toLowerCase();
  const phrases: string[][] = [];
  const loose: string[] = [];
  let budget = MAX_WORDS;
  const rest = text.replace(QUOTED, (_, inside: string) => {
    const words = wordsOf(inside).slice(0, budget);
    budget -= words.length;
    if (words.length > 1) phrases.push(words);
    else if (words.length === 1) loose.push(words[0]!);
    return ' ';
  });
  for (const word of wordsOf(rest)) loose.push(word);
  let words = [...new Set(loose)];
  const meaningful = words.filter((word) => !STOPWORDS.has(word));
  if (meaningful.length > 0 || phrases.length > 0) words = meaningful;
  return { phrases, words: words.slice(0, Math.max(0, budget)) };
}

export const isEmpty = (terms: ChapterTerms) =>
  terms.phrases.length === 0 && terms.words.length === 0;

/**
 * Word pairs (docs/decisions/039-chapter-word-pairs.md): each paragraph is indexed with the
 * pairs of its adjacent words after its words, in order, each pair one term: `first` PAIR_JOINER
 * `second`, folded. A phrase is then matched as the phrase of its pairs ("a whisper ada" as
 * "a‸whisper whisper‸ada"): the same paragraphs, found from terms far rarer than its words,
 * whose every position an engine would otherwise read. U+E000 (private use) is a word character
 * to FTS5's unicode61 and never typed in a query, so a pair never meets a word; PostgreSQL keeps
 * each pair as one lexeme, whatever it holds.
 */
export const PAIR_JOINER = '\uE000';

/** The pairs of adjacent words of `words`, folded, in order. */
export const wordPairs = (words: readonly string[]): string[] => {
  const folded = words.map(fold);
  return folded.slice(1).map((word, i) => `${folded[i]}${PAIR_JOINER}${word}`);
};

/**
 * Bytes of pairs a paragraph is indexed with, each counted as its UTF-8 length and its
 * overhead (as a tsvector stores it; one holds at most 1 MB). A paragraph of prose needs a few
 * kilobytes (one of 2,000 words about 40 KB); one of tens of thousands of words keeps the pairs
 * of its first several thousand, and a phrase past them is not found in it.
 */
export const PAIR_BYTES_MAX = 200_000;

/** What a tsvector spends on each lexeme beside its text, about (entry, position, alignment). */
const LEXEME_OVERHEAD_BYTES = 9;

/** What a paragraph's words take in a tsvector, about: each distinct word and its overhead. */
export const wordBytesOf = (text: string): number => {
  let bytes = 0;
  for (const word of new Set(wordsOf(text).map(fold)))
    bytes += Buffer.byteLength(word) + LEXEME_OVERHEAD_BYTES;
  return bytes;
};

/** The pairs of a paragraph's text, in order, as the index holds them (`budget` bytes at most). */
export const pairsOfText = (text: string, budget = PAIR_BYTES_MAX): string[] => {
  const pairs = wordPairs(wordsOf(text));
  let bytes = 0;
  for (let i = 0; i < pairs.length; i += 1) {
    bytes += Buffer.byteLength(pairs[i]!) + LEXEME_OVERHEAD_BYTES;
    if (bytes > budget) return pairs.slice(0, i);
  }
  return pairs;
};

/** Each phrase of a query as the pairs it is indexed under. */
export const phrasePairs = ({ phrases }: ChapterTerms): string[][] => phrases.map(wordPairs);

/**
 * The FTS5 MATCH expression, all of it required: each phrase as the phrase of its word pairs,
 * each loose word; every one a quoted string.
 */
export function chapterFts5Match(terms: ChapterTerms): string {
  const quote = (text: string) => `"${text.replaceAll('"', '""')}"`;
  return [
    ...phrasePairs(terms).map((pairs) => quote(pairs.join(' '))),
    ...terms.words.map(quote),
  ].join(' ');
}

/** Case and accents folded, as both engines' indexes fold them. */
export const fold = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

/** The snippet's longest stretch of text; a longer sentence is cut around its first match. */
export const SNIPPET_MAX = 280;

/** One segmenter for every snippet: making one costs milliseconds, using it microseconds. */
const SENTENCES = new Intl.Segmenter('en', { granularity: 'sentence' });

export interface Snippet {
  text: string;
  highlights: TextRange[];
}

/**
 * The sentence of `paragraph` (plain text) that holds the match, with the runs to highlight:
 * the first sentence holding a whole phrase, else the one holding the most of the words.
 */
export function snippetOf(paragraph: string, terms: ChapterTerms): Snippet {
  const tokens = [...paragraph.matchAll(WORD)].map((m) => ({
    start: m.index,
    end: m.index + m[0].length,
    folded: fold(m[0]),
  }));
  const wanted = new Set(terms.words.map(fold));
  const phraseRanges: TextRange[] = [];
  for (const phrase of terms.phrases.map((p) => p.map(fold))) {
    for (let i = 0; i + phrase.length <= tokens.length; i += 1) {
      if (phrase.every((word, j) => tokens[i + j]!.folded === word)) {
        phraseRanges.push({ start: tokens[i]!.start, end: tokens[i + phrase.length - 1]!.end });
      }
    }
  }
  const ranges: TextRange[] = [...phraseRanges];
  for (const token of tokens) {
    if (wanted.has(token.folded)) ranges.push({ start: token.start, end: token.end });
  }
  ranges.sort((a, b) => a.start - b.start || b.end - a.end);

  // The sentences, as Intl cuts them; the best one is where the first phrase (or most words) is.
  const sentences = [...SENTENCES.segment(paragraph)]
    .map((s) => ({ start: s.index, end: s.index + s.segment.trimEnd().length }))
    .filter((s) => s.end > s.start);
  const inside = (s: { start: number; end: number }) =>
    ranges.filter((r) => r.start >= s.start && r.end <= s.end);
  let best = sentences[0] ?? { start: 0, end: paragraph.length };
  let bestScore = -1;
  for (const sentence of sentences) {
    const held = inside(sentence);
    const distinct = new Set(held.map((r) => fold(paragraph.slice(r.start, r.end)))).size;
    const phrases = phraseRanges.filter((r) => r.start >= sentence.start && r.end <= sentence.end);
    const score = phrases.length * 1000 + distinct;
    if (score > bestScore) {
      best = sentence;
      bestScore = score;
    }
  }
  // A phrase running across two sentences: the stretch that holds it.
  if (bestScore <= 0 && ranges[0]) {
    const first = ranges[0];
    best = {
      start: Math.min(best.start, first.start),
      end: Math.max(Math.min(best.end, paragraph.length), first.end),
    };
  }
  let { start, end } = best;
  if (end - start > SNIPPET_MAX) {
    const anchor = inside(best)[0] ?? ranges[0] ?? { start, end: start };
    start = Math.max(start, anchor.start - Math.floor(SNIPPET_MAX / 3));
    end = Math.min(end, start + SNIPPET_MAX);
    // Cut at word boundaries, inwards, so the snippet stays within SNIPPET_MAX.
    const after = paragraph.indexOf(' ', start);
    if (start > best.start && after !== -1 && after - start < 20) start = after + 1;
    const before = paragraph.lastIndexOf(' ', end);
    if (end < best.end && before > start && end - before < 20) end = before;
  }
  const lead = start > best.start ? '…' : '';
  const tail = end < best.end ? '…' : '';
  const text = lead + paragraph.slice(start, end) + tail;
  const shift = lead.length - start;
  const highlights = ranges
    .filter((r) => r.start >= start && r.end <= end)
    .map((r) => ({ start: r.start + shift, end: r.end + shift }))
    // Overlaps (a word inside a phrase) merged, so the web marks each run once.
    .reduce<TextRange[]>((merged, r) => {
      const last = merged.at(-1);
      if (last && r.start <= last.end) last.end = Math.max(last.end, r.end);
      else merged.push({ ...r });
      return merged;
    }, []);
  return { text, highlights };
}
