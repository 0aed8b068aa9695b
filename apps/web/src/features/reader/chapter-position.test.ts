import { describe, expect, it } from 'vitest';
import {
  chapterIndexFor,
  chapterProgress,
  minutesToRead,
  parseChapterParam,
} from './chapter-position';

describe('parseChapterParam', () => {
  it('reads whole numbers from 1', () => {
    expect(parseChapterParam('1')).toBe(1);
    expect(parseChapterParam(' 12 ')).toBe(12);
  });

  it('ignores what is not a chapter number', () => {
    for (const value of [null, '', '0', '-1', '1.5', 'two', '1e3', '9999999']) {
      expect(parseChapterParam(value)).toBeNull();
    }
  });
});

describe('chapterIndexFor', () => {
  const ids = ['a', 'b', 'c'];

  it('opens the chapter the URL names, the last one when it names one beyond', () => {
    expect(chapterIndexFor(2, ids, 'c')).toBe(1);
    expect(chapterIndexFor(7, ids, null)).toBe(2);
  });

  it('without a URL chapter, opens the saved position, else the first chapter', () => {
    expect(chapterIndexFor(null, ids, 'c')).toBe(2);
    expect(chapterIndexFor(null, ids, 'gone')).toBe(0);
    expect(chapterIndexFor(null, ids, null)).toBe(0);
    expect(chapterIndexFor(null, [], 'a')).toBe(0);
  });
});

describe('minutesToRead', () => {
  it('rounds up at 250 words a minute and never says zero', () => {
    expect(minutesToRead(0)).toBe(1);
    expect(minutesToRead(1150)).toBe(5);
    expect(minutesToRead(1251)).toBe(6);
  });
});

describe('chapterProgress', () => {
  it('runs from the chapter top reaching the window top to its end coming into view', () => {
    expect(chapterProgress(200, 3000, 800)).toBe(0);
    expect(chapterProgress(0, 3000, 800)).toBe(0);
    expect(chapterProgress(-1100, 3000, 800)).toBe(0.5);
    expect(chapterProgress(-2200, 3000, 800)).toBe(1);
    expect(chapterProgress(-2900, 3000, 800)).toBe(1);
  });

  it('is complete for a chapter shorter than the window', () => {
    expect(chapterProgress(150, 600, 800)).toBe(1);
  });
});
