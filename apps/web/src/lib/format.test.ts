import { describe, expect, it } from 'vitest';
import {
  chapterLine,
  chapterTitleAfterNumber,
  formatBytes,
  formatCount,
  formatCountOf,
  formatDate,
  formatDuration,
  formatRelativeTime,
  initials,
} from './format';

describe('formatCount', () => {
  it('leaves counts under a thousand as they are', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(7)).toBe('7');
    expect(formatCount(999)).toBe('999');
  });

  it('shortens thousands with K and one decimal', () => {
    expect(formatCount(1_000)).toBe('1K');
    expect(formatCount(1_234)).toBe('1.2K');
    expect(formatCount(12_500)).toBe('12.5K');
    expect(formatCount(850_000)).toBe('850K');
  });

  it('shortens millions with M', () => {
    expect(formatCount(1_000_000)).toBe('1M');
    expect(formatCount(3_400_000)).toBe('3.4M');
    expect(formatCount(2_550_000)).toBe('2.5M');
  });

  it('moves to M when K would round up to 1000K', () => {
    expect(formatCount(999_949)).toBe('999.9K');
    expect(formatCount(999_960)).toBe('1M');
  });

  it('treats missing or invalid numbers as zero and keeps the sign', () => {
    expect(formatCount(undefined)).toBe('0');
    expect(formatCount(null)).toBe('0');
    expect(formatCount(Number.NaN)).toBe('0');
    expect(formatCount(-1_500)).toBe('-1.5K');
  });
});

describe('formatDate', () => {
  it('shows the day in the time zone asked for', () => {
    const lateEvening = '2026-03-05T23:30:00Z';
    expect(formatDate(lateEvening, 'UTC')).toBe('Mar 5, 2026');
    expect(formatDate(lateEvening, 'Asia/Tokyo')).toBe('Mar 6, 2026');
    expect(formatDate(lateEvening, 'America/New_York')).toBe('Mar 5, 2026');
    expect(formatDate('not a date', 'UTC')).toBe('');
  });

  it('writes the reader’s own zone and UTC as Intl would, without Intl', () => {
    const intl = (timeZone?: string) =>
      new Intl.DateTimeFormat('en-US', {
        month: 'short',
        day: 'numeric',
        year: 'numeric',
        ...(timeZone ? { timeZone } : {}),
      });
    for (let month = 0; month < 12; month += 1) {
      const date = new Date(Date.UTC(2026, month, month * 2 + 1, month * 2));
      expect(formatDate(date, 'UTC')).toBe(intl('UTC').format(date));
      expect(formatDate(date)).toBe(intl().format(date));
    }
  });
});

describe('formatRelativeTime', () => {
  const now = new Date('2025-06-15T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const minute = 60_000;
  const hour = 60 * minute;
  const day = 24 * hour;

  it('says just now under a minute, and for future times', () => {
    expect(formatRelativeTime(ago(0), now)).toBe('just now');
    expect(formatRelativeTime(ago(59_999), now)).toBe('just now');
    expect(formatRelativeTime(ago(-5 * minute), now)).toBe('just now');
  });

  it('counts minutes, hours, days and weeks', () => {
    expect(formatRelativeTime(ago(minute), now)).toBe('1m ago');
    expect(formatRelativeTime(ago(59 * minute), now)).toBe('59m ago');
    expect(formatRelativeTime(ago(hour), now)).toBe('1h ago');
    expect(formatRelativeTime(ago(23 * hour), now)).toBe('23h ago');
    expect(formatRelativeTime(ago(day), now)).toBe('1d ago');
    expect(formatRelativeTime(ago(6 * day), now)).toBe('6d ago');
    expect(formatRelativeTime(ago(7 * day), now)).toBe('1w ago');
    expect(formatRelativeTime(ago(30 * day), now)).toBe('4w ago');
  });

  it('shows the date after 30 days', () => {
    expect(formatRelativeTime(ago(31 * day), now)).toBe('May 15, 2025');
    expect(formatRelativeTime('2024-01-10T12:00:00Z', now)).toBe('Jan 10, 2024');
  });

  it('accepts ISO strings and returns empty text for missing or invalid input', () => {
    expect(formatRelativeTime('2025-06-15T11:00:00Z', now)).toBe('1h ago');
    expect(formatRelativeTime(null, now)).toBe('');
    expect(formatRelativeTime('not a date', now)).toBe('');
  });
});

describe('formatDate', () => {
  it('formats a date and ignores bad input', () => {
    expect(formatDate('2025-03-05T12:00:00Z')).toBe('Mar 5, 2025');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('nope')).toBe('');
  });
});

describe('initials', () => {
  it('takes the first letters of the first two words', () => {
    expect(initials('Jane Doe')).toBe('JD');
    expect(initials('jane_doe')).toBe('JD');
    expect(initials('mary-ann.smith')).toBe('MA');
  });

  it('takes two letters of a single word', () => {
    expect(initials('ann')).toBe('AN');
    expect(initials('x')).toBe('X');
  });

  it('never splits a character and falls back to a question mark', () => {
    expect(initials('émile zola')).toBe('ÉZ');
    expect(initials('😀smile')).toBe('😀S');
    expect(initials('')).toBe('?');
    expect(initials('  ')).toBe('?');
    expect(initials(null)).toBe('?');
  });
});

describe('formatCountOf', () => {
  it('uses the singular for exactly one and the plural otherwise', () => {
    expect(formatCountOf(1, 'like')).toBe('1 like');
    expect(formatCountOf(0, 'like')).toBe('0 likes');
    expect(formatCountOf(2, 'story', 'stories')).toBe('2 stories');
    expect(formatCountOf(1_234, 'read')).toBe('1.2K reads');
  });
});

describe('chapter lines', () => {
  it('drops a leading "Chapter N" that repeats the number', () => {
    expect(chapterTitleAfterNumber(1, 'Chapter 1: Crossroads')).toBe('Crossroads');
    expect(chapterTitleAfterNumber(1, 'chapter 1 - Crossroads')).toBe('Crossroads');
    expect(chapterTitleAfterNumber(3, 'Chapter 3')).toBeNull();
    expect(chapterTitleAfterNumber(1, '  ')).toBeNull();
    expect(chapterTitleAfterNumber(5, 'The Return')).toBe('The Return');
  });

  it('keeps a title that names another number or only starts alike', () => {
    expect(chapterTitleAfterNumber(1, 'Chapter 12: Later')).toBe('Chapter 12: Later');
    expect(chapterTitleAfterNumber(2, 'Chapter 1, again')).toBe('Chapter 1, again');
  });

  it('puts the total beside the number, then the title', () => {
    expect(chapterLine(5, 'The Return', 6)).toBe('Chapter 5 of 6 · The Return');
    expect(chapterLine(1, 'Chapter 1: Crossroads', 5)).toBe('Chapter 1 of 5 · Crossroads');
    expect(chapterLine(2, 'Chapter 2', 0)).toBe('Chapter 2');
    expect(chapterLine(2, null)).toBe('Chapter 2');
  });
});

describe('formatDuration', () => {
  it('reads minutes under an hour, hours and minutes up to ten hours, then hours', () => {
    expect(formatDuration(0)).toBe('Under a minute');
    expect(formatDuration(1)).toBe('1 min');
    expect(formatDuration(59)).toBe('59 min');
    expect(formatDuration(60)).toBe('1 h');
    expect(formatDuration(65)).toBe('1 h 5 min');
    expect(formatDuration(600)).toBe('10 h');
    expect(formatDuration(12_345)).toBe('206 h');
  });
});

describe('formatBytes', () => {
  it('reads bytes, kilobytes and megabytes in powers of 1024', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(1024)).toBe('1.0 KB');
    expect(formatBytes(6144)).toBe('6.0 KB');
    expect(formatBytes(150 * 1024)).toBe('150 KB');
    expect(formatBytes(1.25 * 1024 * 1024)).toBe('1.3 MB');
  });
});
