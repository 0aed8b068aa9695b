import { FEED_PATHS } from '@storyloom/shared';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { strFromU8, unzipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser } from '../../test/factories.js';
import { multipart } from '../../test/multipart.js';
import { call, createStory } from '../../test/stories.js';
import { createSitemaps } from './sitemap.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_FACTOR: '100', PUBLIC_URL: 'https://loom.test' } });
});
afterAll(() => t.close());

type Person = Awaited<ReturnType<typeof newUser>>;
const newUser = () => createUser(t.testDb.db, t.config);

const raw = (url: string, auth?: { authorization: string }) =>
  t.app.inject({ method: 'GET', url, headers: { ...auth } });

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@' });
/** Well-formed XML (the validator's verdict), parsed. */
function xml(text: string) {
  const verdict = XMLValidator.validate(text);
  if (verdict !== true) throw new Error(`not well-formed: ${JSON.stringify(verdict.err)}`);
  return parser.parse(text);
}
const list = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

async function setCover(storyId: string, author: Person) {
  const png = await sharp({
    create: { width: 300, height: 450, channels: 3, background: '#7a5230' },
  })
    .png()
    .toBuffer();
  const form = multipart({
    cover: { filename: 'cover.png', contentType: 'image/png', data: png },
  });
  const res = await t.app.inject({
    method: 'PATCH',
    url: `/api/stories/${storyId}/cover`,
    headers: { ...author.auth, ...form.headers },
    payload: form.payload,
  });
  expect(res.statusCode).toBe(200);
}

async function addChapter(author: Person, storyId: string, title: string, published: boolean) {
  const res = await call(t, 'POST', '/chapters', author.auth, {
    story_id: storyId,
    title,
    content: '<p>More.</p>',
    published,
  });
  expect(res.status).toBe(201);
  return res.body.data;
}

const setSettings = (person: Person, settings: Record<string, unknown>) =>
  call(t, 'PUT', '/users/me/settings', person.auth, settings);

/** The ZIP's local file headers in order: name, method (0 stored) and extra field length. */
function localHeaders(zip: Buffer) {
  const out: { name: string; method: number; extra: number }[] = [];
  let at = 0;
  while (zip.readUInt32LE(at) === 0x04034b50) {
    const method = zip.readUInt16LE(at + 8);
    const size = zip.readUInt32LE(at + 18);
    const nameLength = zip.readUInt16LE(at + 26);
    const extra = zip.readUInt16LE(at + 28);
    out.push({ name: zip.toString('latin1', at + 30, at + 30 + nameLength), method, extra });
    at += 30 + nameLength + extra + size;
  }
  return out;
}

describe('downloads', () => {
  it('makes an EPUB 3 book: mimetype first and stored, container, package, nav, one XHTML per chapter, the cover', async () => {
    const author = await newUser();
    const story = await createStory(t, author.auth, {
      title: 'Salt & <Ash>: “Ember”',
      description: 'Tides & embers.',
      tags: ['sea', 'fire'],
      chapters: [
        { title: 'One & only', content: '<p>First &amp; <b>bold</b><br>line &nbsp;é</p><p></p>' },
        { title: 'Two', content: '<blockquote><p>Quoted</p></blockquote><p>End.</p>' },
      ],
    });
    await addChapter(author, story.id, 'A draft', false);
    await setCover(story.id, author);

    const res = await raw(`/api/stories/${story.id}/download?format=epub`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/epub+zip');
    expect(res.headers['content-disposition']).toContain('filename="salt-ash-ember.epub"');
    const zip = res.rawPayload;

    const headers = localHeaders(zip);
    expect(headers[0]).toEqual({ name: 'mimetype', method: 0, extra: 0 });
    // The mimetype's bytes follow its 38-byte header (30 + the 8 of its name), uncompressed.
    expect(zip.toString('latin1', 38, 38 + 20)).toBe('application/epub+zip');

    const files = unzipSync(new Uint8Array(zip));
    const text = (name: string) => strFromU8(files[name]!);
    expect(Object.keys(files)).toEqual(headers.map((h) => h.name));

    const container = xml(text('META-INF/container.xml'));
    const rootfile = container.container.rootfiles.rootfile;
    expect(rootfile['@full-path']).toBe('OEBPS/content.opf');
    expect(rootfile['@media-type']).toBe('application/oebps-package+xml');

    const opf = xml(text('OEBPS/content.opf')).package;
    expect(opf['@version']).toBe('3.0');
    const meta = opf.metadata;
    expect(meta['dc:identifier']['#text']).toBe(`urn:uuid:${story.id}`);
    expect(meta['dc:identifier']['@id']).toBe(opf['@unique-identifier']);
    expect(meta['dc:title']).toBe('Salt & <Ash>: “Ember”');
    expect(meta['dc:creator']['#text']).toBe(author.user.username);
    expect(meta['dc:language']).toBe('en');
    expect(meta['dc:description']).toBe('Tides & embers.');
    expect(list(meta['dc:subject'])).toEqual(['Fantasy', 'sea', 'fire']);
    const modified = list(meta.meta).find((m) => m['@property'] === 'dcterms:modified');
    expect(modified['#text']).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);

    const items = list(opf.manifest.item) as Record<string, string>[];
    const byId = new Map(items.map((item) => [item['@id'], item]));
    expect(byId.get('nav')?.['@properties']).toBe('nav');
    expect(byId.get('cover-image')).toMatchObject({
      '@properties': 'cover-image',
      '@media-type': 'image/webp',
    });
    // Every manifest item is in the archive, and every content file in the manifest.
    for (const item of items) expect(files[`OEBPS/${item['@href']}`]).toBeDefined();
    const content = Object.keys(files).filter(
      (n) => n.startsWith('OEBPS/') && n !== 'OEBPS/content.opf',
    );
    expect(content.sort()).toEqual(items.map((i) => `OEBPS/${i['@href']}`).sort());
    expect((await sharp(Buffer.from(files['OEBPS/cover.webp']!)).metadata()).format).toBe('webp');

    const spine = list(opf.spine.itemref).map((r: Record<string, string>) => r['@idref']);
    expect(spine).toEqual(['cover', 'title-page', 'nav', 'chapter-1', 'chapter-2']);

    // One XHTML file per published chapter (the draft is not in the book), all well-formed.
    const chapters = Object.keys(files).filter((n) => /chapter-\d+\.xhtml$/.test(n));
    expect(chapters).toEqual(['OEBPS/chapter-001.xhtml', 'OEBPS/chapter-002.xhtml']);
    for (const name of Object.keys(files).filter((n) => n.endsWith('.xhtml'))) {
      const doc = xml(text(name));
      expect(doc.html['@xmlns']).toBe('http://www.w3.org/1999/xhtml');
    }
    const first = text('OEBPS/chapter-001.xhtml');
    expect(first).toContain('<h1>One &amp; only</h1>');
    expect(first).toContain('<strong>bold</strong><br/>line');
    expect(first).not.toContain('A draft');

    const nav = xml(text('OEBPS/nav.xhtml'));
    const navEl = nav.html.body.nav;
    expect(navEl['@epub:type']).toBe('toc');
    const links = list(navEl.ol.li).map((li: { a: { '@href': string } }) => li.a['@href']);
    expect(links).toEqual(['title.xhtml', 'chapter-001.xhtml', 'chapter-002.xhtml']);
  });

  it('makes one HTML file with the contents and every published chapter', async () => {
    const author = await newUser();
    const story = await createStory(t, author.auth, {
      title: 'Lantern',
      chapters: [
        { title: 'Dusk', content: '<p>It began at dusk.</p>' },
        { title: 'Dawn', content: '<p>It ended at dawn.</p>' },
      ],
    });
    await addChapter(author, story.id, 'Secret draft', false);
    const res = await raw(`/api/stories/${story.id}/download?format=html`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('attachment; filename="lantern.html"');
    expect(res.body).toContain('<a href="#chapter-2">Dawn</a>');
    expect(res.body).toContain('It ended at dawn.');
    expect(res.body).not.toContain('Secret draft');
    // No cover: no image at all.
    expect(res.body).not.toContain('<img');
  });

  it('refuses what a reader may not take: private, hidden, deleted, unknown, mature for visitors; bad format', async () => {
    const author = await newUser();
    const reader = await newUser();
    const priv = await createStory(t, author.auth, { visibility: 'private' });
    expect((await raw(`/api/stories/${priv.id}/download`)).statusCode).toBe(404);
    expect((await raw(`/api/stories/${priv.id}/download`, reader.auth)).json().error.code).toBe(
      'story_private',
    );
    // Its author may take their own.
    expect((await raw(`/api/stories/${priv.id}/download`, author.auth)).statusCode).toBe(200);

    const gone = await createStory(t, author.auth);
    await call(t, 'DELETE', `/stories/${gone.id}`, author.auth);
    expect((await raw(`/api/stories/${gone.id}/download`)).statusCode).toBe(404);

    const hidden = await createStory(t, author.auth);
    await t.testDb.db.kysely
      .updateTable('stories')
      .set({
        visibility: 'private',
        visibility_before_hidden: 'public',
        hidden_at: new Date().toISOString(),
      })
      .where('id', '=', hidden.id)
      .execute();
    const hiddenRes = await raw(`/api/stories/${hidden.id}/download`, reader.auth);
    expect(hiddenRes.statusCode).toBe(404);
    expect(hiddenRes.json().error.code).toBe('not_found');

    const mature = await createStory(t, author.auth, { rating: 'explicit' });
    const visitor = await raw(`/api/stories/${mature.id}/download`);
    expect(visitor.statusCode).toBe(403);
    expect(visitor.json().error.code).toBe('mature_content');
    expect((await raw(`/api/stories/${mature.id}/download`, reader.auth)).statusCode).toBe(403);
    await setSettings(reader, { showMatureContent: true });
    expect((await raw(`/api/stories/${mature.id}/download`, reader.auth)).statusCode).toBe(200);
    expect((await raw(`/api/stories/${mature.id}/download`, author.auth)).statusCode).toBe(200);

    const open = await createStory(t, author.auth);
    const bad = await raw(`/api/stories/${open.id}/download?format=pdf`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details).toHaveProperty('format');
    expect((await raw('/api/stories/not-a-story/download')).statusCode).toBe(404);
  });
});

/** Checks the rules of RFC 4287 this product relies on, and returns the entries. */
function atom(text: string) {
  const feed = xml(text).feed;
  expect(feed['@xmlns']).toBe('http://www.w3.org/2005/Atom');
  for (const required of ['id', 'title', 'updated', 'author']) expect(feed[required]).toBeDefined();
  expect(feed.updated).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  const links = list(feed.link) as Record<string, string>[];
  expect(links.find((l) => l['@rel'] === 'self')?.['@href']).toMatch(/^https:\/\/loom\.test\//);
  expect(links.find((l) => l['@rel'] === 'alternate')?.['@href']).toMatch(/^https:\/\//);
  // biome-ignore lint/suspicious/noExplicitAny: parsed XML, checked field by field below
  const entries = list(feed.entry) as Record<string, any>[];
  for (const entry of entries) {
    expect(entry.id).toMatch(/^urn:uuid:[0-9a-f-]{36}$/);
    expect(entry.title['#text']).toBeTruthy();
    expect(entry.updated).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(entry.link['@rel']).toBe('alternate');
    expect(entry.link['@href']).toMatch(/^https:\/\/loom\.test\//);
    expect(entry.author.name).toBeTruthy();
  }
  // Ids are unique within the feed.
  expect(new Set(entries.map((e) => e.id)).size).toBe(entries.length);
  return { feed, entries };
}

describe('feeds', () => {
  it('a story’s feed lists its published chapters, newest first, with reader links', async () => {
    const author = await newUser();
    const story = await createStory(t, author.auth, {
      title: 'Tide & <Time>',
      chapters: [{ title: 'First', content: '<p>Opening words.</p>' }],
    });
    await addChapter(author, story.id, 'Not yet', false);
    await addChapter(author, story.id, 'Second', true);
    const res = await raw(FEED_PATHS.story(story.id));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    const { feed, entries } = atom(res.body);
    expect(feed.id).toBe(`urn:uuid:${story.id}`);
    expect(feed.title['#text']).toBe('Tide & <Time>: new chapters');
    expect(entries.map((e) => e.title['#text'])).toEqual([
      'Tide & <Time>: Second',
      'Tide & <Time>: First',
    ]);
    expect(entries[0]!.link['@href']).toBe(`https://loom.test/stories/${story.id}/read?chapter=2`);
    expect(entries[1]!.summary['#text']).toBe('Opening words.');
  });

  it('no feed for a private, mature or unknown story', async () => {
    const author = await newUser();
    const priv = await createStory(t, author.auth, { visibility: 'private' });
    expect((await raw(FEED_PATHS.story(priv.id))).statusCode).toBe(404);
    expect((await raw(FEED_PATHS.story(priv.id), author.auth)).statusCode).toBe(404);
    const mature = await createStory(t, author.auth, { rating: 'mature' });
    expect((await raw(FEED_PATHS.story(mature.id))).statusCode).toBe(403);
    expect((await raw(FEED_PATHS.story('0190aaaa-0000-7000-8000-000000000000'))).statusCode).toBe(
      404,
    );
  });

  it('an author’s feed has their listed stories and chapters; none when the profile is not public', async () => {
    const author = await newUser();
    const listed = await createStory(t, author.auth, { title: 'Listed' });
    await createStory(t, author.auth, { title: 'Hushed', visibility: 'private' });
    await createStory(t, author.auth, { title: 'Grown-up', rating: 'mature' });
    await addChapter(author, listed.id, 'Later', true);
    const res = await raw(FEED_PATHS.author(author.user.username.toUpperCase()));
    expect(res.statusCode).toBe(200);
    const { entries } = atom(res.body);
    const titles = entries.map((e) => e.title['#text']);
    expect(titles).toContain('Listed');
    expect(titles).toContain('Listed: Later');
    expect(titles.join()).not.toMatch(/Hushed|Grown-up/);

    await setSettings(author, { profileVisibility: 'private' });
    expect((await raw(FEED_PATHS.author(author.user.username))).statusCode).toBe(404);
    expect((await raw(FEED_PATHS.author('nobody-at-all'))).statusCode).toBe(404);
  });

  it('the site’s feed lists the newest General and Teen stories only', async () => {
    const author = await newUser();
    await createStory(t, author.auth, { title: 'Site Fresh' });
    await createStory(t, author.auth, { title: 'Site Secret', visibility: 'private' });
    await createStory(t, author.auth, { title: 'Site Mature', rating: 'mature' });
    const res = await raw(FEED_PATHS.site);
    expect(res.statusCode).toBe(200);
    const { entries } = atom(res.body);
    const titles = entries.map((e) => e.title['#text']);
    expect(titles[0]).toBe('Site Fresh');
    expect(titles.join()).not.toMatch(/Site Secret|Site Mature/);
  });
});

describe('sitemaps and robots.txt', () => {
  it('robots.txt points at the sitemap and keeps /api out, feeds aside', async () => {
    const res = await raw('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toContain('Sitemap: https://loom.test/sitemap.xml');
    expect(res.body).toContain('Disallow: /api/');
    expect(res.body).toContain('Allow: /api/stories/*/feed.atom');
  });

  it('an index of sitemaps of listed stories with their chapters, and public profiles', async () => {
    const author = await newUser();
    const hidden = await newUser();
    await setSettings(hidden, { profileVisibility: 'private' });
    const story = await createStory(t, author.auth, { title: 'Mapped' });
    await addChapter(author, story.id, 'Mapped two', true);
    await addChapter(author, story.id, 'Mapped draft', false);
    const priv = await createStory(t, author.auth, { visibility: 'private' });
    const mature = await createStory(t, author.auth, { rating: 'explicit' });

    const index = await raw('/sitemap.xml');
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toBe('application/xml; charset=utf-8');
    const doc = xml(index.body).sitemapindex;
    expect(doc['@xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    const locs = list(doc.sitemap).map((s: { loc: string }) => s.loc);
    expect(locs).toContain('https://loom.test/sitemaps/pages.xml');
    expect(locs).toContain('https://loom.test/sitemaps/stories-1.xml');
    expect(locs).toContain('https://loom.test/sitemaps/profiles-1.xml');

    const urls = async (path: string) => {
      const res = await raw(path);
      expect(res.statusCode).toBe(200);
      const set = xml(res.body).urlset;
      expect(set['@xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
      const entries = list(set.url) as { loc: string; lastmod?: string }[];
      expect(entries.length).toBeLessThanOrEqual(50_000);
      for (const entry of entries) {
        expect(entry.loc).toMatch(/^https:\/\/loom\.test\//);
        if (entry.lastmod) expect(entry.lastmod).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
      }
      return entries;
    };
    const stories = await urls('/sitemaps/stories-1.xml');
    const locsOf = stories.map((u) => u.loc);
    const page = `https://loom.test/stories/${story.id}`;
    expect(locsOf).toContain(page);
    expect(locsOf).toContain(`${page}/read?chapter=1`);
    expect(locsOf).toContain(`${page}/read?chapter=2`);
    expect(locsOf).not.toContain(`${page}/read?chapter=3`);
    expect(stories.find((u) => u.loc === page)?.lastmod).toBeDefined();
    expect(locsOf.join()).not.toContain(priv.id);
    expect(locsOf.join()).not.toContain(mature.id);

    const profiles = (await urls('/sitemaps/profiles-1.xml')).map((u) => u.loc);
    expect(profiles).toContain(`https://loom.test/profile/${author.user.username}`);
    expect(profiles).not.toContain(`https://loom.test/profile/${hidden.user.username}`);

    expect((await urls('/sitemaps/pages.xml')).map((u) => u.loc)).toContain('https://loom.test/');
    expect((await raw('/sitemaps/stories-99.xml')).statusCode).toBe(404);
    expect((await raw('/sitemaps/stories-0.xml')).statusCode).toBe(404);
    expect((await raw('/sitemaps/other.xml')).statusCode).toBe(404);
  });

  it('splits into sitemaps of at most the capacity, by key, none overlapping', async () => {
    const author = await newUser();
    for (const title of ['K1', 'K2', 'K3', 'K4']) {
      const made = await createStory(t, author.auth, { title });
      await addChapter(author, made.id, `${title} two`, true);
    }
    // Five URLs a sitemap: each story and its two chapters (3) fill one, never split.
    const maps = createSitemaps({ db: t.testDb.db, publicUrl: 'https://loom.test', capacity: 5 });
    const names = list(xml(await maps.index()).sitemapindex.sitemap)
      .map((s: { loc: string }) => s.loc)
      .filter((loc: string) => loc.includes('/stories-'));
    expect(names.length).toBeGreaterThan(1);
    const seen: string[] = [];
    for (let n = 1; n <= names.length; n++) {
      let text = '';
      for await (const chunk of (await maps.page('stories', n))!) text += chunk;
      const locs = list(xml(text).urlset.url).map((u: { loc: string }) => u.loc);
      expect(locs.length).toBeGreaterThan(0);
      expect(locs.length).toBeLessThanOrEqual(5);
      seen.push(...locs);
    }
    expect(new Set(seen).size).toBe(seen.length);
    const all = (await t.testDb.db.kysely
      .selectFrom('stories')
      .select(['id', 'chapters_count'])
      .where('visibility', '=', 'public')
      .where('rating', 'in', ['general', 'teen'])
      .execute()) as { id: string; chapters_count: number }[];
    expect(seen.length).toBe(all.reduce((sum, s) => sum + 1 + Number(s.chapters_count), 0));
    expect(await maps.page('stories', names.length + 1)).toBeNull();
  });
});
