import type { ReadingPreferences } from '@storyloom/shared';

/** The page's root element, as far as the reading preferences touch it. */
export interface PreferencesRoot {
  dataset: DOMStringMap;
  style: Pick<CSSStyleDeclaration, 'setProperty'>;
}

/**
 * Puts the reading preferences on <html>, where reader.css reads them. public/theme-init.js does
 * the same before the first paint (root-preferences.test.ts holds the two to one result). The
 * theme goes on as chosen, `auto` included: reader.css resolves `auto` against the site's `dark`
 * class, so a change of the site's theme recolours the page without anything here.
 */
export function putPreferencesOnRoot(root: PreferencesRoot, preferences: ReadingPreferences) {
  root.dataset.readerTheme = preferences.theme;
  root.dataset.readerFont = preferences.fontFamily;
  root.style.setProperty('--reader-font-size', `${preferences.fontSize}px`);
  root.style.setProperty('--reader-line-height', String(preferences.lineHeight));
  root.style.setProperty('--reader-align', preferences.textAlign);
}
