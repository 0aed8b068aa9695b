import { COMPLETION_STATUS_LABELS, type CompletionStatus, PRODUCT_NAME } from '@storyloom/shared';
import { strToU8, type Zippable, zipSync } from 'fflate';
import { chapterXhtml, xmlDateTime, xmlText } from './xml.js';

/**
 * A story as a file a reader keeps: an EPUB 3 book or one HTML page
 * (docs/decisions/034-take-along.md). Built from what a reader may read: the published
 * chapters, sanitized again on the way out.
 */
export interface Book {
  id: string;
  title: string;
  description: string;
  author: string;
  /** The story's language name as the editor offers it (English, Spanish, …, Other). */
  language: string;
  genre: string;
  tags: string[];
  rating: string;
  copyright: string;
  completionStatus: CompletionStatus;
  publishedAt: string | null;
  updatedAt: string;
  /** Absolute address of the story page. */
  url: string;
  cover: { bytes: Buffer; mediaType: string; extension: string } | null;
  chapters: { title: string; html: string }[];
}

const LANGUAGE_TAGS: Record<string, string> = {
  English: 'en',
  Spanish: 'es',
  French: 'fr',
  German: 'de',
  Italian: 'it',
  Portuguese: 'pt',
};
/** BCP 47 tag of a story's language; `und` (undetermined) for Other. */
export const languageTag = (language: string): string => LANGUAGE_TAGS[language] ?? 'und';

/** A name for the file: the title's letters and digits, else "story". */
export function fileStem(title: string): string {
  const stem = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return stem || 'story';
}

const pad = (n: number) => String(n).padStart(3, '0');
const chapterFile = (n: number) => `chapter-${pad(n)}.xhtml`;

const STYLE = `body { font-family: serif; line-height: 1.5; margin: 0 5%; }
h1 { font-size: 1.6em; margin: 1.5em 0 1em; text-align: center; }
p { margin: 0 0 0.8em; text-indent: 0; }
blockquote { margin: 1em 1.5em; font-style: italic; }
.cover { text-align: center; margin: 0; padding: 0; }
.cover img { max-width: 100%; max-height: 100vh; }
.title-page { text-align: center; margin-top: 20%; }
.meta { font-size: 0.9em; }
`;

function xhtmlPage(lang: string, title: string, body: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" lang="${lang}" xml:lang="${lang}">
<head>
<meta charset="UTF-8"/>
<title>${xmlText(title)}</title>
<link rel="stylesheet" type="text/css" href="style.css"/>
</head>
<body>
${body}
</body>
</html>
`;
}

const CONTAINER = `<?xml version="1.0" encoding="UTF-8"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
<rootfiles>
<rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/>
</rootfiles>
</container>
`;

function titlePage(book: Book, lang: string): string {
  const facts = [
    `${book.genre} · ${book.rating[0]!.toUpperCase()}${book.rating.slice(1)} · ${COMPLETION_STATUS_LABELS[book.completionStatus]}`,
    book.copyright,
  ];
  const body = `<section class="title-page" epub:type="titlepage">
<h1>${xmlText(book.title)}</h1>
<p>by ${xmlText(book.author)}</p>
${book.description ? `<p class="meta">${xmlText(book.description)}</p>` : ''}
${facts.map((fact) => `<p class="meta">${xmlText(fact)}</p>`).join('\n')}
<p class="meta">${xmlText(`${PRODUCT_NAME}: ${book.url}`)}</p>
</section>`;
  return xhtmlPage(lang, book.title, body);
}

function navDocument(book: Book, lang: string): string {
  const items = book.chapters
    .map((chapter, i) => `<li><a href="${chapterFile(i + 1)}">${xmlText(chapter.title)}</a></li>`)
    .join('\n');
  const body = `<nav epub:type="toc" id="toc">
<h1>Contents</h1>
<ol>
<li><a href="title.xhtml">${xmlText(book.title)}</a></li>
${items}
</ol>
</nav>`;
  return xhtmlPage(lang, 'Contents', body);
}

function packageDocument(book: Book, lang: string, modified: string): string {
  const meta = [
    `<dc:identifier id="book-id">urn:uuid:${book.id}</dc:identifier>`,
    `<dc:title>${xmlText(book.title)}</dc:title>`,
    `<dc:creator id="author">${xmlText(book.author)}</dc:creator>`,
    `<dc:language>${lang}</dc:language>`,
    `<dc:publisher>${xmlText(PRODUCT_NAME)}</dc:publisher>`,
    `<dc:source>${xmlText(book.url)}</dc:source>`,
    `<dc:rights>${xmlText(book.copyright)}</dc:rights>`,
    `<dc:subject>${xmlText(book.genre)}</dc:subject>`,
    ...book.tags.map((tag) => `<dc:subject>${xmlText(tag)}</dc:subject>`),
    ...(book.description ? [`<dc:description>${xmlText(book.description)}</dc:description>`] : []),
    ...(book.publishedAt ? [`<dc:date>${xmlDateTime(book.publishedAt)}</dc:date>`] : []),
    `<meta property="dcterms:modified">${modified}</meta>`,
    ...(book.cover ? ['<meta name="cover" content="cover-image"/>'] : []),
  ];
  const manifest = [
    '<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>',
    '<item id="style" href="style.css" media-type="text/css"/>',
    '<item id="title-page" href="title.xhtml" media-type="application/xhtml+xml"/>',
    ...(book.cover
      ? [
          `<item id="cover-image" href="cover.${book.cover.extension}" media-type="${book.cover.mediaType}" properties="cover-image"/>`,
          '<item id="cover" href="cover.xhtml" media-type="application/xhtml+xml"/>',
        ]
      : []),
    ...book.chapters.map(
      (_, i) =>
        `<item id="chapter-${i + 1}" href="${chapterFile(i + 1)}" media-type="application/xhtml+xml"/>`,
    ),
  ];
  const spine = [
    ...(book.cover ? ['<itemref idref="cover"/>'] : []),
    '<itemref idref="title-page"/>',
    '<itemref idref="nav"/>',
    ...book.chapters.map((_, i) => `<itemref idref="chapter-${i + 1}"/>`),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="book-id" xml:lang="${lang}">
<metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
${meta.join('\n')}
</metadata>
<manifest>
${manifest.join('\n')}
</manifest>
<spine>
${spine.join('\n')}
</spine>
</package>
`;
}

/**
 * The EPUB 3 container (OCF): `mimetype` first and stored (no compression, no extra field),
 * then META-INF/container.xml, the package document, the navigation document, a title page,
 * the cover (when the story has one) and one XHTML file per chapter.
 */
export function epubOf(book: Book): Uint8Array {
  const lang = languageTag(book.language);
  const text = (value: string) => strToU8(value);
  const files: Zippable = {
    mimetype: [text('application/epub+zip'), { level: 0 }],
    'META-INF/container.xml': text(CONTAINER),
    'OEBPS/content.opf': text(packageDocument(book, lang, xmlDateTime(book.updatedAt))),
    'OEBPS/nav.xhtml': text(navDocument(book, lang)),
    'OEBPS/style.css': text(STYLE),
    'OEBPS/title.xhtml': text(titlePage(book, lang)),
  };
  if (book.cover) {
    files[`OEBPS/cover.${book.cover.extension}`] = [book.cover.bytes, { level: 0 }];
    files['OEBPS/cover.xhtml'] = text(
      xhtmlPage(
        lang,
        book.title,
        `<section class="cover" epub:type="cover"><img src="cover.${book.cover.extension}" alt="${xmlText(`Cover of ${book.title}`)}"/></section>`,
      ),
    );
  }
  book.chapters.forEach((chapter, i) => {
    const body = `<section epub:type="chapter" id="chapter-${i + 1}">
<h1>${xmlText(chapter.title)}</h1>
${chapterXhtml(chapter.html)}
</section>`;
    files[`OEBPS/${chapterFile(i + 1)}`] = text(xhtmlPage(lang, chapter.title, body));
  });
  // Every date inside the archive is the story's last change: the same story, the same bytes.
  return zipSync(files, { level: 6, mtime: new Date(book.updatedAt) });
}

/** The story as one HTML page: its cover inline, a table of contents, then every chapter. */
export function htmlOf(book: Book): string {
  const lang = languageTag(book.language);
  const cover = book.cover
    ? `<img class="cover" src="data:${book.cover.mediaType};base64,${book.cover.bytes.toString('base64')}" alt="${xmlText(`Cover of ${book.title}`)}"/>`
    : '';
  const toc = book.chapters
    .map((c, i) => `<li><a href="#chapter-${i + 1}">${xmlText(c.title)}</a></li>`)
    .join('\n');
  const chapters = book.chapters
    .map(
      (c, i) => `<section class="chapter" id="chapter-${i + 1}">
<h2>${xmlText(c.title)}</h2>
${chapterXhtml(c.html)}
</section>`,
    )
    .join('\n');
  return `<!DOCTYPE html>
<html lang="${lang}">
<head>
<meta charset="utf-8"/>
<meta name="viewport" content="width=device-width, initial-scale=1"/>
<meta name="author" content="${xmlText(book.author)}"/>
<meta name="description" content="${xmlText(book.description)}"/>
<title>${xmlText(`${book.title} by ${book.author}`)}</title>
<link rel="canonical" href="${xmlText(book.url)}"/>
<style>
body { font-family: Georgia, serif; line-height: 1.6; max-width: 40em; margin: 2em auto; padding: 0 1em; color: #1f2937; background: #fff; }
@media (prefers-color-scheme: dark) { body { color: #e5e7eb; background: #111827; } a { color: #a5b4fc; } }
header { text-align: center; } .cover { max-width: 18em; width: 100%; height: auto; }
.meta { font-size: 0.9em; opacity: 0.8; } .chapter { margin-top: 3em; } blockquote { font-style: italic; }
</style>
</head>
<body>
<header>
${cover}
<h1>${xmlText(book.title)}</h1>
<p>by ${xmlText(book.author)}</p>
${book.description ? `<p class="meta">${xmlText(book.description)}</p>` : ''}
<p class="meta">${xmlText(`${book.genre} · ${book.copyright}`)} · <a href="${xmlText(book.url)}">${xmlText(PRODUCT_NAME)}</a></p>
</header>
<nav aria-label="Contents">
<h2>Contents</h2>
<ol>
${toc}
</ol>
</nav>
<main>
${chapters}
</main>
</body>
</html>
`;
}
