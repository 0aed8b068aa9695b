import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { DEFAULT_READING_PREFERENCES, parseReadingPreferences } from '@storyloom/shared';
import { describe, expect, it } from 'vitest';
import { type PreferencesRoot, putPreferencesOnRoot } from './root-preferences';

const THEME_INIT = readFileSync(new URL('../../../public/theme-init.js', import.meta.url), 'utf8');

function fakeRoot() {
  const properties: Record<string, string> = {};
  const classes = new Set<string>();
  const root = {
    dataset: {} as DOMStringMap,
    style: {
      colorScheme: '',
      setProperty: (name: string, value: string) => {
        properties[name] = value;
      },
    },
    classList: {
      toggle: (name: string, on: boolean) => (on ? classes.add(name) : classes.delete(name)),
    },
  };
  const state = () => ({ data: { ...root.dataset }, properties: { ...properties } });
  return { root, classes, state };
}

/** Runs public/theme-init.js against a stored value set, as the browser does before painting. */
function runThemeInit(
  stored: Record<string, string>,
  { prefersDark = false, storageFails = false } = {},
) {
  const page = fakeRoot();
  runInNewContext(THEME_INIT, {
    document: { documentElement: page.root },
    window: {
      localStorage: {
        getItem: (key: string) => {
          if (storageFails) throw new Error('SecurityError');
          return stored[key] ?? null;
        },
      },
      matchMedia: () => ({ matches: prefersDark }),
    },
  });
  return page;
}

function fromApp(raw: string | null) {
  const page = fakeRoot();
  putPreferencesOnRoot(page.root as unknown as PreferencesRoot, parseReadingPreferences(raw));
  return page.state();
}

const STORED = [
  null,
  '',
  'not json',
  'null',
  '42',
  '"sepia"',
  '[]',
  JSON.stringify(DEFAULT_READING_PREFERENCES),
  JSON.stringify({
    fontSize: 24,
    lineHeight: 1.6,
    fontFamily: 'monospace',
    textAlign: 'justify',
    theme: 'night',
  }),
  JSON.stringify({
    fontSize: 12,
    lineHeight: 1.2,
    fontFamily: 'sans-serif',
    textAlign: 'center',
    theme: 'sepia',
  }),
  JSON.stringify({ fontSize: 32, lineHeight: 2.5, theme: 'dark' }),
  JSON.stringify({ fontSize: 99, lineHeight: 1.6, fontFamily: 'comic', theme: 'neon' }),
  JSON.stringify({ fontSize: 13, lineHeight: 1.65, textAlign: 'right' }),
  JSON.stringify({ fontSize: 10, lineHeight: 2.6 }),
  JSON.stringify({ fontSize: '20', lineHeight: '1.5', theme: 'LIGHT' }),
  JSON.stringify({ fontSize: 20.5, lineHeight: 1.7000000000000002 }),
  JSON.stringify({ fontSize: null, lineHeight: null, fontFamily: null }),
];

describe('reading preferences on <html>', () => {
  it('are what theme-init.js puts there before the first paint, for any stored value', () => {
    for (const raw of STORED) {
      const stored: Record<string, string> = raw === null ? {} : { 'reading-preferences': raw };
      expect(runThemeInit(stored).state(), String(raw)).toEqual(fromApp(raw));
    }
  });

  it('carry the stored settings', () => {
    const raw = JSON.stringify({
      fontSize: 24,
      lineHeight: 1.6,
      fontFamily: 'monospace',
      textAlign: 'justify',
      theme: 'night',
    });
    expect(fromApp(raw)).toEqual({
      data: { readerTheme: 'night', readerFont: 'monospace' },
      properties: {
        '--reader-font-size': '24px',
        '--reader-line-height': '1.6',
        '--reader-align': 'justify',
      },
    });
  });

  it('are the defaults when storage cannot be read', () => {
    expect(runThemeInit({}, { storageFails: true }).state()).toEqual(fromApp(null));
  });
});

describe('theme-init.js, app theme', () => {
  it('applies the saved theme, or the device preference in system mode', () => {
    expect(runThemeInit({ theme: 'dark' }).classes.has('dark')).toBe(true);
    expect(runThemeInit({ theme: 'light' }, { prefersDark: true }).classes.has('dark')).toBe(false);
    expect(runThemeInit({ theme: 'system' }, { prefersDark: true }).classes.has('dark')).toBe(true);
    expect(runThemeInit({ theme: 'purple' }, { prefersDark: true }).classes.has('dark')).toBe(true);
    expect(runThemeInit({}, { storageFails: true }).classes.has('dark')).toBe(false);
  });
});
