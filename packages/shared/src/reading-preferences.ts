/**
 * The reader's preferences (font size, line height, typeface, alignment and page theme), kept
 * in the browser under STORAGE_KEYS.readingPreferences as {fontSize, lineHeight, fontFamily,
 * textAlign, theme}; a first-time reader gets DEFAULT_READING_PREFERENCES. Zod-free so the web
 * bundle can use it alone. They are this browser's: the server keeps the site theme (the user's
 * settings), which a reader who has not picked a reading theme follows.
 */

/** The page themes a reader picks from. */
export const READER_THEMES = ['light', 'sepia', 'dark', 'night'] as const;
export type ReaderTheme = (typeof READER_THEMES)[number];

/**
 * The theme of a reader who has not picked one: the page follows the site's light or dark
 * theme (READER_THEME_FOR_SITE), live, until they pick one of READER_THEMES.
 */
export const READER_THEME_AUTO = 'auto';
export type ReaderThemeSetting = ReaderTheme | typeof READER_THEME_AUTO;

/**
 * What an `auto` reader reads in. A dark site gets Dark, not Night: Dark is the site's own dark
 * palette (the same cool grey and indigo), so the page reads as part of the site the reader
 * chose, at the site's contrast. Night is dimmed, warm, lower-contrast text for reading in bed,
 * a choice a reader makes for themselves. features/reader/reader.css applies it
 * (root-preferences.test.ts holds the stylesheet to it).
 */
export const READER_THEME_FOR_SITE = { light: 'light', dark: 'dark' } as const satisfies Record<
  'light' | 'dark',
  ReaderTheme
>;

export const READER_FONT_FAMILIES = ['serif', 'sans-serif', 'monospace'] as const;
export type ReaderFontFamily = (typeof READER_FONT_FAMILIES)[number];

export const READER_TEXT_ALIGNS = ['left', 'center', 'justify'] as const;
export type ReaderTextAlign = (typeof READER_TEXT_ALIGNS)[number];

/** Font size in px and unitless line height: the range and step of the reader's sliders. */
export const READING_RANGES = {
  fontSize: { min: 12, max: 32, step: 2 },
  lineHeight: { min: 1.2, max: 2.5, step: 0.1 },
} as const;

export interface ReadingPreferences {
  fontSize: number;
  lineHeight: number;
  fontFamily: ReaderFontFamily;
  textAlign: ReaderTextAlign;
  theme: ReaderThemeSetting;
}

export const DEFAULT_READING_PREFERENCES: Readonly<ReadingPreferences> = Object.freeze({
  fontSize: 18,
  lineHeight: 1.8,
  fontFamily: 'serif',
  textAlign: 'left',
  theme: READER_THEME_AUTO,
});

/** The typeface each family names: serif is Georgia, sans-serif Inter, monospace Courier. */
export const READER_FONT_LABELS: Record<ReaderFontFamily, string> = {
  serif: 'Georgia',
  'sans-serif': 'Inter',
  monospace: 'Courier',
};

/** Rounds to the slider's step (0.1 for line height) without floating-point tails. */
export const roundLineHeight = (value: number): number => Math.round(value * 10) / 10;

function isOneOf<T extends string>(list: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (list as readonly string[]).includes(value);
}

function validFontSize(value: unknown): value is number {
  const { min, max, step } = READING_RANGES.fontSize;
  return (
    typeof value === 'number' &&
    Number.isInteger(value) &&
    value >= min &&
    value <= max &&
    (value - min) % step === 0
  );
}

function validLineHeight(value: unknown): value is number {
  const { min, max } = READING_RANGES.lineHeight;
  return (
    typeof value === 'number' &&
    Number.isFinite(value) &&
    value >= min - 1e-9 &&
    value <= max + 1e-9 &&
    Math.abs(roundLineHeight(value) - value) < 1e-9
  );
}

/**
 * Preferences from anything (the parsed stored JSON, or a partial update): each field that is
 * missing or not one of the allowed values falls back to its default, field by field (a theme
 * that is not one of READER_THEMES is `auto`: the reader has not picked one).
 */
export function resolveReadingPreferences(stored: unknown): ReadingPreferences {
  const input = stored && typeof stored === 'object' ? (stored as Record<string, unknown>) : {};
  const d = DEFAULT_READING_PREFERENCES;
  return {
    fontSize: validFontSize(input.fontSize) ? input.fontSize : d.fontSize,
    lineHeight: validLineHeight(input.lineHeight)
      ? roundLineHeight(input.lineHeight)
      : d.lineHeight,
    fontFamily: isOneOf(READER_FONT_FAMILIES, input.fontFamily) ? input.fontFamily : d.fontFamily,
    textAlign: isOneOf(READER_TEXT_ALIGNS, input.textAlign) ? input.textAlign : d.textAlign,
    theme: isOneOf(READER_THEMES, input.theme) ? input.theme : d.theme,
  };
}

/** Parses the stored string; unreadable JSON means the defaults. */
export function parseReadingPreferences(raw: string | null | undefined): ReadingPreferences {
  if (!raw) return { ...DEFAULT_READING_PREFERENCES };
  try {
    return resolveReadingPreferences(JSON.parse(raw) as unknown);
  } catch {
    return { ...DEFAULT_READING_PREFERENCES };
  }
}
