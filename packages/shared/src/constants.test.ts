import { describe, expect, it } from 'vitest';
import { BROWSE_GENRES, DISCOVER_GENRES, GENRES, MOBILE_MENU_GENRE_COUNT } from './constants.js';

describe('genre lists', () => {
  it('has the 14 story-form genres of the spec', () => {
    expect(GENRES).toHaveLength(14);
    expect(new Set(GENRES).size).toBe(14);
  });

  it('menus and filters only offer genres a story can have', () => {
    expect(BROWSE_GENRES).toHaveLength(12);
    expect(DISCOVER_GENRES).toHaveLength(10);
    for (const genre of [...BROWSE_GENRES, ...DISCOVER_GENRES]) expect(GENRES).toContain(genre);
    expect(MOBILE_MENU_GENRE_COUNT).toBeLessThanOrEqual(BROWSE_GENRES.length);
  });
});
