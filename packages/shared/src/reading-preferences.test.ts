import { describe, expect, it } from 'vitest';
import {
  DEFAULT_READING_PREFERENCES,
  parseReadingPreferences,
  READER_THEME_FOR_SITE,
  READER_THEMES,
  READING_RANGES,
  resolveReadingPreferences,
} from './reading-preferences.js';

describe('reading preferences', () => {
  it("defaults to the spec's 18px, 1.8, serif, left, and the site's theme until one is picked", () => {
    expect(DEFAULT_READING_PREFERENCES).toEqual({
      fontSize: 18,
      lineHeight: 1.8,
      fontFamily: 'serif',
      textAlign: 'left',
      theme: 'auto',
    });
    expect(READER_THEME_FOR_SITE).toEqual({ light: 'light', dark: 'dark' });
    expect(READING_RANGES).toEqual({
      fontSize: { min: 12, max: 32, step: 2 },
      lineHeight: { min: 1.2, max: 2.5, step: 0.1 },
    });
  });

  it('keeps every valid stored value', () => {
    const stored = {
      fontSize: 32,
      lineHeight: 1.2,
      fontFamily: 'monospace',
      textAlign: 'justify',
      theme: 'night',
    };
    expect(parseReadingPreferences(JSON.stringify(stored))).toEqual(stored);
    expect(resolveReadingPreferences({ fontSize: 12, lineHeight: 2.5 })).toMatchObject({
      fontSize: 12,
      lineHeight: 2.5,
    });
  });

  it('keeps a picked theme, and reads anything else as not picked', () => {
    for (const theme of READER_THEMES) {
      expect(resolveReadingPreferences({ theme }).theme).toBe(theme);
    }
    for (const theme of ['auto', undefined, null, 'system', 'Sepia', 'neon', 3]) {
      expect(resolveReadingPreferences({ theme }).theme).toBe('auto');
    }
  });

  it('cleans floating-point tails off a line height on the step', () => {
    expect(resolveReadingPreferences({ lineHeight: 1.7000000000000002 }).lineHeight).toBe(1.7);
  });

  it('falls back field by field for values outside the ranges or lists', () => {
    const resolved = resolveReadingPreferences({
      fontSize: 17,
      lineHeight: 3,
      fontFamily: 'comic-sans',
      textAlign: 'right',
      theme: 'sepia',
    });
    expect(resolved).toEqual({ ...DEFAULT_READING_PREFERENCES, theme: 'sepia' });
    for (const fontSize of [10, 34, '18', Number.NaN, 18.5]) {
      expect(resolveReadingPreferences({ fontSize }).fontSize).toBe(18);
    }
    for (const lineHeight of [1.1, 2.6, 1.85, '1.8', null]) {
      expect(resolveReadingPreferences({ lineHeight }).lineHeight).toBe(1.8);
    }
  });

  it('reads missing, unreadable or non-object storage as the defaults', () => {
    for (const raw of [null, undefined, '', '{not json', '42', '"dark"', 'null', '[]']) {
      expect(parseReadingPreferences(raw)).toEqual(DEFAULT_READING_PREFERENCES);
    }
  });
});
