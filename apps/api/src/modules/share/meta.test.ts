import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../lib/ids.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser } from '../../test/factories.js';
import { call, createStory } from '../../test/stories.js';
import { escapeHtml, sharePathOf, summarize } from './meta.js';

const PUBLIC_URL = 'https://read.example.org';
const DEFAULT_TITLE = '<title>Storyloom — Stories worth staying up for</title>';
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    ${DEFAULT_TITLE}
    <meta
      name="description"
      content="Storyloom is where readers discover stories."
    />
    <script src="/theme-init.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`;
const NASTY = `Tom's "Big" <script>alert(1)</script> & Co`;
const NASTY_ESCAPED = 'Tom&#39;s &quot;Big&quot; &lt;script&gt;alert(1)&lt;/script&gt; &amp; Co';

let t: TestApp;
let staticDir: string;
beforeAll(async () => {
  staticDir = mkdtempSync(join(tmpdir(), 'storyloom-spa-'));
  writeFileSync(join(staticDir, 'index.html'), INDEX_HTML);
  t = await createTestApp({ env: { STATIC_DIR: staticDir, PUBLIC_URL } });
});
afterAll(async () => {
  await t.close();
  rmSync(staticDir, { recursive: true, force: true });
});

const page = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('text/html');
  return res.body;
};

/** The content of `<meta property|name="key" content="…">`, as it stands in the HTML. */
const metaContent = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)"`).exec(
    html,
  )?.[1];
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

describe('link previews of story pages', () => {
  it('puts the story title, description and cover in the title and Open Graph/Twitter tags, escaped', async () => {
    const author = await createUser(t.testDb.db, t.config);
    const story = await createStory(t, author.auth, {
      title: NASTY,
      description: `A "quoted" <b>bold</b> & tender\nsecond line`,
    });
    const cover = `/media/covers/${story.id}/abc-lg.webp`;
    await t.testDb.db.kysely
      .updateTable('stories')
      .set({ cover_image: cover })
      .where('id', '=', story.id)
      .execute();

    const html = await page(`/stories/${story.id}`);
    expect(titleOf(html)).toBe(`${NASTY_ESCAPED} — Storyloom`);
    expect(metaContent(html, 'og:title')).toBe(NASTY_ESCAPED);
    expect(metaContent(html, 'twitter:title')).toBe(NASTY_ESCAPED);
    const description = 'A &quot;quoted&quot; &lt;b&gt;bold&lt;/b&gt; &amp; tender second line';
    expect(metaContent(html, 'og:description')).toBe(description);
    expect(metaContent(html, 'description')).toBe(description);
    expect(metaContent(html, 'og:image')).toBe(`${PUBLIC_URL}${cover}`);
    expect(metaContent(html, 'twitter:image')).toBe(`${PUBLIC_URL}${cover}`);
    expect(metaContent(html, 'og:url')).toBe(`${PUBLIC_URL}/stories/${story.id}`);
    expect(metaContent(html, 'og:type')).toBe('article');
    // Nothing the author typed reaches the page as markup; the defaults are gone, once.
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<b>bold');
    expect(html).not.toContain(DEFAULT_TITLE);
    expect(html).not.toContain('discover stories.');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<script src="/theme-init.js"></script>');
  });

  it('leaves og:image out without a cover and describes a story that has no description', async () => {
    const author = await createUser(t.testDb.db, t.config);
    const story = await createStory(t, author.auth, {
      title: 'Bare',
      description: '',
      genre: 'Mystery',
    });
    const html = await page(`/stories/${story.id}/?ref=chat`);
    expect(metaContent(html, 'og:title')).toBe('Bare');
    expect(metaContent(html, 'og:image')).toBeUndefined();
    expect(metaContent(html, 'twitter:image')).toBeUndefined();
    expect(metaContent(html, 'og:description')).toBe(
      `A Mystery story by ${author.user.username} on Storyloom.`,
    );
  });

  it('links the story’s Atom feed, except for a Mature or Explicit story (decision 034)', async () => {
    const author = await createUser(t.testDb.db, t.config);
    const story = await createStory(t, author.auth, { title: 'Fed & "Read"' });
    expect(await page(`/stories/${story.id}`)).toContain(
      `<link rel="alternate" type="application/atom+xml" title="Fed &amp; &quot;Read&quot;: new chapters" href="${PUBLIC_URL}/api/stories/${story.id}/feed.atom" />`,
    );
    const mature = await createStory(t, author.auth, { rating: 'mature' });
    expect(await page(`/stories/${mature.id}`)).not.toContain('application/atom+xml');
  });

  it('serves the default page for private, unknown and malformed story ids', async () => {
    const author = await createUser(t.testDb.db, t.config);
    const hidden = await createStory(t, author.auth, {
      title: 'Secret diary',
      visibility: 'private',
    });
    for (const url of [`/stories/${hidden.id}`, `/stories/${newId()}`, '/stories/not-an-id']) {
      const html = await page(url);
      expect(html).toBe(INDEX_HTML);
    }
  });

  it('does not touch other pages, the reader or the editor', async () => {
    const author = await createUser(t.testDb.db, t.config);
    const story = await createStory(t, author.auth, { title: 'Elsewhere' });
    for (const url of [
      '/',
      '/about',
      '/stories',
      `/stories/${story.id}/read`,
      `/stories/${story.id}/edit`,
    ]) {
      expect(await page(url)).toBe(INDEX_HTML);
    }
  });
});

describe('link previews of profiles', () => {
  it('shows a public profile’s username, bio and avatar on /profile and /users', async () => {
    const { user, auth } = await createUser(t.testDb.db, t.config, {
      profile_pic: '/media/avatars/me-lg.webp',
    });
    expect(
      (await call(t, 'PATCH', '/users/me', auth, { bio: 'I write <em>"odd"</em> tales & more' }))
        .status,
    ).toBe(200);
    for (const url of [
      `/profile/${user.username}`,
      `/users/${user.username.toUpperCase()}`,
      `/users/${user.id}`,
    ]) {
      const html = await page(url);
      expect(metaContent(html, 'og:title')).toBe(user.username);
      expect(titleOf(html)).toBe(`${user.username} — Storyloom`);
      expect(metaContent(html, 'og:description')).toBe(
        'I write &lt;em&gt;&quot;odd&quot;&lt;/em&gt; tales &amp; more',
      );
      expect(metaContent(html, 'og:image')).toBe(`${PUBLIC_URL}/media/avatars/me-lg.webp`);
      expect(metaContent(html, 'og:type')).toBe('profile');
      expect(metaContent(html, 'og:url')).toBe(`${PUBLIC_URL}/profile/${user.username}`);
      expect(html).toContain(
        `<link rel="alternate" type="application/atom+xml" title="${user.username}: new stories and chapters" href="${PUBLIC_URL}/api/users/${user.username}/feed.atom" />`,
      );
    }
  });

  it('serves the default page for a hidden or unknown profile', async () => {
    const { user, auth } = await createUser(t.testDb.db, t.config);
    await call(t, 'PATCH', '/users/me', auth, { bio: 'Not for everyone' });
    for (const visibility of ['private', 'friends']) {
      const saved = await call(t, 'PUT', '/users/me/settings', auth, {
        profileVisibility: visibility,
      });
      expect(saved.status).toBe(200);
      expect(await page(`/profile/${user.username}`)).toBe(INDEX_HTML);
    }
    expect(await page('/profile/nobody_by_that_name')).toBe(INDEX_HTML);
  });
});

describe('share helpers', () => {
  it('escapes the five HTML-significant characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;',
    );
  });

  it('recognises only story and profile pages', () => {
    const id = newId();
    expect(sharePathOf(`/stories/${id}`)).toEqual({ kind: 'story', id });
    expect(sharePathOf(`/stories/${id.toUpperCase()}?x=1`)).toEqual({ kind: 'story', id });
    expect(sharePathOf('/profile/jane%20doe')).toEqual({ kind: 'profile', name: 'jane doe' });
    expect(sharePathOf('/users/jane/')).toEqual({ kind: 'profile', name: 'jane' });
    for (const url of ['/stories/create', `/stories/${id}/read`, '/users/%E0%A4%A', '/feed']) {
      expect(sharePathOf(url)).toBeNull();
    }
  });

  it('keeps descriptions to one line of at most 200 characters', () => {
    expect(summarize('  two\n\nlines  ')).toBe('two lines');
    const long = summarize('word '.repeat(100));
    expect(long.length).toBeLessThanOrEqual(200);
    expect(long.endsWith('word…')).toBe(true);
  });
});
