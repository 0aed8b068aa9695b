import { createRequire } from 'node:module';
import { isBlankHtml, LIMITS, wordCountOfHtml } from '@storyloom/shared';
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
  return {
    html,
    wordCount: wordCountOfHtml(html),
    blank: isBlankHtml(html),
    tooLong: html.length > LIMITS.chapterContentMax,
  };
}
