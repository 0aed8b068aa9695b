import { DISCOVERY, GENRES, type Genre } from '@storyloom/shared';
import { CHAPTER_TEXT_PAGE_SIZE, chapterSearchRequests } from './chapter-search.js';
import {
  COMMENTS_PAGE_SIZE,
  countsRequests,
  describeChapters,
  THREAD_MIX,
  threadRequests,
} from './comments.js';
import {
  comboRequests,
  describeFilterTags,
  excludeTagRequests,
  includeTagRequests,
} from './filters.js';
import { asHidingUsers, describeHidingUsers } from './hiding.js';
import { getData } from './http.js';
import {
  describeUsers,
  NOTIFICATIONS_PAGE_SIZE,
  pageRequests,
  unreadRequests,
} from './notifications.js';
import { UsageError } from './options.js';
import { Random } from './random.js';
import {
  describeLists,
  LIST_PAGE_SIZE,
  listPageRequests,
  menuRequests,
  userListsRequests,
} from './reading-lists.js';
import {
  describeRevisionChapters,
  REVISIONS_PAGE_SIZE,
  revisionListRequests,
} from './revisions.js';
import type { Sample, SampledChapter, Writer } from './sample.js';
import { auditRequests, describeStaff, queueRequests, STAFF_PAGE_SIZE } from './staff.js';
import { statsRequests } from './story-stats.js';
import { epubRequests, feedRequests, sitemapRequests } from './take-along.js';
import { describeTrashUsers, TRASH_PAGE_SIZE, trashRequests } from './trash.js';
import type { BenchRequest, Endpoint, EndpointKind, Method } from './types.js';

const LIST_SORTS = ['latest', 'popular', 'trending'] as const;
/** Discover's page size (apps/web discover/api.ts). */
const PAGE_SIZE = 12;
/** The author directory's page size (apps/web api/users/get-authors.ts). */
const AUTHORS_PAGE_SIZE = 24;

/** `list-<sort>-pages`: pages 1 to this many (as far as they exist) of each genre and of all. */
const LIST_PAGES = 50;
/** `page-discover`: Discover's pages 1 to this many (as far as they exist) of each genre. */
const DISCOVER_PAGES = 10;

/** The search endpoints, and which of the sample's words each asks for (search-words.ts). */
const SEARCHES = [
  ['common', 'common', 'most frequent words of titles and descriptions'],
  [
    'rare',
    'rare',
    'rarest words of titles and descriptions (seen once or twice where enough are, else the least frequent)',
  ],
  [
    'prefix',
    'prefix',
    'prefixes (the first 3 or 4 letters) of mid-frequency words of titles and descriptions',
  ],
  ['two-words', 'twoWords', 'pairs of words adjacent in titles'],
] as const;

/** "In chapter text" (issue 23), and which of the sample's chapter queries each asks for. */
const CHAPTER_SEARCHES = [
  [
    'rare-phrase',
    'rarePhrase',
    'three-word phrases across a sentence end, the rarest in the sampled chapters, quoted',
  ],
  ['common', 'common', 'most frequent words of the sampled chapters, alone'],
  ['two-words', 'twoWords', 'pairs of adjacent words of the sampled chapters, unquoted'],
] as const;

const SINGLES = ['story-detail', 'story-contents', 'chapters-by-story', 'chapter'] as const;
/** Series (issue 22): a series page, and the detail of a story that is a part of one. */
const SERIES = ['page', 'story-detail'] as const;
/** Reading lists (issue 23): a list's page, a profile's lists, the Add to list menu. */
const LISTS = ['page', 'user', 'menu'] as const;
/** A chapter's comments (issue 19): the first page of a thread, and the paragraph counts. */
const COMMENTS = ['thread', 'counts'] as const;
/** A signed-in user's notifications (issue 20): the bell's count and the first page. */
const NOTIFICATIONS = ['unread', 'page'] as const;
/**
 * A reader who muted or blocked someone (issue 21): a list, a search and a busy thread, each of
 * which leaves out what they hide; and a visitor's list narrowed by rating.
 */
const HIDING = ['list', 'search', 'thread'] as const;
/** Filtered lists (issue 23): an included tag, excluded tags, rating + status + words combos. */
const FILTERS = ['tag', 'exclude', 'combo'] as const;
/** Server-rendered pages a visitor opens (docs/decisions/014), as a browser asks for them. */
const PAGES = ['home', 'discover', 'story', 'reader'] as const;
const WRITES = ['progress', 'mixed'] as const;
/** Staff (issue 21): the moderation queue and the audit log, as an admin reads them. */
const STAFF = ['queue', 'audit'] as const;
/** Take along (issue 23): a visitor's EPUB download, a story's feed, a stories sitemap. */
const TAKE_ALONG = ['epub', 'feed', 'sitemap'] as const;
const BROWSER = { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' };

/** Every endpoint's name, in run order (writes last, so reads see the seeded library). */
export const ENDPOINT_NAMES: readonly string[] = [
  'home',
  ...LIST_SORTS.flatMap((sort) => [`list-${sort}-p1`, `list-${sort}-deep`, `list-${sort}-pages`]),
  'authors-p1',
  'authors-deep',
  ...SEARCHES.map(([kind]) => `search-${kind}`),
  'search-genre',
  ...CHAPTER_SEARCHES.map(([kind]) => `text-search-${kind}`),
  ...SINGLES,
  ...SERIES.map((name) => `series-${name}`),
  ...LISTS.map((name) => `lists-${name}`),
  ...COMMENTS.map((name) => `comments-${name}`),
  ...NOTIFICATIONS.map((name) => `notifications-${name}`),
  'trash-list',
  'revisions-list',
  ...HIDING.map((name) => `hiding-${name}`),
  ...STAFF.map((name) => `staff-${name}`),
  'list-rated-p1',
  ...FILTERS.map((name) => `filter-${name}`),
  'story-stats',
  ...TAKE_ALONG.map((name) => `take-along-${name}`),
  ...PAGES.map((page) => `page-${page}`),
  ...WRITES,
];

/** `--only` selectors: a full name, or a prefix before a dash ('search', 'list-popular'). */
export function selectEndpoints(selectors: readonly string[] | null): Set<string> {
  if (!selectors) return new Set(ENDPOINT_NAMES);
  const selected = new Set<string>();
  for (const selector of selectors) {
    const matches = ENDPOINT_NAMES.filter((n) => n === selector || n.startsWith(`${selector}-`));
    if (matches.length === 0) {
      throw new UsageError(
        `--only: no endpoint '${selector}'; endpoints: ${ENDPOINT_NAMES.join(', ')}`,
      );
    }
    for (const name of matches) selected.add(name);
  }
  return selected;
}

const get = (path: string, headers?: Record<string, string>): BenchRequest => ({
  method: 'GET',
  path,
  ...(headers ? { headers } : {}),
});
const query = (params: Record<string, string | number>) =>
  new URLSearchParams(
    Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();
const listPath = (page: number, limit: number, sort: string, genre?: Genre) =>
  `/api/stories?${query({ page, limit, sort, ...(genre ? { genre } : {}) })}`;
const authorsPath = (page: number) =>
  `/api/users/authors?${query({ page, limit: AUTHORS_PAGE_SIZE })}`;
const searchPath = (q: string, genre?: Genre) =>
  `/api/stories/search?${query({ q, ...(genre ? { genre } : {}), page: 1, limit: PAGE_SIZE })}`;
const progressPath = (c: SampledChapter) =>
  `/api/chapters/${c.id}/progress?${query({ story_id: c.storyId })}`;

/** Every genre, and no genre (all stories). */
const GENRES_AND_ALL: readonly (Genre | undefined)[] = [...GENRES, undefined];

/**
 * How many pages of Discover's size each genre (and no genre: `undefined`) has, counting only
 * pages within the result window: the deepest page a reader can open.
 */
async function pageCounts(origin: string): Promise<Map<Genre | undefined, number>> {
  const windowPages = Math.ceil(DISCOVERY.resultWindow / PAGE_SIZE);
  const pages = new Map<Genre | undefined, number>();
  for (const genre of GENRES_AND_ALL) {
    const { total } = await getData<{ total: number }>(
      origin,
      get(listPath(1, 1, 'latest', genre)),
    );
    pages.set(genre, Math.max(1, Math.min(windowPages, Math.ceil(total / PAGE_SIZE))));
  }
  return pages;
}

/** Each genre's pages 1..min(most, pages it has), all of them shuffled by `seed`. */
function spreadPages<T>(
  counts: Map<Genre | undefined, number>,
  genres: readonly (Genre | undefined)[],
  most: number,
  seed: number,
  request: (genre: Genre | undefined, page: number) => T,
): T[] {
  const all = genres.flatMap((genre) =>
    Array.from({ length: Math.min(most, counts.get(genre) ?? 1) }, (_, i) => request(genre, i + 1)),
  );
  return new Random(seed).shuffle(all);
}

/** The author directory's deepest page a reader can open: its last, within the result window. */
async function deepestAuthorsPage(origin: string): Promise<number> {
  const { total } = await getData<{ total: number }>(
    origin,
    get(`/api/users/authors?${query({ page: 1, limit: 1 })}`),
  );
  const windowPages = Math.ceil(DISCOVERY.resultWindow / AUTHORS_PAGE_SIZE);
  return Math.max(1, Math.min(windowPages, Math.ceil(total / AUTHORS_PAGE_SIZE)));
}

/**
 * A signed-in reader's session, by weight: mostly reads, with progress, likes, saves and an
 * author saving their own chapter. Each request is sent as a random one of the writers.
 */
function mixedRequests(sample: Sample, count: number): BenchRequest[] {
  const random = new Random(99);
  const words = SEARCHES.flatMap(([, key]) => sample.words[key]);
  const story = () => random.pick(sample.stories);
  const chapter = () => random.pick(sample.chapters);
  type Op = (w: Writer) => [Method, string, string?];
  const ops: [number, Op][] = [
    [25, () => ['GET', `/api/stories/${story()}`]],
    [20, () => ['GET', `/api/chapters/${chapter().id}`]],
    [5, () => ['GET', `/api/chapters/by-story/${story()}`]],
    [10, () => ['GET', listPath(1, PAGE_SIZE, random.pick(LIST_SORTS), random.pick(GENRES))]],
    [5, () => ['GET', searchPath(random.pick(words))]],
    [4, () => ['GET', `/api/library?${query({ page: 1, limit: PAGE_SIZE })}`]],
    [1, () => ['GET', '/api/users/me/sessions']],
    [10, () => ['POST', progressPath(chapter())]],
    [4, () => ['POST', `/api/stories/${story()}/like`]],
    [3, () => ['DELETE', `/api/stories/${story()}/like`]],
    [4, () => ['POST', `/api/library/${story()}`]],
    [3, () => ['DELETE', `/api/library/${story()}`]],
    [
      6,
      (w) => [
        'PATCH',
        `/api/chapters/${w.chapter.id}`,
        JSON.stringify({ title: w.title, content: w.content }),
      ],
    ],
  ];
  return Array.from({ length: count }, () => {
    const writer = random.pick(sample.writers);
    const [method, path, body] = random.weighted(ops)(writer);
    const auth = { authorization: `Bearer ${writer.token}` };
    return body === undefined
      ? { method, path, headers: auth }
      : { method, path, headers: { ...auth, 'content-type': 'application/json' }, body };
  });
}

/** The endpoints named in `selected`, with their requests built from the sample. */
export async function buildEndpoints(
  origin: string,
  sample: Sample,
  selected: Set<string>,
): Promise<Endpoint[]> {
  const endpoints: Endpoint[] = [];
  const add = (
    name: string,
    kind: EndpointKind,
    description: string,
    requests: () => BenchRequest[],
  ) => {
    if (selected.has(name)) endpoints.push({ name, kind, description, requests: requests() });
  };
  add('home', 'list', "GET /api/home, the home page's sections (its one call)", () => [
    get('/api/home'),
  ]);
  const needCounts =
    selected.has('page-discover') ||
    LIST_SORTS.some(
      (sort) => selected.has(`list-${sort}-deep`) || selected.has(`list-${sort}-pages`),
    );
  const counts = needCounts ? await pageCounts(origin) : new Map<Genre | undefined, number>();
  const window = DISCOVERY.resultWindow.toLocaleString('en-US');
  LIST_SORTS.forEach((sort, i) => {
    add(
      `list-${sort}-p1`,
      'list',
      `GET /api/stories, sort=${sort}, page 1 of ${PAGE_SIZE}, each genre in turn`,
      () => GENRES.map((genre) => get(listPath(1, PAGE_SIZE, sort, genre))),
    );
    const deepest = Math.max(0, ...GENRES.map((genre) => counts.get(genre) ?? 0));
    add(
      `list-${sort}-deep`,
      'list',
      `GET /api/stories, sort=${sort}, each genre's last page within the ${window}-item window (deepest: ${deepest})`,
      () => GENRES.map((genre) => get(listPath(counts.get(genre) ?? 1, PAGE_SIZE, sort, genre))),
    );
    add(
      `list-${sort}-pages`,
      'list',
      `GET /api/stories, sort=${sort}, pages 1–${LIST_PAGES} (as far as they go within the ${window}-item window) of each genre and of all stories, in a fixed shuffled order`,
      () =>
        spreadPages(counts, GENRES_AND_ALL, LIST_PAGES, 31 + i, (genre, page) =>
          get(listPath(page, PAGE_SIZE, sort, genre)),
        ),
    );
  });
  add(
    'authors-p1',
    'list',
    `GET /api/users/authors?page=1&limit=${AUTHORS_PAGE_SIZE}, the author directory's first page`,
    () => [get(authorsPath(1))],
  );
  const authorsDeep = selected.has('authors-deep') ? await deepestAuthorsPage(origin) : 1;
  add(
    'authors-deep',
    'list',
    `GET /api/users/authors, its last page within the ${DISCOVERY.resultWindow.toLocaleString('en-US')}-item window (page ${authorsDeep})`,
    () => [get(authorsPath(authorsDeep))],
  );
  const { words } = sample;
  const n = (count: number) => count.toLocaleString('en-US');
  for (const [kind, key, what] of SEARCHES) {
    const queries = words[key];
    if (selected.has(`search-${kind}`) && queries.length === 0) {
      throw new Error(`search-${kind}: the sampled stories give no such query`);
    }
    const seen = words.counts[key];
    const times =
      seen.length > 0 ? `, seen ${n(Math.min(...seen))}–${n(Math.max(...seen))} times` : '';
    const shown = queries.slice(0, 4).map((w) => `'${w}'`);
    const more = queries.length > shown.length ? ', …' : '';
    add(
      `search-${kind}`,
      'search',
      `GET /api/stories/search?q=…&page=1&limit=${PAGE_SIZE}, ${queries.length} ${what}: ${shown.join(', ')}${more} (from ${n(words.texts)} sampled stories${times})`,
      () => queries.map((q) => get(searchPath(q))),
    );
  }
  if (selected.has('search-genre') && words.common.length === 0) {
    throw new Error('search-genre: the sampled stories give no common words');
  }
  add(
    'search-genre',
    'search',
    `GET /api/stories/search?q=…&genre=…&page=1&limit=${PAGE_SIZE}, the ${words.common.length} words of search-common each in one of the ${GENRES.length} genres, in turn`,
    () => words.common.map((q, i) => get(searchPath(q, GENRES[i % GENRES.length]))),
  );
  for (const [kind, key, what] of CHAPTER_SEARCHES) {
    const queries = sample.chapterQueries[key];
    if (selected.has(`text-search-${kind}`) && queries.length === 0) {
      throw new Error(`text-search-${kind}: the sampled chapters give no such query`);
    }
    const seen = sample.chapterQueries.counts[key];
    const times =
      seen.length > 0 ? `, seen ${n(Math.min(...seen))}–${n(Math.max(...seen))} times there` : '';
    const shown = queries.slice(0, 3).map((w) => `'${w}'`);
    add(
      `text-search-${kind}`,
      'search',
      `GET /api/search/chapters?q=…&page=1&limit=${CHAPTER_TEXT_PAGE_SIZE}, ${queries.length} ${what}: ${shown.join(', ')}, … (from up to 300 sampled chapters${times})`,
      () => chapterSearchRequests(queries),
    );
  }
  const stories = sample.stories;
  const chapters = sample.chapters;
  add('story-detail', 'detail', `GET /api/stories/{id}, ${stories.length} stories`, () =>
    stories.map((id) => get(`/api/stories/${id}`)),
  );
  add(
    'story-contents',
    'read',
    `GET /api/stories/{id}/chapters?published_only=true (the story page's table of contents), ${stories.length} stories`,
    () => stories.map((id) => get(`/api/stories/${id}/chapters?published_only=true`)),
  );
  add(
    'chapters-by-story',
    'read',
    `GET /api/chapters/by-story/{id}, ${stories.length} stories`,
    () => stories.map((id) => get(`/api/chapters/by-story/${id}`)),
  );
  add('chapter', 'read', `GET /api/chapters/{id}, ${chapters.length} chapters`, () =>
    chapters.map((c) => get(`/api/chapters/${c.id}`)),
  );
  const { series } = sample;
  for (const name of SERIES)
    if (selected.has(`series-${name}`) && series.ids.length === 0)
      throw new Error(
        `series-${name}: the library has no series (seeded before issue 22): seed it again without --reuse`,
      );
  add(
    'series-page',
    'detail',
    `GET /api/series/{id} (the series page: its parts a visitor may see, as cards), ${series.ids.length} series`,
    () => series.ids.map((id) => get(`/api/series/${id}`)),
  );
  add(
    'series-story-detail',
    'detail',
    `GET /api/stories/{id} of stories that are parts of a series (with their part and neighbours), ${series.stories.length} stories`,
    () => series.stories.map((id) => get(`/api/stories/${id}`)),
  );
  const lists = sample.readingLists;
  for (const name of LISTS)
    if (selected.has(`lists-${name}`) && lists.ids.length === 0)
      throw new Error(
        `lists-${name}: the library has no public reading lists (seeded before issue 23): seed it again without --reuse`,
      );
  add(
    'lists-page',
    'detail',
    `GET /api/lists/{id} then GET /api/lists/{id}/stories?page=1&limit=${LIST_PAGE_SIZE} (a visitor opening a list's page), ${describeLists(lists)}`,
    () => listPageRequests(lists),
  );
  add(
    'lists-user',
    'list',
    `GET /api/users/{id}/lists (a profile's public lists, as a visitor), ${lists.owners.length} owners`,
    () => userListsRequests(lists),
  );
  add(
    'lists-menu',
    'notifications',
    `GET /api/users/me/lists?story_id={id} (the Add to list menu), signed in as ${lists.menus.length} owners of lists, each with a token of their own`,
    () => menuRequests(lists),
  );
  const commented = sample.commentChapters;
  const mix = THREAD_MIX.map(
    ([weight, t]) => `${weight}% ${t.onParagraph ? 'a paragraph' : 'the chapter'} ${t.sort}`,
  ).join(', ');
  add(
    'comments-thread',
    'comments',
    `GET /api/chapters/{id}/comments?page=1&limit=${COMMENTS_PAGE_SIZE}&sort=…[&paragraph=N], the first page of a thread (${mix}; a paragraph with comments where there is one), ${describeChapters(commented)}`,
    () => threadRequests(commented),
  );
  add(
    'comments-counts',
    'comments',
    `GET /api/chapters/{id}/comment-counts (the reader's paragraph counts), ${describeChapters(commented)}`,
    () => countsRequests(commented),
  );
  const notified = sample.notifiedUsers;
  add(
    'notifications-unread',
    'notifications',
    `GET /api/notifications/unread-count (the bell), signed in as ${describeUsers(notified)}`,
    () => unreadRequests(notified),
  );
  add(
    'notifications-page',
    'notifications',
    `GET /api/notifications?page=1&limit=${NOTIFICATIONS_PAGE_SIZE} (the /notifications page), signed in as ${describeUsers(notified)}`,
    () => pageRequests(notified),
  );
  const trashUsers = sample.trashUsers;
  add(
    'trash-list',
    'notifications',
    `GET /api/users/me/recently-deleted?page=1&limit=${TRASH_PAGE_SIZE} (the author's Recently deleted, issue 22), signed in as ${describeTrashUsers(trashUsers)}`,
    () => trashRequests(trashUsers),
  );
  const takeAlong = sample.takeAlong;
  add(
    'take-along-epub',
    'take-along',
    `GET /api/stories/{id}/download?format=epub (a visitor's EPUB book, built on each request), ${takeAlong.length} public General/Teen stories`,
    () => epubRequests(takeAlong),
  );
  add(
    'take-along-feed',
    'take-along',
    `GET /api/stories/{id}/feed.atom (a story's Atom feed of new chapters), ${takeAlong.length} public General/Teen stories`,
    () => feedRequests(takeAlong),
  );
  if (selected.has('take-along-sitemap')) {
    const sitemaps = await sitemapRequests(origin);
    add(
      'take-along-sitemap',
      'take-along',
      `GET /sitemaps/stories-N.xml (up to 50,000 story and chapter URLs each, streamed), all ${sitemaps.length} of them in turn`,
      () => sitemaps,
    );
  }
  const revisionChapters = sample.revisionChapters;
  add(
    'revisions-list',
    'revisions',
    `GET /api/chapters/{id}/revisions?page=1&limit=${REVISIONS_PAGE_SIZE} (the editor's History panel), ${describeRevisionChapters(revisionChapters)}`,
    () => revisionListRequests(revisionChapters),
  );
  const hiding = sample.hidingUsers;
  const hidingWords = SEARCHES.flatMap(([, key]) => sample.words[key]);
  add(
    'hiding-list',
    'list',
    `GET /api/stories?page=1&limit=${PAGE_SIZE}&sort=…&genre=… (sorts and genres in turn), signed in as ${describeHidingUsers(hiding)}`,
    () =>
      asHidingUsers(hiding, (i) =>
        listPath(
          1,
          PAGE_SIZE,
          LIST_SORTS[i % LIST_SORTS.length]!,
          GENRES_AND_ALL[i % GENRES_AND_ALL.length],
        ),
      ),
  );
  add(
    'hiding-search',
    'search',
    `GET /api/stories/search?q=… (the search words of every kind in turn), signed in as ${describeHidingUsers(hiding)}`,
    () => asHidingUsers(hiding, (i) => searchPath(hidingWords[i % hidingWords.length]!)),
  );
  add(
    'hiding-thread',
    'comments',
    `GET /api/chapters/{id}/comments?page=1&limit=${COMMENTS_PAGE_SIZE}&sort=… of the comment endpoints' chapters, signed in as ${describeHidingUsers(hiding)}`,
    () => {
      const threads = threadRequests(commented);
      return asHidingUsers(hiding, (i) => threads[i % threads.length]!.path);
    },
  );
  add(
    'staff-queue',
    'staff',
    `GET /api/admin/reports?status=open&page=…&limit=${STAFF_PAGE_SIZE} (the moderation queue's first pages), ${describeStaff(sample.staff)}`,
    () => queueRequests(sample.staff),
  );
  add(
    'staff-audit',
    'staff',
    `GET /api/admin/audit?page=…&limit=${STAFF_PAGE_SIZE} (the audit log's first pages), ${describeStaff(sample.staff)}`,
    () => auditRequests(sample.staff),
  );
  add(
    'list-rated-p1',
    'list',
    `GET /api/stories?page=1&limit=${PAGE_SIZE}&sort=…&genre=…&rating=general,teen (what a visitor sees, asked for by rating), every sort and genre`,
    () =>
      GENRES_AND_ALL.flatMap((genre) =>
        LIST_SORTS.map((sort) => get(`${listPath(1, PAGE_SIZE, sort, genre)}&rating=general,teen`)),
      ),
  );
  const filterTags = sample.filterTags;
  if (filterTags) {
    const tags = describeFilterTags(filterTags);
    add(
      'filter-tag',
      'list',
      `GET /api/stories?page=1&limit=${PAGE_SIZE}&sort=…&tags=… (one tag, every sort), ${tags}`,
      () => includeTagRequests(filterTags, PAGE_SIZE),
    );
    add(
      'filter-exclude',
      'list',
      `GET /api/stories?page=1&limit=${PAGE_SIZE}&sort=…&exclude_tags=… (one or two of the most used tags, every sort)`,
      () => excludeTagRequests(filterTags, PAGE_SIZE),
    );
    add(
      'filter-combo',
      'list',
      `GET /api/stories?page=1&limit=${PAGE_SIZE}&sort=…&rating=…&status=…&words_min=…&words_max=… (four word ranges of the library's; alone, and with language, an included and an excluded tag)`,
      () => comboRequests(filterTags, PAGE_SIZE),
    );
  }
  const statsStory = sample.statsStory;
  add(
    'story-stats',
    'stats',
    `GET /api/stories/{id}/stats?days=7|30|365 in turn, as its author, of the most read story (${(statsStory?.reads ?? 0).toLocaleString('en-US')} reads)`,
    () => statsRequests(statsStory),
  );
  add('page-home', 'page', 'GET / (HTML, brotli), the home page', () => [get('/', BROWSER)]);
  add(
    'page-discover',
    'page',
    `GET /stories?genre=…&page=… (HTML, brotli), Discover's pages 1–${DISCOVER_PAGES} (as far as they go) of each genre, in a fixed shuffled order`,
    () =>
      spreadPages(counts, GENRES, DISCOVER_PAGES, 41, (genre, page) =>
        get(`/stories?${query({ genre: genre!, ...(page > 1 ? { page } : {}) })}`, BROWSER),
      ),
  );
  add('page-story', 'page', `GET /stories/{id} (HTML, brotli), ${stories.length} stories`, () =>
    stories.map((id) => get(`/stories/${id}`, BROWSER)),
  );
  add(
    'page-reader',
    'page',
    `GET /stories/{id}/read?chapter=1 (HTML, brotli), ${stories.length} stories`,
    () => stories.map((id) => get(`/stories/${id}/read?chapter=1`, BROWSER)),
  );
  add(
    'progress',
    'write',
    `POST /api/chapters/{id}/progress?story_id=, ${chapters.length} chapters, a new visitor each time (every call counts a read)`,
    () =>
      chapters.map((c) => ({
        method: 'POST',
        path: progressPath(c),
        newVisitor: true,
      })),
  );
  add(
    'mixed',
    'mixed',
    `${sample.writers.length} signed-in users: 70% reads (story, chapter, lists, search, library, sessions), 10% progress, 14% like/unlike/save/unsave, 6% chapter saves`,
    () => mixedRequests(sample, 2000),
  );
  return endpoints;
}
