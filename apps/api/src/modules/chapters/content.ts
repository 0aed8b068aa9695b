import { createRequire } from 'node:module';
import { LIMITS } from '@storyloom/shared';
import type SanitizeHtml from 'sanitize-html';

/**
 * The editor's rich text (Tiptap: paragraphs, line breaks, bold, italic, underline, quote)
 * against an allowlist: no attributes at all, so no event handlers, styles or URLs survive;
 * b/i become strong/em; script, style, iframe, svg and friends go with their content; every
 * other tag is dropped and its text kept (docs/decisions/005).
 */
const OPTIONS: SanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'em', 'u', 'blockquote'],
  allowedAttributes: {},
  allowedSchemes: [],
  allowProtocolRelative: false,
  allowVulnerableTags: false,
  transformTags: { b: 'strong', i: 'em' },
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'select',
    'noscript',
    'iframe',
    'frame',
    'frameset',
    'object',
    'embed',
    'svg',
    'math',
    'template',
    'title',
    'head',
    'xmp',
    'noembed',
    'noframes',
    'plaintext',
  ],
  disallowedTagsMode: 'discard',
};

const escapeText = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Plain text (no tags at all) becomes paragraphs: blank lines split them, newlines are <br>. */
function paragraphsOf(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => `<p>${escapeText(block).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

const looksLikeHtml = (value: string) => /<[a-z!/?]/i.test(value);

const require = createRequire(import.meta.url);
let sanitizer: typeof SanitizeHtml | undefined;

export function sanitizeChapterHtml(input: string): string {
  const html = looksLikeHtml(input) ? input : paragraphsOf(input);
  // Required at the first chapter write, not with the server: readers never need it (memory).
  sanitizer ??= require('sanitize-html') as typeof SanitizeHtml;
  return sanitizer(html, OPTIONS).trim();
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  '#39': "'",
};

/** The text a reader sees of sanitized HTML (tags become spaces, common entities decoded). */
export function textOf(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#39|amp|lt|gt|quot|apos|nbsp);/g, (_, name: string) => ENTITIES[name] ?? '')
    .replace(/&#(\d{1,7});/g, (_, code: string) =>
      Number(code) <= 0x10ffff ? String.fromCodePoint(Number(code)) : '',
    );
}

/** Whitespace-separated words that contain a letter or a digit (as the editor counts). */
export function countWords(text: string): number {
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

export interface ChapterContent {
  html: string;
  wordCount: number;
  /** No visible text: may be saved as a draft, never published. */
  blank: boolean;
  /** Over LIMITS.chapterContentMax once sanitized. */
  tooLong: boolean;
}

export function prepareContent(raw: string): ChapterContent {
  const html = sanitizeChapterHtml(raw);
  const text = textOf(html);
  return {
    html,
    wordCount: countWords(text),
    blank: text.trim() === '',
    tooLong: html.length > LIMITS.chapterContentMax,
  };
}

export const isBlankHtml = (html: string): boolean => textOf(html).trim() === '';
