import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { newUser, signedInSession } from './support/accounts.js';
import { gotoLive, networkQuiet, type PageOptions, useBrowser } from './support/browser.js';
import {
  apiAs,
  type ChapterPayload,
  chaptersViaApi,
  type StoryPayload,
} from './support/stories.js';

const { openPage, baseURL } = useBrowser();
/** Many pages in one test, twice over, on a shared 2-core machine. */
const SLOW = 240_000;

type Session = Awaited<ReturnType<typeof signedInSession>>;

/**
 * Every payload reports to `window.__xss` if it ever runs. The id is a regex literal, so a
 * payload needs no quotes and survives any attribute quoting the attacker aims to break out of.
 */
const hit = (id: string) => `window.__xss.push(/${id}/.source)`;
/** Words only this run uses, so each page can wait until the hostile content is really shown. */
const RUN = randomBytes(3).toString('hex');
const MARK = {
  title: `Zanthoria${RUN}`,
  description: `Quillmere${RUN}`,
  chapterTitle: `Brackenfold${RUN}`,
  chapter: `Orrowdale${RUN}`,
  bio: `Vesperlyn${RUN}`,
  tag: `tag${RUN}`,
};

const TITLE = `${MARK.title} "><img src=x onerror=${hit('title-img')}></title><script>${hit('title-script')}</script>`;
const DESCRIPTION = [
  `${MARK.description} <script>${hit('desc-script')}</script>`,
  `'"><svg onload=${hit('desc-svg')}>`,
  `<a href="javascript:${hit('desc-link')}">click</a> <img src=x onerror=alert(1)>`,
  `</textarea></style></script><iframe srcdoc="<script>parent.${hit('desc-iframe')}</script>">`,
  `{{constructor.constructor('${hit('desc-template')}')()}} \${${hit('desc-interp')}}`,
].join('\n');
const TAGS = [
  MARK.tag,
  '<svg onload=__xss.push(71)>',
  '<img src=x onerror=alert(72)>',
  '"><script>__xss.push(73)',
  'javascript:__xss.push(74)',
  "'><svg/onload=__xss.push(75)>",
  '</title><svg onload=alert(77)>',
];
const CHAPTER_TITLE = `${MARK.chapterTitle} "><img src=x onerror=${hit('chapter-title')}>`;
const BIO = `${MARK.bio} "><img src=x onerror=${hit('bio-img')}><script>${hit('bio-script')}</script>`;
const CHAPTER_HTML = [
  `<p>${MARK.chapter} opens the chapter.</p>`,
  `<script>${hit('ch-script')}</script>`,
  `<img src=x onerror="${hit('ch-img')}">`,
  `<img src=x onerror=alert(2)>`,
  `<svg onload="${hit('ch-svg')}"><circle r="1"></circle></svg>`,
  `<svg><script>${hit('ch-svg-script')}</script></svg>`,
  `<a href="javascript:${hit('ch-js-link')}">a script link</a>`,
  `<a href="data:text/html,<script>alert(3)</script>">a data link</a>`,
  `<iframe src="javascript:parent.${hit('ch-iframe-js')}"></iframe>`,
  `<iframe srcdoc="<script>parent.${hit('ch-srcdoc')}</script>"></iframe>`,
  `<p onclick="${hit('ch-onclick')}" onmouseover="${hit('ch-hover')}">hover me</p>`,
  `<details open ontoggle="${hit('ch-details')}"><summary>more</summary></details>`,
  `<input autofocus onfocus="${hit('ch-focus')}">`,
  `<video><source onerror="${hit('ch-video')}"></video>`,
  `<body onload="${hit('ch-body')}">`,
  `<object data="javascript:${hit('ch-object')}"></object>`,
  `<embed src="javascript:${hit('ch-embed')}">`,
  `<form action="javascript:${hit('ch-form')}"><button>go</button></form>`,
  `<math><mtext><table><mglyph><style><img src=x onerror="${hit('ch-mxss')}"></style></mglyph></table></mtext></math>`,
  `<noscript><p title="</noscript><img src=x onerror=${hit('ch-noscript')}>"></p></noscript>`,
  `<xmp><img src=x onerror="${hit('ch-xmp')}"></xmp>`,
  `<style>@import url("javascript:${hit('ch-style')}");</style>`,
  `<div style="background:url(javascript:${hit('ch-css')})">styled</div>`,
  `<meta http-equiv="refresh" content="0;url=javascript:${hit('ch-meta')}">`,
  `<base href="javascript:${hit('ch-base')}//">`,
  `<template><img src=x onerror="${hit('ch-template')}"></template>`,
  `<p>"><img src=x onerror=${hit('ch-break')}></p>`,
  '<p><strong>Bold</strong>, <em>italic</em> and <u>underlined</u> words stay.</p>',
].join('\n');

/** Installed before any page script: the hooks every check reads back. */
const HOOKS = `
  window.__xss = [];
  window.__csp = [];
  document.addEventListener('securitypolicyviolation', (event) => {
    window.__csp.push(event.violatedDirective + ' ' + (event.blockedURI || 'inline') + ' ' + (event.sample || ''));
  });
`;

/** Markup that could run script, anywhere in the document: should never be there. */
function scanForActiveMarkup(): string[] {
  const found: string[] = [];
  const urlAttributes = ['href', 'src', 'action', 'formaction', 'xlink:href', 'data', 'poster'];
  for (const el of Array.from(document.querySelectorAll('*'))) {
    const tag = el.tagName.toLowerCase();
    for (const attr of Array.from(el.attributes)) {
      const name = attr.name.toLowerCase();
      // Browsers ignore whitespace and control characters inside a URL's scheme.
      const value = Array.from(attr.value)
        .filter((c) => c.charCodeAt(0) > 32)
        .join('')
        .toLowerCase();
      if (name.startsWith('on')) found.push(`${tag}[${name}]`);
      if (name === 'srcdoc') found.push(`${tag}[srcdoc]`);
      if (urlAttributes.includes(name) && /^(javascript:|vbscript:|data:text\/html)/.test(value)) {
        found.push(`${tag}[${name}=${value.slice(0, 24)}]`);
      }
      if (name === 'style' && /javascript:|expression\(/.test(value)) found.push(`${tag}[style]`);
    }
    if (['iframe', 'frame', 'object', 'embed', 'base', 'applet', 'xmp', 'noscript'].includes(tag)) {
      found.push(tag);
    }
    if (tag === 'script') {
      const src = el.getAttribute('src');
      if (!src || new URL(src, location.href).origin !== location.origin) {
        found.push(`script ${src ?? 'inline'}`);
      }
    }
    if (tag === 'meta' && el.hasAttribute('http-equiv')) found.push('meta[http-equiv]');
  }
  return found;
}

interface Visit {
  name: string;
  path: string;
  session?: Session;
  /** Opens a part of the page (a drawer, a dialog) after it loaded. */
  open?: (page: Page) => Promise<void>;
  /** A word of the hostile content this page must show, proving it was rendered. */
  shows: string;
}

let attacker: Session;
let reader: Session;
let story: StoryPayload;
let chapter: ChapterPayload;

beforeAll(async () => {
  attacker = await signedInSession(newUser('mallory'));
  reader = await signedInSession(newUser('victim'));
  const bio = await apiAs(attacker.accessToken, '/users/me', {
    method: 'PATCH',
    body: JSON.stringify({ bio: BIO }),
  });
  expect(bio.status).toBe(200);
  const created = await apiAs<StoryPayload>(attacker.accessToken, '/stories/json', {
    method: 'POST',
    body: JSON.stringify({
      title: TITLE,
      description: DESCRIPTION,
      genre: 'Horror',
      tags: TAGS,
      chapters: [{ title: CHAPTER_TITLE, content: CHAPTER_HTML }],
    }),
  });
  expect(created.status).toBe(201);
  story = created.data;
  [chapter] = (await chaptersViaApi(attacker.accessToken, story.id)) as [ChapterPayload];
  for (const [path, method] of [
    [`/users/${attacker.user.username}/follow`, 'POST'],
    [`/library/${story.id}`, 'POST'],
    [`/stories/${story.id}/like`, 'POST'],
  ] as const) {
    const res = await apiAs(reader.accessToken, path, { method });
    expect(res.status, `${method} ${path}`).toBeLessThan(300);
  }
});

describe('content safety: hostile content is stored sanitized', () => {
  it('keeps the chapter formatting and drops every tag, attribute and URL that could run', () => {
    const html = chapter.content;
    expect(html).toContain(MARK.chapter);
    expect(html).toContain('<strong>Bold</strong>');
    expect(html).toContain('<em>italic</em>');
    for (const dangerous of [
      /<script/i,
      /<img/i,
      /<svg/i,
      /<iframe/i,
      /<object/i,
      /<embed/i,
      /<style/i,
      /<meta/i,
      /<base/i,
      /<a\b/i,
      /\son\w+=/i,
      /javascript:/i,
      /srcdoc/i,
      /__xss/,
    ]) {
      expect(html).not.toMatch(dangerous);
    }
    // Plain-text fields keep what was typed; the pages must show it as text.
    expect(story.title).toBe(TITLE);
    expect(story.tags).toEqual(TAGS);
  });
});

describe('content safety: XSS payloads render inert in Chromium', () => {
  it('serves the SPA with a Content-Security-Policy that forbids inline and foreign scripts', async () => {
    for (const path of ['/', `/stories/${story.id}`, `/profile/${attacker.user.username}`]) {
      const res = await fetch(`${baseURL()}${path}`);
      expect(res.headers.get('content-type')).toContain('text/html');
      const csp = res.headers.get('content-security-policy') ?? '';
      const directives = new Map(
        csp
          .split(';')
          .map((d) => d.trim().split(/\s+/))
          .filter((parts) => parts[0])
          .map(([name, ...values]) => [name!.toLowerCase(), values]),
      );
      const scripts = directives.get('script-src') ?? directives.get('default-src');
      expect(scripts, `${path}: script-src`).toEqual(["'self'"]);
      // Helmet's stricter sub-directives may be present; they must not widen script-src.
      expect(directives.get('script-src-elem') ?? ["'self'"]).toEqual(["'self'"]);
      expect(directives.get('script-src-attr') ?? ["'none'"]).toEqual(["'none'"]);
      expect(directives.get('object-src')).toEqual(["'none'"]);
      expect(directives.get('base-uri')).toEqual(["'self'"]);
      expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
      // The page itself needs no inline script: every <script> has a same-origin src, but for
      // the server-rendered page's state, a JSON data block that never runs (and is removed
      // once read; the DOM scans below see none).
      const html = await res.text();
      const tags = html.match(/<script\b[^>]*>/gi) ?? [];
      expect(tags.length).toBeGreaterThan(0);
      const state = tags.filter((tag) => !/\ssrc=/.test(tag));
      expect(state.length, `${path}: scripts without a source`).toBeLessThanOrEqual(1);
      for (const tag of state) {
        expect(tag).toBe('<script type="application/json" id="storyloom-state">');
      }
      for (const tag of tags.filter((t) => !state.includes(t))) {
        expect(tag).toMatch(/\ssrc="\/[^/]/);
      }
    }
  });

  it('the hooks do see a script that runs, a dialog, and a CSP violation', async () => {
    const control = '<img src=x onerror="window.__xss.push(/control/.source)">';
    const open = await openHooked('/about', { bypassCSP: true });
    await open.page.evaluate((html) => {
      document.body.insertAdjacentHTML('beforeend', html);
      setTimeout(() => window.alert('control'));
    }, control);
    await open.page.waitForFunction(() => (window as unknown as Hooked).__xss.length > 0);
    await expect.poll(() => open.dialogs.length).toBeGreaterThan(0);
    expect(await open.read()).toMatchObject({ ran: ['control'] });

    const guarded = await openHooked('/about');
    await guarded.page.evaluate((html) => {
      document.body.insertAdjacentHTML('beforeend', html);
    }, control);
    await guarded.page.waitForFunction(() => (window as unknown as Hooked).__csp.length > 0);
    const seen = await guarded.read();
    expect(seen.ran).toEqual([]);
    expect(seen.csp[0]).toMatch(/^script-src/);
  });

  const visits = (): Visit[] => [
    { name: 'story page (visitor)', path: `/stories/${story.id}`, shows: MARK.description },
    {
      name: 'story page (signed in), then a hostile tag',
      path: `/stories/${story.id}`,
      session: reader,
      shows: MARK.tag,
      open: async (page) => {
        // A tag links to its search: the hostile one lands in the URL, the heading and a chip.
        await page.getByTestId('story-tags').getByRole('link', { name: TAGS[1] }).click();
        await page.waitForURL((url) => url.searchParams.get('q') === TAGS[1]);
        await page.getByTestId('result-count').waitFor();
      },
    },
    {
      name: 'reader with the chapter list',
      path: `/stories/${story.id}/read?chapter=1`,
      session: reader,
      shows: MARK.chapter,
      open: async (page) => {
        await page.getByTestId('open-chapters').click();
        await page.getByTestId('chapters-drawer').getByText(MARK.chapterTitle).waitFor();
      },
    },
    { name: 'author profile', path: `/profile/${attacker.user.username}`, shows: MARK.bio },
    {
      name: "reader's following list",
      path: `/profile/${reader.user.username}`,
      session: reader,
      shows: reader.user.username,
      open: async (page) => {
        await page.getByTestId('stat-following').click();
        await page.getByTestId('follow-list-item').getByText(MARK.bio).waitFor();
      },
    },
    { name: 'search results', path: `/stories?q=${MARK.title}`, shows: MARK.title },
    { name: 'tag search', path: `/stories?q=${MARK.tag}`, shows: MARK.title },
    {
      name: 'a hostile search query',
      path: `/stories?q=${encodeURIComponent(`"><img src=x onerror=${hit('query')}>`)}`,
      shows: 'onerror',
    },
    { name: 'following feed', path: '/feed?tab=following', session: reader, shows: MARK.title },
    { name: 'library', path: '/library', session: reader, shows: MARK.title },
    { name: 'my stories', path: '/my-stories', session: attacker, shows: MARK.title },
    {
      name: 'story editor',
      path: `/stories/${story.id}/edit`,
      session: attacker,
      shows: MARK.description,
    },
  ];

  it.each([
    ['with the CSP', false],
    ['with the CSP bypassed (the sanitizing and escaping alone)', true],
  ])(
    '%s: nothing runs on the story page, reader, profiles, search and lists',
    { timeout: SLOW },
    async (_mode, bypassCSP) => {
      const problems: string[] = [];
      for (const visit of visits()) {
        const open = await openHooked(visit.path, {
          bypassCSP,
          ...(visit.session ? { storageState: visit.session.storageState } : {}),
        });
        const { page } = open;
        await page.getByText(visit.shows).first().waitFor();
        await visit.open?.(page);
        // Let failed image loads, toggles and focus handlers fire before reading the hooks.
        await networkQuiet(page);
        await page.evaluate(
          () => new Promise((r) => requestAnimationFrame(() => setTimeout(() => r(null)))),
        );
        const seen = await open.read();
        for (const id of seen.ran) problems.push(`${visit.name}: payload '${id}' ran`);
        for (const d of open.dialogs) problems.push(`${visit.name}: a ${d} dialog opened`);
        for (const v of seen.csp) problems.push(`${visit.name}: CSP violation ${v}`);
        for (const m of seen.active) problems.push(`${visit.name}: active markup ${m}`);
        await page.context().close();
      }
      expect(problems).toEqual([]);
    },
  );
});

interface Hooked {
  __xss: string[];
  __csp: string[];
}

/** A page with the hooks installed before its first script, and its dialogs recorded. */
async function openHooked(path: string, options: PageOptions = {}) {
  const page = await openPage('about:blank', { ...options, initScript: HOOKS });
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()} '${dialog.message()}'`);
    void dialog.dismiss();
  });
  await gotoLive(page, path);
  return {
    page,
    dialogs,
    read: async () => {
      const hooks = await page.evaluate(() => {
        const w = window as unknown as Hooked;
        return { ran: [...w.__xss], csp: [...w.__csp] };
      });
      return { ...hooks, active: await page.evaluate(scanForActiveMarkup) };
    },
  };
}
