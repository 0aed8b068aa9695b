import { GENRES, RATINGS } from '@storyloom/shared';
import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { SCOPE_SQL } from '../../db/migrations/023_story_search_scope.js';
import {
  fts5Match,
  fts5ScopedMatch,
  genreToken,
  MAX_WORDS,
  ratingToken,
  searchTerms,
} from './terms.js';

describe('searchTerms', () => {
  it.each([
    ['Dragon', ['dragon'], true],
    ['  The Lantern   road ', ['lantern', 'road'], true],
    ['lord of the', ['lord', 'the'], true],
    ['of the', ['of', 'the'], true],
    ['a', ['a'], false],
    ['Café au LAIT', ['café', 'au', 'lait'], true],
    ['cafe\u0301', ['café'], true],
    ['ﬁre', ['fire'], true],
    ['"dragon" AND (sea OR sky) NEAR/3 -x*', ['dragon', 'sea', 'sky', 'near', '3', 'x'], false],
    ["'; drop table stories; --", ['drop', 'table', 'stories'], true],
    ['title:dragon^2', ['title', 'dragon', '2'], false],
    ['😀🐉', [], false],
    ['', [], false],
    ['"" () * : ^ -', [], false],
    ['love love LOVE', ['love'], true],
    ['龍の物語', ['龍の物語'], true],
  ])('%j → %j', (query, words, prefixLast) => {
    expect(searchTerms(query)).toEqual({ words, prefixLast });
  });

  it('keeps at most 12 words, the last ones (the prefix being typed among them)', () => {
    const words = Array.from({ length: 20 }, (_, i) => `w${i}`);
    const terms = searchTerms(words.join(' '));
    expect(terms.words).toEqual(words.slice(-MAX_WORDS));
  });

  it('builds an FTS5 expression of quoted strings only', () => {
    expect(fts5Match({ words: ['dragon', 'sea'], prefixLast: true })).toBe('"dragon" "sea"*');
    expect(fts5Match({ words: ['dragon'], prefixLast: false })).toBe('"dragon"');
  });

  it('scopes a match by genre and rating tokens that no query can spell', () => {
    const terms = { words: ['dragon'], prefixLast: true };
    const g = genreToken('Sci-Fi');
    expect(g).toBe('\uE000gscifi');
    expect(fts5ScopedMatch(terms, {})).toBe('("dragon"*)');
    expect(fts5ScopedMatch(terms, { genre: 'Sci-Fi', ratings: RATINGS })).toBe(
      `("dragon"*) AND "${g}"`,
    );
    // With General, the few left out are excluded; without it, the few asked are listed.
    expect(fts5ScopedMatch(terms, { genre: 'Sci-Fi', ratings: ['general', 'teen'] })).toBe(
      `(("dragon"*) AND "${g}") NOT ("${ratingToken('mature')}" OR "${ratingToken('explicit')}")`,
    );
    expect(fts5ScopedMatch(terms, { ratings: ['mature'] })).toBe(
      `("dragon"*) AND ("${ratingToken('mature')}")`,
    );
    // Every genre is letters besides the spaces and hyphens the tokens leave out, so a token is
    // one word to FTS5's tokenizer; the index's generated column (migration 023) writes the same.
    const sqlite = new SQLite(':memory:');
    const scopeOf = sqlite.prepare(
      `select ${SCOPE_SQL} as scope from (select ? as genre, ? as rating)`,
    );
    for (const genre of GENRES) {
      expect(genreToken(genre)).toMatch(/^\uE000g[a-z]+$/);
      for (const rating of RATINGS) {
        expect(scopeOf.get(genre, rating)).toEqual({
          scope: `${genreToken(genre)} ${ratingToken(rating)}`,
        });
      }
    }
    sqlite.close();
    // A query's words never hold the tokens' first character.
    expect(searchTerms(`${g} ${ratingToken('mature')}`).words).toEqual(['gscifi', 'rmature']);
  });
});
