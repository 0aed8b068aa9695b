import render from 'dom-serializer';
import { parseDocument } from 'htmlparser2';
import { sanitizeChapterHtml } from '../chapters/content.js';

/**
 * XML text for the files this module writes (EPUB, Atom, sitemaps). Characters XML 1.0 does not
 * allow at all (most control characters, unpaired surrogates, U+FFFE/U+FFFF) are dropped, and
 * the five significant ones escaped, so a title can never break a document.
 */
const NOT_XML = new RegExp(
  [
    '[\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\uFFFE\\uFFFF]',
    '[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])',
    '(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]',
  ].join('|'),
  'g',
);

export const xmlText = (value: string): string =>
  value
    .replace(NOT_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

/** `2026-11-26T21:09:39Z`: the form EPUB's dcterms:modified requires (no fraction). */
export const xmlDateTime = (iso: string): string => `${new Date(iso).toISOString().slice(0, 19)}Z`;

/**
 * A chapter's stored HTML as XHTML: sanitized again against the editor's allowlist (so nothing
 * old or odd gets in), then parsed as HTML and written as XML (`<br/>`, every element closed,
 * text escaped). Empty paragraphs become `<p/>`, which is well-formed XHTML.
 */
export function chapterXhtml(html: string): string {
  const clean = sanitizeChapterHtml(html.replace(NOT_XML, ''));
  return render(parseDocument(clean), { xmlMode: true, encodeEntities: 'utf8' });
}
