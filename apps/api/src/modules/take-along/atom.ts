import { xmlDateTime, xmlText } from './xml.js';

/**
 * An Atom 1.0 feed (RFC 4287): the feed's id, title, updated, self and alternate links and
 * author; each entry's id, title, updated, published, alternate link and summary. Ids are
 * `urn:uuid:` of the row's UUID, so they never change when a title or username does.
 */
export interface AtomEntry {
  id: string;
  title: string;
  /** Absolute address of the page. */
  link: string;
  published: string;
  updated: string;
  author: string;
  authorUri: string;
  summary: string;
}

export interface AtomFeed {
  /** The feed's own id (a UUID, or a tag for the site). */
  id: string;
  title: string;
  subtitle?: string;
  /** Absolute addresses of the feed itself and of the page it follows. */
  self: string;
  alternate: string;
  /** When nothing is in it yet: when the thing it follows began. */
  updatedWhenEmpty: string;
  author: { name: string; uri: string };
  entries: AtomEntry[];
  generator: string;
}

const urn = (id: string) => (/^[0-9a-f-]{36}$/i.test(id) ? `urn:uuid:${id.toLowerCase()}` : id);

const person = (tag: string, name: string, uri: string) =>
  `<${tag}><name>${xmlText(name)}</name><uri>${xmlText(uri)}</uri></${tag}>`;

function entryXml(entry: AtomEntry): string {
  return [
    '<entry>',
    `<id>${xmlText(urn(entry.id))}</id>`,
    `<title type="text">${xmlText(entry.title)}</title>`,
    `<link rel="alternate" type="text/html" href="${xmlText(entry.link)}"/>`,
    `<published>${xmlDateTime(entry.published)}</published>`,
    `<updated>${xmlDateTime(entry.updated)}</updated>`,
    person('author', entry.author, entry.authorUri),
    `<summary type="text">${xmlText(entry.summary)}</summary>`,
    '</entry>',
  ].join('\n');
}

export function atomXml(feed: AtomFeed): string {
  const newest = feed.entries.reduce<string | null>(
    (latest, e) => (latest === null || e.updated > latest ? e.updated : latest),
    null,
  );
  const head = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `<id>${xmlText(urn(feed.id))}</id>`,
    `<title type="text">${xmlText(feed.title)}</title>`,
    ...(feed.subtitle ? [`<subtitle type="text">${xmlText(feed.subtitle)}</subtitle>`] : []),
    `<updated>${xmlDateTime(newest ?? feed.updatedWhenEmpty)}</updated>`,
    `<link rel="self" type="application/atom+xml" href="${xmlText(feed.self)}"/>`,
    `<link rel="alternate" type="text/html" href="${xmlText(feed.alternate)}"/>`,
    person('author', feed.author.name, feed.author.uri),
    `<generator>${xmlText(feed.generator)}</generator>`,
  ];
  return `${[...head, ...feed.entries.map(entryXml), '</feed>'].join('\n')}\n`;
}
