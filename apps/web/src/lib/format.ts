import { groupDigits } from '@storyloom/shared';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;

function oneDecimal(value: number): string {
  return value.toFixed(1).replace(/\.0$/, '');
}

/** Shortens counts: 950 -> "950", 1_234 -> "1.2K", 3_400_000 -> "3.4M". */
export function formatCount(value: number | null | undefined): string {
  if (value == null || !Number.isFinite(value)) return '0';
  const sign = value < 0 ? '-' : '';
  const n = Math.abs(Math.trunc(value));
  if (n < 1_000) return `${sign}${n}`;
  // 999_960 would read "1000K": promote to the next unit once rounding reaches it.
  if (n < 1_000_000 && Number((n / 1_000).toFixed(1)) < 1_000) {
    return `${sign}${oneDecimal(n / 1_000)}K`;
  }
  return `${sign}${oneDecimal(n / 1_000_000)}M`;
}

/** "Mar 5, 2025" formatters for other time zones, made on first use. */
const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(timeZone: string): Intl.DateTimeFormat {
  let format = dateFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      timeZone,
    });
    dateFormats.set(timeZone, format);
  }
  return format;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function toDate(value: string | number | Date): Date {
  return value instanceof Date ? value : new Date(value);
}

/**
 * "Mar 5, 2025" in `timeZone` (the browser's own by default; see useDateTimeZone); an empty
 * string for a missing or invalid date. The browser's zone and UTC, the two every page uses,
 * are written out with Date's own getters: a page's first Intl call costs a long task (see
 * groupDigits in @storyloom/shared).
 */
export function formatDate(
  value: string | number | Date | null | undefined,
  timeZone?: string,
): string {
  if (value == null) return '';
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  if (timeZone === undefined) {
    return `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;
  }
  if (timeZone === 'UTC') {
    return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
  }
  return dateFormat(timeZone).format(date);
}

/**
 * "just now", "5m ago", "3h ago", "2d ago", "1w ago", and after 30 days the date.
 * A time in the future (clock skew) reads "just now".
 */
export function formatRelativeTime(
  value: string | number | Date | null | undefined,
  now: Date = new Date(),
  timeZone?: string,
): string {
  if (value == null) return '';
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  const elapsed = now.getTime() - date.getTime();
  if (elapsed < MINUTE) return 'just now';
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)}m ago`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)}h ago`;
  if (elapsed < WEEK) return `${Math.floor(elapsed / DAY)}d ago`;
  if (elapsed <= 30 * DAY) return `${Math.floor(elapsed / WEEK)}w ago`;
  return formatDate(date, timeZone);
}

/** Up to two initials for an avatar drawn locally: "jane_doe" -> "JD", "Ann" -> "AN". */
export function initials(name: string | null | undefined): string {
  const words = (name ?? '')
    .trim()
    .split(/[\s._-]+/)
    .filter(Boolean);
  if (words.length === 0) return '?';
  // Array.from splits by code point, so an emoji or accented letter is never cut in half.
  const [first = [], second] = words.map((word) => Array.from(word));
  const letters = second ? [first[0], second[0]] : first.slice(0, 2);
  return letters.join('').toUpperCase();
}

/**
 * "1 like", "12 likes", "1.2K reads": a count with its noun, singular only for exactly one.
 * `plural` defaults to the noun with an "s".
 */
export function formatCountOf(value: number, singular: string, plural = `${singular}s`): string {
  return `${formatCount(value)} ${value === 1 ? singular : plural}`;
}

/**
 * A chapter's own title without a leading "Chapter N" that only repeats its number:
 * "Chapter 1: Crossroads" → "Crossroads", "Chapter 1" → null, "The Return" → "The Return".
 */
export function chapterTitleAfterNumber(order: number, title: string | null | undefined) {
  const rest = (title ?? '')
    .trim()
    .replace(new RegExp(`^chapter\\s+${order}(?![0-9])\\s*[:.·–—-]?\\s*`, 'i'), '');
  return rest === '' ? null : rest;
}

/** "Chapter 5 of 6 · The Return", "Chapter 1 of 5 · Crossroads", "Chapter 2" (no total, no title). */
export function chapterLine(order: number, title: string | null | undefined, total?: number) {
  const number = total && total >= order ? `Chapter ${order} of ${total}` : `Chapter ${order}`;
  const rest = chapterTitleAfterNumber(order, title);
  return rest ? `${number} · ${rest}` : number;
}

/** A reading time: "Under a minute", "45 min", "1 h 5 min", "12 h" (hours alone from 10 h). */
export function formatDuration(minutes: number): string {
  if (minutes < 1) return 'Under a minute';
  if (minutes < 60) return `${Math.round(minutes)} min`;
  const hours = Math.floor(minutes / 60);
  const rest = Math.round(minutes % 60);
  if (hours >= 10 || rest === 0) return `${groupDigits(Math.round(minutes / 60))} h`;
  return `${hours} h ${rest} min`;
}

/** "Nov 26, 2026, 3:30 PM GMT+1" formatters per time zone, made on first use. */
const dateTimeFormats = new Map<string | undefined, Intl.DateTimeFormat>();

/**
 * A moment with its time and the zone's short name, in `timeZone` (the browser's own by
 * default): how a scheduled chapter's time reads. Empty for a missing or invalid date.
 */
export function formatDateTime(
  value: string | number | Date | null | undefined,
  timeZone?: string,
): string {
  if (value == null) return '';
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  let format = dateTimeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
      ...(timeZone ? { timeZone } : {}),
    });
    dateTimeFormats.set(timeZone, format);
  }
  return format.format(date);
}

/** A size in bytes as people read it: '512 B', '4.2 KB', '1.3 MB' (powers of 1024). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${Math.max(0, Math.round(bytes))} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}
