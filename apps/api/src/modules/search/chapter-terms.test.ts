import { describe, expect, it } from 'vitest';
import {
  chapterFts5Match,
  chapterTerms,
  PAIR_JOINER,
  pairsOfText,
  phrasePairs,
  SNIPPET_MAX,
  snippetOf,
} from './chapter-terms.js';

const marked = (s: { text: string; highlights: { start: number; end: number }[] }) =>
  s.highlights.map((r) => s.text.slice(r.start, r.end));

describe('chapterTerms', () => {
  it('reads quoted phrases and loose words, and never syntax', () => {
    expect(chapterTerms('"The Dark  night" castle')).toEqual({
      phrases: [['the', 'dark', 'night']],
      words: ['castle'],
    });
    expect(chapterTerms('“curly quotes” and OR NEAR*')).toEqual({
      phrases: [['curly', 'quotes']],
      words: ['near'],
    });
    expect(chapterTerms('the')).toEqual({ phrases: [], words: ['the'] });
    expect(chapterTerms('"one"')).toEqual({ phrases: [], words: ['one'] });
    expect(chapterTerms('  "" ')).toEqual({ phrases: [], words: [] });
    // A phrase brings its word pairs along (decision 039).
    const J = PAIR_JOINER;
    expect(chapterFts5Match(chapterTerms('"dark night" castle'))).toBe(`"dark${J}night" "castle"`);
    expect(chapterFts5Match(chapterTerms('"the dark night"'))).toBe(`"the${J}dark dark${J}night"`);
  });
});

describe('word pairs', () => {
  const J = PAIR_JOINER;
  it('pairs each word with the next, folded, in order, across sentences', () => {
    expect(pairsOfText('The Café. The café, the end!')).toEqual([
      `the${J}cafe`,
      `cafe${J}the`,
      `the${J}cafe`,
      `cafe${J}the`,
      `the${J}end`,
    ]);
    expect(pairsOfText('Alone.')).toEqual([]);
    expect(pairsOfText('')).toEqual([]);
  });

  it('takes the pairs of each phrase of a query, as the index writes them', () => {
    const terms = chapterTerms('"A whisper. Ada" "whisper ada" night');
    expect(phrasePairs(terms)).toEqual([[`a${J}whisper`, `whisper${J}ada`], [`whisper${J}ada`]]);
    expect(phrasePairs(chapterTerms('night castle'))).toEqual([]);
    // What a query asks for is what the paragraph was indexed with, in the same order.
    expect(pairsOfText('…a WHISPER; Ada ran').slice(0, 2)).toEqual(phrasePairs(terms)[0]);
  });
});

describe('snippetOf', () => {
  it('answers the sentence holding the phrase, marked', () => {
    const text = 'A dark night. Then the dark night fell on the castle. Dark.';
    const snippet = snippetOf(text, chapterTerms('"dark night fell" castle'));
    expect(snippet.text).toBe('Then the dark night fell on the castle.');
    expect(marked(snippet)).toEqual(['dark night fell', 'castle']);
  });

  it('folds accents and case, and cuts a long sentence around the match', () => {
    const long = `${'word '.repeat(100)}the Café opened ${'more '.repeat(100)}end.`;
    const snippet = snippetOf(long, chapterTerms('cafe'));
    expect(snippet.text.length).toBeLessThanOrEqual(SNIPPET_MAX + 2);
    expect(snippet.text.startsWith('…')).toBe(true);
    expect(snippet.text.endsWith('…')).toBe(true);
    expect(marked(snippet)).toEqual(['Café']);
  });
});
