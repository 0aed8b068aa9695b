import { describe, expect, it } from 'vitest';
import { Random } from './random.js';
import {
  chooseSearchWords,
  QUERIES_PER_KIND,
  type StoryText,
  spreadOrder,
  titlePairs,
  tokenise,
} from './search-words.js';

const SYLLABLES = ['ba', 'ke', 'ti', 'mo', 'ru', 'sa', 'ne', 'li', 'po', 'gu'];
/** The n-th of 100 made-up words, each with a prefix of its own. */
const made = (n: number) => `${SYLLABLES[n % 10]}${SYLLABLES[Math.floor(n / 10) % 10]}ran`;

/** A library whose n-th word is seen n times (once in a title, the rest in descriptions). */
function library(): StoryText[] {
  const texts: StoryText[] = [];
  for (let n = 1; n <= 60; n += 1) {
    texts.push({ title: `The ${made(n)} Tale`, description: `${made(n)} `.repeat(n - 1) });
  }
  return texts;
}

describe('tokenise', () => {
  it('keeps lower-case runs of three letters or more', () => {
    expect(tokenise("The Dragon's Queen: 2 of 3, Élan & Co-op")).toEqual([
      'the',
      'dragon',
      'queen',
      'élan',
    ]);
    expect(tokenise('')).toEqual([]);
  });
});

describe('titlePairs', () => {
  it('pairs adjacent words, never across a short word or with a stopword', () => {
    expect(titlePairs('Letters of the Silent Queen')).toEqual(['silent queen']);
    expect(titlePairs('The Last Winter Garden')).toEqual(['last winter', 'winter garden']);
    expect(titlePairs('Echo Echo')).toEqual([]);
  });
});

describe('spreadOrder', () => {
  it('puts an even spread first, then the rest in order', () => {
    expect(spreadOrder([0, 1, 2, 3, 4, 5, 6, 7, 8], 3)).toEqual([0, 4, 8, 1, 2, 3, 5, 6, 7]);
    expect(spreadOrder([1, 2], 5)).toEqual([1, 2]);
    expect(spreadOrder([], 3)).toEqual([]);
  });
});

describe('chooseSearchWords', () => {
  const texts = library();
  const words = chooseSearchWords(texts);

  it('answers 20 queries of each kind from a large enough library', () => {
    for (const list of [words.common, words.rare, words.prefix, words.twoWords]) {
      expect(list).toHaveLength(QUERIES_PER_KIND);
      expect(new Set(list).size).toBe(list.length);
    }
    expect(words.texts).toBe(60);
  });

  it('does not depend on the order of the texts', () => {
    expect(chooseSearchWords(new Random(3).shuffle(texts))).toEqual(words);
  });

  it('takes the most frequent words for common, with their counts', () => {
    expect(words.common.slice(0, 3)).toEqual([made(60), 'tale', 'the']);
    expect(words.counts.common.slice(0, 3)).toEqual([60, 60, 60]);
    for (let i = 1; i < words.counts.common.length; i += 1) {
      expect(words.counts.common[i]).toBeLessThanOrEqual(words.counts.common[i - 1]!);
    }
  });

  it('takes words seen once or twice for rare, then the least frequent', () => {
    expect(words.counts.rare.slice(0, 2).sort()).toEqual([1, 2]);
    expect(words.counts.rare.slice(2)).toEqual(
      [...words.counts.rare.slice(2)].sort((a, b) => a - b),
    );
    expect(Math.max(...words.counts.rare)).toBeLessThan(words.counts.common.at(-1)!);

    const many = Array.from({ length: 100 }, (_, i) => ({
      title: `Alpha Beta ${made(i)}`,
      description: 'alpha beta',
    }));
    const rare = chooseSearchWords(many);
    expect(rare.counts.rare.every((n) => n === 1)).toBe(true);
    expect(rare.rare).toHaveLength(QUERIES_PER_KIND);
  });

  it('cuts mid-frequency words to their first 3 or 4 letters', () => {
    const all = new Set(texts.flatMap((t) => tokenise(`${t.title} ${t.description}`)));
    words.prefix.forEach((prefix, i) => {
      expect(prefix.length).toBe(i % 2 === 0 ? 3 : 4);
      expect([...all].some((w) => w.startsWith(prefix) && w.length > prefix.length)).toBe(true);
    });
    const counts = [...words.counts.prefix];
    expect(Math.min(...counts)).toBeGreaterThan(Math.min(...words.counts.rare));
    expect(Math.max(...counts)).toBeLessThan(60);
  });

  it('takes pairs of words adjacent in titles', () => {
    for (const pair of words.twoWords) {
      expect(pair.split(' ')).toHaveLength(2);
      expect(texts.some((t) => t.title.toLowerCase().includes(pair))).toBe(true);
    }
  });

  it('answers what there is from a small library', () => {
    const few = chooseSearchWords([{ title: 'Silent Queen', description: null }]);
    expect(few.common).toEqual(['queen', 'silent']);
    expect(few.rare).toEqual(['queen', 'silent']);
    expect(few.twoWords).toEqual(['silent queen']);
    expect(few.prefix.length).toBeLessThanOrEqual(1);
    expect(chooseSearchWords([]).common).toEqual([]);
  });
});
