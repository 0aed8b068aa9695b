import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import {
  DEFAULT_READING_PREFERENCES,
  parseReadingPreferences,
  READER_THEME_FOR_SITE,
  READER_THEMES,
} from '@storyloom/shared';
import { describe, expect, it } from 'vitest';
import { type PreferencesRoot, putPreferencesOnRoot } from './root-preferences';

const THEME_INIT = readFileSync(new URL('../../../public/theme-init.js', import.meta.url), 'utf8');
const READER_CSS = readFileSync(new URL('./reader.css', import.meta.url), 'utf8');

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
  // Not picked (yet): the page follows the site's theme.
  JSON.stringify({ ...DEFAULT_READING_PREFERENCES, theme: 'auto' }),
  JSON.stringify({ fontSize: 20 }),
  JSON.stringify({ theme: 'system' }),
  JSON.stringify({ theme: null }),
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

  it("say 'auto' until a theme is picked, on a light or a dark site, and keep a picked one", () => {
    const sites: Record<string, string>[] = [{ theme: 'light' }, { theme: 'dark' }, {}];
    for (const site of sites) {
      for (const prefersDark of [false, true]) {
        const unpicked = runThemeInit(site, { prefersDark });
        expect(unpicked.state().data.readerTheme).toBe('auto');
        expect(fromApp(null).data.readerTheme).toBe('auto');
        for (const theme of READER_THEMES) {
          const raw = JSON.stringify({ theme });
          const page = runThemeInit({ ...site, 'reading-preferences': raw }, { prefersDark });
          expect(page.state()).toEqual(fromApp(raw));
          expect(page.state().data.readerTheme).toBe(theme);
        }
      }
    }
  });
});

/** The selector lists of reader.css's top-level rules that set the reading colours. */
function themeRules(css: string) {
  const withoutComments = css.replace(/\/\*[\s\S]*?\*\//g, '');
  return [...withoutComments.matchAll(/([^{}]+)\{([^{}]*)\}/g)]
    .filter(([, , body]) => body!.includes('--background:'))
    .map(([, selectors]) => selectors!.split(',').map((selector) => selector.trim()));
}

describe('reader.css, a theme not yet picked', () => {
  const rules = themeRules(READER_CSS);
  const ruleWith = (selector: string) => rules.filter((rule) => rule.includes(selector));

  it("colours the page as READER_THEME_FOR_SITE says for a dark site's reader", () => {
    const autoDark = ':root.dark[data-reader-theme="auto"]:has(.reader-page)';
    expect(ruleWith(autoDark)).toHaveLength(1);
    expect(ruleWith(autoDark)[0]).toContain(
      `:root[data-reader-theme="${READER_THEME_FOR_SITE.dark}"]:has(.reader-page)`,
    );
  });

  it("and a light site's in the default colours, which are READER_THEME_FOR_SITE's", () => {
    const fallback = ruleWith(':root:has(.reader-page)');
    expect(fallback).toHaveLength(1);
    expect(fallback[0]).toContain(
      `.reader-swatch[data-reader-theme="${READER_THEME_FOR_SITE.light}"]`,
    );
    // No other rule reads 'auto', so on a light site the default colours hold.
    const autoRules = rules.filter((rule) => rule.some((s) => s.includes('"auto"')));
    expect(autoRules.flat().filter((s) => s.includes('"auto"'))).toEqual([
      ':root.dark[data-reader-theme="auto"]:has(.reader-page)',
    ]);
  });

  it('gives every picked theme its own colours on the page and on its swatch', () => {
    for (const theme of READER_THEMES.filter((t) => t !== 'light')) {
      const [rule, ...others] = ruleWith(`:root[data-reader-theme="${theme}"]:has(.reader-page)`);
      expect(others).toEqual([]);
      expect(rule).toContain(`.reader-swatch[data-reader-theme="${theme}"]`);
    }
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
