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

/** The blocks a chapter's HTML is made of at its top level (decision 021). */
const BLOCK_TAG = /<(\/?)(p|blockquote)(?:\s[^>]*)?>/gi;

/**
 * The chapter's paragraphs, in order: each top-level `<p>` or `<blockquote>` as its HTML, and
 * any text between them (sanitized HTML may leave a bare run); only those with visible text,
 * so an empty line is no paragraph. Paragraph N of a comment is `paragraphsOfHtml(content)[N]`,
 * on the server and in the reader.
 */
export function paragraphsOfHtml(html: string): string[] {
  const paragraphs: string[] = [];
  let depth = 0;
  let start = 0;
  const bare = (end: number) => {
    const run = html.slice(start, end);
    if (!isBlankHtml(run)) paragraphs.push(run.trim());
  };
  for (const match of html.matchAll(BLOCK_TAG)) {
    const closing = match[1] === '/';
    if (!closing) {
      if (depth === 0) {
        bare(match.index);
        start = match.index;
      }
      depth += 1;
    } else if (depth > 0) {
      depth -= 1;
      if (depth === 0) {
        const end = match.index + match[0].length;
        const block = html.slice(start, end);
        if (!isBlankHtml(block)) paragraphs.push(block);
        start = end;
      }
    }
  }
  // An unclosed block runs to the end, as a browser reads it.
  bare(html.length);
  return paragraphs;
}
