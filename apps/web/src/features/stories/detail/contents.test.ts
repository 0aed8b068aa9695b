import type { ChapterSummary } from '@storyloom/shared';
import { describe, expect, it } from 'vitest';
import { contentsEntries, continueAt, readerPath, storyLength } from './contents';

const chapter = (id: string, published: boolean, words = 100): ChapterSummary => ({
  id,
  title: `Title ${id}`,
  order: 0,
  published,
  word_count: words,
  published_at: published ? '2025-03-05T10:00:00.000Z' : null,
});

const chapters = [
  chapter('a', true, 1000),
  chapter('draft', false, 5000),
  chapter('b', true, 2000),
  chapter('c', true, 450),
];

describe('the table of contents', () => {
  it('numbers the published chapters as the reader does, and no draft', () => {
    expect(contentsEntries(chapters).map((e) => e.number)).toEqual([1, null, 2, 3]);
  });

  it("counts a reader's story: published chapters, their words and the minutes to read them", () => {
    expect(storyLength(chapters)).toEqual({ chapters: 3, words: 3450, minutes: 14 });
    expect(storyLength([chapter('x', false)])).toEqual({ chapters: 0, words: 0, minutes: 0 });
  });

  it("continues at the reader's chapter by its number in the reader", () => {
    const entries = contentsEntries(chapters);
    expect(continueAt({ chapter_id: 'b', order: 3 }, entries)).toEqual({
      chapterId: 'b',
      number: 2,
    });
    // Before the contents arrive, the server's number; never for a chapter that is gone.
    expect(continueAt({ chapter_id: 'b', order: 3 }, undefined)).toEqual({
      chapterId: 'b',
      number: 3,
    });
    expect(continueAt({ chapter_id: 'gone', order: 9 }, entries)).toBeNull();
    expect(continueAt(null, entries)).toBeNull();
    expect(continueAt(undefined, entries)).toBeNull();
  });

  it('links the reader at a chapter', () => {
    expect(readerPath('s 1')).toBe('/stories/s%201/read');
    expect(readerPath('s1', 4)).toBe('/stories/s1/read?chapter=4');
  });
});
