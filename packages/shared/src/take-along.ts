/**
 * Take along (issue 23): a story as a file, Atom feeds and the sitemaps
 * (docs/decisions/034-take-along.md). Paths and formats both sides agree on.
 */
export const DOWNLOAD_FORMATS = ['epub', 'html'] as const;
export type DownloadFormat = (typeof DOWNLOAD_FORMATS)[number];

/** Where the Atom feeds live (under /api, so robots.txt allows exactly these). */
export const FEED_PATHS = {
  site: '/api/feed.atom',
  story: (storyId: string) => `/api/stories/${encodeURIComponent(storyId)}/feed.atom`,
  author: (username: string) => `/api/users/${encodeURIComponent(username)}/feed.atom`,
} as const;

/** Entries in one feed. */
export const FEED_ENTRIES = 20;
/** URLs in one sitemap (the protocol's limit). */
export const SITEMAP_URLS = 50_000;

export const TAKE_ALONG_MESSAGES = {
  download: 'Download',
  downloadEpub: 'EPUB (e-readers)',
  downloadHtml: 'HTML (one web page)',
  downloading: 'Preparing your download…',
  downloadFailed: 'Could not download this story. Please try again.',
  /** A visitor, or a reader without Show mature content, asking for a Mature/Explicit story. */
  matureDownload: 'Sign in and turn on Show mature content in Settings to download this story',
  matureFeed: 'This story is rated Mature: it has no public feed',
  authorFeedMissing: 'No public feed for this author',
  siteFeedTitle: (product: string) => `${product}: the latest stories`,
  storyFeedTitle: (title: string) => `${title}: new chapters`,
  authorFeedTitle: (username: string) => `${username}: new stories and chapters`,
} as const;
