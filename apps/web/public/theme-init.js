// Runs before first paint (blocking, in <head>), so nothing the browser remembers flashes in
// its default first: a dark theme never shows light, and the reader's own settings are on
// <html> before a server-rendered chapter paints (features/reader/reader.css reads them, and
// colours the whole page, top bar included, in the reading theme while a chapter is on it).
// Reads the same localStorage keys the app writes; plain script, external so a
// `script-src 'self'` CSP allows it. root-preferences.test.ts holds the reading part to the
// app's own rules (@storyloom/shared reading-preferences.ts).
(() => {
  const root = document.documentElement;
  const read = (key) => {
    try {
      return window.localStorage.getItem(key);
    } catch {
      // Storage can be unavailable (privacy mode): the defaults then.
      return null;
    }
  };

  let theme = read('theme');
  if (theme !== 'light' && theme !== 'dark' && theme !== 'system') theme = 'system';
  const dark =
    theme === 'dark' ||
    (theme === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  root.classList.toggle('dark', dark);
  root.style.colorScheme = dark ? 'dark' : 'light';

  // Reading preferences: each field not one of the allowed values falls back to its default.
  let stored = {};
  try {
    stored = JSON.parse(read('reading-preferences') || '{}') || {};
  } catch {
    // Unreadable: the defaults.
  }
  const oneOf = (list, value, fallback) => (list.includes(value) ? value : fallback);
  const size = stored.fontSize;
  const fontSize =
    Number.isInteger(size) && size >= 12 && size <= 32 && (size - 12) % 2 === 0 ? size : 18;
  const height = stored.lineHeight;
  const rounded = Math.round(height * 10) / 10;
  const lineHeight =
    typeof height === 'number' &&
    Number.isFinite(height) &&
    height >= 1.2 - 1e-9 &&
    height <= 2.5 + 1e-9 &&
    Math.abs(rounded - height) < 1e-9
      ? rounded
      : 1.8;
  // Until the reader picks a theme it is 'auto': reader.css then follows the site's (the dark
  // class above), so a dark site never opens a white page.
  root.dataset.readerTheme = oneOf(['light', 'sepia', 'dark', 'night'], stored.theme, 'auto');
  root.dataset.readerFont = oneOf(['serif', 'sans-serif', 'monospace'], stored.fontFamily, 'serif');
  root.style.setProperty('--reader-font-size', `${fontSize}px`);
  root.style.setProperty('--reader-line-height', String(lineHeight));
  root.style.setProperty(
    '--reader-align',
    oneOf(['left', 'center', 'justify'], stored.textAlign, 'left'),
  );
})();
