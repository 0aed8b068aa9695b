import { describe, expect, it } from 'vitest';
import {
  BROWSE_GENRES,
  DISCOVER_GENRES,
  GENRES,
  isReservedUsername,
  MOBILE_MENU_GENRE_COUNT,
  PRODUCT_NAME,
} from './constants.js';

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

describe('reserved usernames', () => {
  it('reserves the /users route segments and names that would pass for staff or the product', () => {
    for (const name of ['me', 'search', 'suggested', 'admin', 'Administrator', 'SUPPORT', 'mod']) {
      expect(isReservedUsername(name), name).toBe(true);
    }
    for (const name of ['moderator', 'staff', 'root', 'system', 'official', 'security', 'help']) {
      expect(isReservedUsername(name), name).toBe(true);
    }
    expect(isReservedUsername(PRODUCT_NAME)).toBe(true);
    expect(isReservedUsername(PRODUCT_NAME.toUpperCase())).toBe(true);
  });

  it('ignores case, hyphens and underscores, but not other letters', () => {
    for (const name of ['Ad_Min', 'story-loom', '_admin_', 'Sys_Tem']) {
      expect(isReservedUsername(name), name).toBe(true);
    }
    for (const name of ['admiral', 'admin1234', 'helpful', 'storyloomer', 'moderation_fan']) {
      expect(isReservedUsername(name), name).toBe(false);
    }
  });
});
