/**
 * Plain-text views of chapter HTML, matching the server's rules (apps/api/src/modules/chapters/
 * content.ts): tags become spaces, common entities are decoded, a word is whitespace-separated
 * and holds a letter or a digit.
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

export function textOfHtml(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#39|amp|lt|gt|quot|apos|nbsp);/g, (_, name: string) => ENTITIES[name] ?? '')
    .replace(/&#(\d{1,7});/g, (_, code: string) =>
      Number(code) <= 0x10ffff ? String.fromCodePoint(Number(code)) : '',
    );
}

export function countWords(text: string): number {
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

export const wordCountOfHtml = (html: string): number => countWords(textOfHtml(html));

/** No visible text: the chapter counts as empty (not submitted, not publishable). */
export const isBlankHtml = (html: string): boolean => textOfHtml(html).trim() === '';

export const formatWordCount = (words: number): string =>
  `${words.toLocaleString('en-US')} ${words === 1 ? 'word' : 'words'}`;
