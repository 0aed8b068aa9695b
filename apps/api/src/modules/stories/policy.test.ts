import { describe, expect, it } from 'vitest';
import { canEdit, canRead, canReadChapter, seesDrafts } from './policy.js';

const author = { id: 'a' };
const other = { id: 'b' };
const open = { author_id: 'a', visibility: 'public' as const };
const hidden = { author_id: 'a', visibility: 'private' as const };

describe('story policy', () => {
  it('lets everyone read public stories and only the author read private ones', () => {
    expect([canRead(null, open), canRead(other, open), canRead(author, open)]).toEqual([
      true,
      true,
      true,
    ]);
    expect([canRead(null, hidden), canRead(other, hidden), canRead(author, hidden)]).toEqual([
      false,
      false,
      true,
    ]);
  });

  it('lets only the author edit or see drafts', () => {
    for (const story of [open, hidden]) {
      expect([canEdit(null, story), canEdit(other, story), canEdit(author, story)]).toEqual([
        false,
        false,
        true,
      ]);
      expect([
        seesDrafts(null, story),
        seesDrafts(other, story),
        seesDrafts(author, story),
      ]).toEqual([false, false, true]);
    }
  });

  it('shows unpublished chapters to the author only', () => {
    const draft = { published: 0 };
    const published = { published: 1 };
    expect(canReadChapter(other, open, published)).toBe(true);
    expect(canReadChapter(other, open, draft)).toBe(false);
    expect(canReadChapter(author, open, draft)).toBe(true);
    expect(canReadChapter(other, hidden, published)).toBe(false);
  });
});
