/**
 * The text a reader sees of chapter HTML, and its words: one rule for the editor's live count,
 * the server's stored `word_count` and the seed. Formatting inside a line (bold, italic,
 * underline) joins the letters on either side, as the reader sees them: `<strong>glass</strong>es`
 * is one word. Every other tag (paragraph, line break, quote) separates.
 */
const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  '#39': "'",
};

const INLINE_TAG = /<\/?(?:strong|em|u|b|i)(?:\s[^>]*)?>/gi;

/** Plain text of chapter HTML: inline formatting dropped, other tags become spaces, common entities decoded. */
export function textOfHtml(html: string): string {
  return html
    .replace(INLINE_TAG, '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#39|amp|lt|gt|quot|apos|nbsp);/g, (_, name: string) => ENTITIES[name] ?? '')
    .replace(/&#(\d{1,7});/g, (_, code: string) =>
      Number(code) <= 0x10ffff ? String.fromCodePoint(Number(code)) : '',
    );
}

/** Whitespace-separated words that hold a letter or a digit (a lone dash is not a word). */
export function countWords(text: string): number {
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

export const wordCountOfHtml = (html: string): number => countWords(textOfHtml(html));

/** No visible text: the chapter counts as empty (not submitted, never published). */
export const isBlankHtml = (html: string): boolean => textOfHtml(html).trim() === '';

/** An adult's silent reading pace for fiction, in words a minute: the one rate every estimate uses. */
export const READING_WORDS_PER_MINUTE = 250;

/** Minutes it takes to read `words` at READING_WORDS_PER_MINUTE, rounded up (0 for nothing). */
export function readingMinutes(words: number): number {
  return words > 0 ? Math.ceil(words / READING_WORDS_PER_MINUTE) : 0;
}
