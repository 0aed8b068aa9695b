import { SITEMAP_URLS } from '@storyloom/shared';
import type { Db } from '../../db/index.js';
import { TtlCache } from '../../lib/ttl-cache.js';
import { profileChunk, publishedChaptersOf, type StoryKey, storyChunk } from './repo.js';
import { xmlDateTime, xmlText } from './xml.js';

/**
 * The sitemaps (docs/decisions/034-take-along.md): `/sitemap.xml` is an index of
 * `/sitemaps/pages.xml`, `/sitemaps/stories-N.xml` (each listed story's page followed by its
 * chapters' reader pages) and `/sitemaps/profiles-N.xml`, each of at most 50,000 URLs.
 *
 * Where each sitemap starts is found by walking the list once in chunks (keyset, never an
 * offset, never the whole list in memory), and kept for an hour. A sitemap is then written as
 * it is read, a chunk at a time, from its first key, and stops at 50,000 URLs: what was added
 * since the walk goes into the last one, or waits for the next walk if that one is full.
 */

/** Rows read per query while walking; stories per query while writing (with their chapters). */
const CHUNK = 2_000;
const WRITE_CHUNK = 500;
/** How long the sitemaps' starting keys are kept. */
export const SITEMAP_BOUNDS_TTL_MS = 60 * 60 * 1000;

const STATIC_PAGES = ['/', '/stories', '/authors', '/about', '/features', '/guidelines'];

export type SitemapKind = 'stories' | 'profiles';

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

function urlEntry(loc: string, lastmod?: string): string {
  const mod = lastmod ? `<lastmod>${xmlDateTime(lastmod)}</lastmod>` : '';
  return `<url><loc>${xmlText(loc)}</loc>${mod}</url>\n`;
}

/** Splits a list into sitemaps of at most `capacity` URLs; each row weighs its URLs. */
async function walk<K>(
  next: (after: K | null) => Promise<{ key: K; weight: number }[]>,
  capacity: number,
): Promise<K[]> {
  const starts: K[] = [];
  let used = capacity;
  let after: K | null = null;
  for (;;) {
    const rows = await next(after);
    for (const row of rows) {
      if (used + row.weight > capacity) {
        starts.push(row.key);
        used = 0;
      }
      used += row.weight;
    }
    if (rows.length < CHUNK) return starts;
    after = rows[rows.length - 1]!.key;
  }
}

export function createSitemaps({
  db,
  publicUrl,
  capacity = SITEMAP_URLS,
}: {
  db: Db;
  publicUrl: string;
  /** URLs per sitemap; tests lower it to see several. */
  capacity?: number;
}) {
  const base = publicUrl.replace(/\/+$/, '');
  const k = db.kysely;
  const bounds = new TtlCache<unknown[]>({ ttlMs: SITEMAP_BOUNDS_TTL_MS });

  const storyStarts = () =>
    bounds.get('stories', () =>
      walk<StoryKey>(async (after) => {
        const rows = await storyChunk(k, after, CHUNK);
        return rows.map((r) => ({
          key: { published_at: r.published_at, id: r.id },
          // The story's page and each published chapter's.
          weight: 1 + r.chapters_count,
        }));
      }, capacity),
    ) as Promise<StoryKey[]>;

  const profileStarts = () =>
    bounds.get('profiles', () =>
      walk<string>(async (after) => {
        const rows = await profileChunk(k, after, CHUNK);
        return rows.map((r) => ({ key: r.id, weight: 1 }));
      }, capacity),
    ) as Promise<string[]>;

  async function* storyUrls(from: StoryKey, until: StoryKey | undefined) {
    let after: StoryKey | null = null;
    let left = capacity;
    for (;;) {
      const rows = await storyChunk(k, after, WRITE_CHUNK, after ? undefined : from, until);
      const chapters = await publishedChaptersOf(
        k,
        rows.map((r) => r.id),
      );
      // One piece of XML per chunk: a write per story would cost more than the story's URLs.
      let out = '';
      let full = false;
      let c = 0;
      for (const story of rows) {
        const own = [];
        while (c < chapters.length && chapters[c]!.story_id === story.id) own.push(chapters[c++]!);
        // A story grown since the walk goes whole to the next walk rather than split.
        if (1 + own.length > left) {
          full = true;
          break;
        }
        left -= 1 + own.length;
        const page = `${base}/stories/${story.id}`;
        out += urlEntry(page, story.updated_at);
        own.forEach((chapter, i) => {
          out += urlEntry(`${page}/read?chapter=${i + 1}`, chapter.updated_at);
        });
      }
      if (out) yield out;
      if (full) return;
      if (rows.length < WRITE_CHUNK) return;
      const last = rows[rows.length - 1]!;
      after = { published_at: last.published_at, id: last.id };
    }
  }

  async function* profileUrls(from: string, until: string | undefined) {
    let after: string | null = null;
    let left = capacity;
    for (;;) {
      const rows = await profileChunk(k, after, CHUNK, after ? undefined : from);
      let out = '';
      let done = rows.length < CHUNK;
      for (const user of rows) {
        if ((until && user.id >= until) || left === 0) {
          done = true;
          break;
        }
        left -= 1;
        out += urlEntry(`${base}/profile/${encodeURIComponent(user.username)}`, user.updated_at);
      }
      if (out) yield out;
      if (done) return;
      after = rows[rows.length - 1]!.id;
    }
  }

  return {
    /** The sitemap index: every sitemap there is now. */
    async index(): Promise<string> {
      const [stories, profiles] = await Promise.all([storyStarts(), profileStarts()]);
      const names = [
        'pages',
        ...stories.map((_, i) => `stories-${i + 1}`),
        ...profiles.map((_, i) => `profiles-${i + 1}`),
      ];
      const items = names
        .map((name) => `<sitemap><loc>${xmlText(`${base}/sitemaps/${name}.xml`)}</loc></sitemap>`)
        .join('\n');
      return `${XML_HEAD}<sitemapindex xmlns="${NS}">\n${items}\n</sitemapindex>\n`;
    },

    /** The site's own pages. */
    pages(): string {
      const items = STATIC_PAGES.map((path) => urlEntry(`${base}${path === '/' ? '/' : path}`));
      return `${XML_HEAD}<urlset xmlns="${NS}">\n${items.join('')}</urlset>\n`;
    },

    /**
     * Sitemap `n` (1-based) of a kind, as chunks of XML to stream; null when there is no such
     * sitemap (the first one always exists, empty on an empty site).
     */
    async page(kind: SitemapKind, n: number): Promise<AsyncIterable<string> | null> {
      const starts: (StoryKey | string)[] =
        kind === 'stories' ? await storyStarts() : await profileStarts();
      if (n > Math.max(1, starts.length)) return null;
      const from = starts[n - 1];
      const until = starts[n];
      const urls =
        from === undefined
          ? null
          : kind === 'stories'
            ? storyUrls(from as StoryKey, until as StoryKey | undefined)
            : profileUrls(from as string, until as string | undefined);
      return (async function* () {
        yield `${XML_HEAD}<urlset xmlns="${NS}">\n`;
        if (urls) yield* urls;
        yield '</urlset>\n';
      })();
    },

    /** Forgets the kept starting keys (tests). */
    forget: () => bounds.clear(),
  };
}
export type Sitemaps = ReturnType<typeof createSitemaps>;
