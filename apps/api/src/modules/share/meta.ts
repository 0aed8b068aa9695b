import {
  FEED_PATHS,
  isMatureRating,
  PRODUCT_NAME,
  resolveSettings,
  TAKE_ALONG_MESSAGES,
} from '@storyloom/shared';
import type { Config } from '../../config.js';
import type { Db } from '../../db/index.js';
import { isUuid } from '../../lib/ids.js';
import { canRead } from '../stories/policy.js';
import { accessOf } from '../users/privacy.js';
import { parseStoredSettings } from '../users/settings-repo.js';
import { profileCard, storyCard } from './repo.js';

/**
 * Link previews (docs/decisions/011-share-previews.md): when /stories/{id}, /profile/{username}
 * or /users/{username} is requested as a page, the SPA's index.html goes out with that story's
 * or profile's title, description and image in <title>, Open Graph and Twitter tags, so a shared
 * link unfurls properly in chat apps and social sites, which do not run scripts.
 */
export interface PageMeta {
  title: string;
  description: string;
  /** Absolute canonical address of the page. */
  url: string;
  /** Absolute image address, or null for none. */
  image: string | null;
  imageAlt: string;
  type: 'article' | 'profile';
  /** `profile:username` for profiles. */
  username?: string;
  /** The page's Atom feed, for `<link rel="alternate">` (docs/decisions/034-take-along.md). */
  feed?: { title: string; href: string };
}

type SharePath = { kind: 'story'; id: string } | { kind: 'profile'; name: string };

const STORY_PATH = /^\/stories\/([^/]+)\/?$/;
const PROFILE_PATH = /^\/(?:profile|users)\/([^/]+)\/?$/;
const DESCRIPTION_MAX = 200;

function decode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** The story or profile a page URL (path and query) names, or null for every other page. */
export function sharePathOf(url: string): SharePath | null {
  const path = url.split(/[?#]/, 1)[0] ?? '';
  const story = STORY_PATH.exec(path);
  if (story) {
    const id = decode(story[1]!);
    return id && isUuid(id) ? { kind: 'story', id: id.toLowerCase() } : null;
  }
  const profile = PROFILE_PATH.exec(path);
  if (profile) {
    const name = decode(profile[1]!);
    return name && name.length <= 100 ? { kind: 'profile', name } : null;
  }
  return null;
}

/** Text for an HTML attribute value or element: the five significant characters escaped. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** One line of at most DESCRIPTION_MAX characters, cut at a word with an ellipsis. */
export function summarize(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= DESCRIPTION_MAX) return line;
  const cut = line.slice(0, DESCRIPTION_MAX - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > DESCRIPTION_MAX / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** The tags that replace index.html's default <title> and description. */
export function metaTags(meta: PageMeta): string {
  const e = escapeHtml;
  const lines = [
    `<title>${e(`${meta.title} — ${PRODUCT_NAME}`)}</title>`,
    `<meta name="description" content="${e(meta.description)}" />`,
    `<link rel="canonical" href="${e(meta.url)}" />`,
    `<meta property="og:site_name" content="${e(PRODUCT_NAME)}" />`,
    `<meta property="og:type" content="${meta.type}" />`,
    `<meta property="og:title" content="${e(meta.title)}" />`,
    `<meta property="og:description" content="${e(meta.description)}" />`,
    `<meta property="og:url" content="${e(meta.url)}" />`,
    // Covers are portrait and avatars square: the small card shows them whole.
    `<meta name="twitter:card" content="summary" />`,
    `<meta name="twitter:title" content="${e(meta.title)}" />`,
    `<meta name="twitter:description" content="${e(meta.description)}" />`,
  ];
  if (meta.image) {
    lines.push(
      `<meta property="og:image" content="${e(meta.image)}" />`,
      `<meta property="og:image:alt" content="${e(meta.imageAlt)}" />`,
      `<meta name="twitter:image" content="${e(meta.image)}" />`,
      `<meta name="twitter:image:alt" content="${e(meta.imageAlt)}" />`,
    );
  }
  if (meta.username) {
    lines.push(`<meta property="profile:username" content="${e(meta.username)}" />`);
  }
  if (meta.feed) {
    lines.push(
      `<link rel="alternate" type="application/atom+xml" title="${e(meta.feed.title)}" href="${e(meta.feed.href)}" />`,
    );
  }
  return lines.join('\n    ');
}

const TITLE = /<title>[\s\S]*?<\/title>/i;
const DESCRIPTION = /\s*<meta\s+name="description"[^>]*>/i;

/** index.html with its default title and description replaced by the page's tags. */
export function renderIndex(indexHtml: string, meta: PageMeta): string {
  const tags = metaTags(meta);
  const withoutDescription = indexHtml.replace(DESCRIPTION, '');
  return TITLE.test(withoutDescription)
    ? withoutDescription.replace(TITLE, () => tags)
    : withoutDescription.replace('</head>', () => `  ${tags}\n  </head>`);
}

/**
 * Resolves a page URL to its preview, or null for pages without one: any other path, a story
 * that is private or unknown, a profile whose owner does not show it to everyone. One indexed
 * lookup per story or profile page; no query at all for other pages.
 */
export function createPageMeta({ db, config }: { db: Db; config: Pick<Config, 'publicUrl'> }) {
  const base = config.publicUrl.replace(/\/+$/, '');
  const absolute = (url: string | null): string | null =>
    url ? new URL(url, `${base}/`).href : null;

  return async function pageMeta(url: string): Promise<PageMeta | null> {
    const target = sharePathOf(url);
    if (!target) return null;

    if (target.kind === 'story') {
      const story = await storyCard(db.kysely, target.id);
      // What every visitor may read: a signed-out viewer in the read policy.
      if (!story || !canRead(null, story)) return null;
      return {
        title: story.title,
        description:
          summarize(story.description) ||
          `A ${story.genre} story by ${story.username} on ${PRODUCT_NAME}.`,
        url: `${base}/stories/${story.id}`,
        image: absolute(story.cover_image),
        imageAlt: `Cover of ${story.title}`,
        type: 'article',
        // A Mature or Explicit story has no public feed (feed readers are visitors).
        ...(isMatureRating(story.rating)
          ? {}
          : {
              feed: {
                title: TAKE_ALONG_MESSAGES.storyFeedTitle(story.title),
                href: `${base}${FEED_PATHS.story(story.id)}`,
              },
            }),
      };
    }

    const user = await profileCard(
      db.kysely,
      isUuid(target.name) ? { id: target.name.toLowerCase() } : { username: target.name },
    );
    if (!user) return null;
    // Shown to everyone: what the privacy rule lets a signed-out visitor see in full.
    const settings = resolveSettings(parseStoredSettings(user.settings));
    if (!accessOf(null, user.id, settings, false).full) return null;
    return {
      title: user.username,
      description: summarize(user.bio ?? '') || `Stories by ${user.username} on ${PRODUCT_NAME}.`,
      url: `${base}/profile/${encodeURIComponent(user.username)}`,
      image: absolute(user.profile_pic),
      imageAlt: user.username,
      type: 'profile',
      username: user.username,
      feed: {
        title: TAKE_ALONG_MESSAGES.authorFeedTitle(user.username),
        href: `${base}${FEED_PATHS.author(user.username)}`,
      },
    };
  };
}
export type PageMetaResolver = ReturnType<typeof createPageMeta>;
