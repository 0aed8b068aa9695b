import {
  FEED_ENTRIES,
  FEED_PATHS,
  isMatureRating,
  PRODUCT_NAME,
  TAKE_ALONG_MESSAGES,
  textOfHtml,
} from '@storyloom/shared';
import type { Db } from '../../db/index.js';
import type { StoryRow } from '../../db/types.js';
import { AppError, notFound } from '../../lib/errors.js';
import { listChapters } from '../chapters/repo.js';
import type { CoverStore } from '../media/covers.js';
import { summarize } from '../share/meta.js';
import { isAuthor } from '../stories/policy.js';
import { listedRatings } from '../stories/ratings.js';
import { tagsOf, usernamesOf } from '../stories/repo.js';
import { type AtomEntry, atomXml } from './atom.js';
import { type Book, epubOf, fileStem, htmlOf } from './book.js';
import { latestChapters, latestStories, latestStoriesOf, publicAuthor } from './repo.js';

type Viewer = { id: string } | null;

/** A Mature or Explicit story asked for by someone whose lists do not show it. */
export const matureRefused = (message: string = TAKE_ALONG_MESSAGES.matureDownload) =>
  new AppError(403, 'mature_content', message);

/** What a download is: its bytes, type and file name. */
export interface Download {
  body: Buffer | string;
  contentType: string;
  filename: string;
}

/**
 * Downloads and feeds (docs/decisions/034-take-along.md). The routes ask the read policy
 * first; this adds the rating rule and builds the files.
 */
export function createTakeAlongService({
  db,
  covers,
  publicUrl,
}: {
  db: Db;
  covers: CoverStore;
  publicUrl: string;
}) {
  const base = publicUrl.replace(/\/+$/, '');
  const k = db.kysely;
  const storyUrl = (id: string) => `${base}/stories/${id}`;
  const profileUrl = (username: string) => `${base}/profile/${encodeURIComponent(username)}`;

  /**
   * Mature and Explicit stories go to those whose lists show them (signed in, Show mature
   * content on) and to their author: the rule of the story page's notice, without a Continue.
   */
  async function assertMayTake(viewer: Viewer, story: StoryRow): Promise<void> {
    if (!isMatureRating(story.rating) || isAuthor(viewer, story)) return;
    if (!(await listedRatings(k, viewer)).includes(story.rating)) throw matureRefused();
  }

  async function coverOf(story: StoryRow): Promise<Book['cover']> {
    if (!story.cover_image) return null;
    const bytes = await covers.read(story.cover_image);
    // Covers are stored as WebP (media/images.ts), a core media type of EPUB 3.3.
    return bytes ? { bytes, mediaType: 'image/webp', extension: 'webp' } : null;
  }

  async function bookOf(story: StoryRow): Promise<Book> {
    const [chapters, tags, names, cover] = await Promise.all([
      listChapters(k, story.id, true),
      tagsOf(k, [story.id]),
      usernamesOf(k, [story.author_id]),
      coverOf(story),
    ]);
    return {
      id: story.id,
      title: story.title,
      description: story.description,
      author: names.get(story.author_id) ?? PRODUCT_NAME,
      language: story.language,
      genre: story.genre,
      tags: tags.get(story.id) ?? [],
      rating: story.rating,
      copyright: story.copyright,
      completionStatus: story.completion_status,
      publishedAt: story.published_at,
      updatedAt: story.updated_at,
      url: storyUrl(story.id),
      cover,
      chapters: chapters.map((c) => ({ title: c.title, html: c.content })),
    };
  }

  return {
    assertMayTake,

    /** The story's published chapters as an EPUB 3 book or one HTML page. */
    async download(story: StoryRow, format: 'epub' | 'html'): Promise<Download> {
      const book = await bookOf(story);
      const stem = fileStem(story.title);
      return format === 'epub'
        ? {
            body: Buffer.from(epubOf(book)),
            contentType: 'application/epub+zip',
            filename: `${stem}.epub`,
          }
        : { body: htmlOf(book), contentType: 'text/html; charset=utf-8', filename: `${stem}.html` };
    },

    /** The site's newest listed stories. */
    async siteFeed(): Promise<string> {
      const stories = await latestStories(k, FEED_ENTRIES);
      return atomXml({
        id: `tag:${new URL(base).host},2026:feed`,
        title: TAKE_ALONG_MESSAGES.siteFeedTitle(PRODUCT_NAME),
        self: `${base}${FEED_PATHS.site}`,
        alternate: `${base}/`,
        updatedWhenEmpty: '2026-01-01T00:00:00.000Z',
        author: { name: PRODUCT_NAME, uri: `${base}/` },
        generator: PRODUCT_NAME,
        entries: stories.map((s) => storyEntry(s, s.username)),
      });
    },

    /** A story's newest published chapters; a story a visitor may not list has no feed. */
    async storyFeed(story: StoryRow): Promise<string> {
      if (isMatureRating(story.rating)) throw matureRefused(TAKE_ALONG_MESSAGES.matureFeed);
      const [chapters, names] = await Promise.all([
        latestChapters(k, { storyId: story.id }, FEED_ENTRIES),
        usernamesOf(k, [story.author_id]),
      ]);
      const author = names.get(story.author_id) ?? PRODUCT_NAME;
      return atomXml({
        id: story.id,
        title: TAKE_ALONG_MESSAGES.storyFeedTitle(story.title),
        ...(story.description ? { subtitle: summarize(story.description) } : {}),
        self: `${base}${FEED_PATHS.story(story.id)}`,
        alternate: storyUrl(story.id),
        updatedWhenEmpty: story.published_at ?? story.created_at,
        author: { name: author, uri: profileUrl(author) },
        generator: PRODUCT_NAME,
        entries: chapters.map((c) => chapterEntry(c, author)),
      });
    },

    /** An author's newest listed stories and chapters, together, newest first. */
    async authorFeed(username: string): Promise<string> {
      const user = await publicAuthor(k, username);
      if (!user) throw notFound(TAKE_ALONG_MESSAGES.authorFeedMissing);
      const [stories, chapters] = await Promise.all([
        latestStoriesOf(k, user.id, FEED_ENTRIES),
        latestChapters(k, { authorId: user.id }, FEED_ENTRIES),
      ]);
      const entries = [
        ...stories.map((s) => storyEntry(s, user.username)),
        ...chapters.map((c) => chapterEntry(c, user.username)),
      ]
        .sort((a, b) => (a.published < b.published ? 1 : a.published > b.published ? -1 : 0))
        .slice(0, FEED_ENTRIES);
      return atomXml({
        id: user.id,
        title: TAKE_ALONG_MESSAGES.authorFeedTitle(user.username),
        ...(user.bio ? { subtitle: summarize(user.bio) } : {}),
        self: `${base}${FEED_PATHS.author(user.username)}`,
        alternate: profileUrl(user.username),
        updatedWhenEmpty: user.created_at,
        author: { name: user.username, uri: profileUrl(user.username) },
        generator: PRODUCT_NAME,
        entries,
      });
    },
  };

  function storyEntry(
    s: Awaited<ReturnType<typeof latestStoriesOf>>[number],
    author: string,
  ): AtomEntry {
    const published = s.published_at ?? s.updated_at;
    return {
      id: s.id,
      title: s.title,
      link: storyUrl(s.id),
      published,
      updated: s.updated_at > published ? s.updated_at : published,
      author,
      authorUri: profileUrl(author),
      summary: summarize(s.description) || `A ${s.genre} story by ${author}.`,
    };
  }

  function chapterEntry(
    c: Awaited<ReturnType<typeof latestChapters>>[number],
    author: string,
  ): AtomEntry {
    const published = c.published_at ?? c.updated_at;
    return {
      id: c.id,
      title: `${c.story_title}: ${c.title}`,
      link: `${storyUrl(c.story_id)}/read?chapter=${Number(c.number)}`,
      published,
      updated: c.updated_at > published ? c.updated_at : published,
      author,
      authorUri: profileUrl(author),
      summary: summarize(textOfHtml(c.opening)),
    };
  }
}
export type TakeAlongService = ReturnType<typeof createTakeAlongService>;
