/** Product-wide constants. Limits are named here and used by the database layer, the API and the inputs alike. */

export const PRODUCT_NAME = 'Storyloom';
export const PRODUCT_TAGLINE = 'Stories worth staying up for';

/** The genres a story can have, in the story form's order. */
export const GENRES = [
  'Romance',
  'Fantasy',
  'Mystery',
  'Sci-Fi',
  'Horror',
  'Adventure',
  'Drama',
  'Comedy',
  'Thriller',
  'Historical',
  'Young Adult',
  'Literary Fiction',
  'Poetry',
  'Non-Fiction',
] as const;
export type Genre = (typeof GENRES)[number];

/** The 12 genres the top bar's Browse menu lists. */
export const BROWSE_GENRES = [
  'Romance',
  'Fantasy',
  'Mystery',
  'Sci-Fi',
  'Horror',
  'Adventure',
  'Drama',
  'Comedy',
  'Thriller',
  'Historical',
  'Poetry',
  'Non-Fiction',
] as const satisfies readonly Genre[];

/** Genres shown in the mobile menu (the first six). */
export const MOBILE_MENU_GENRE_COUNT = 6;

/** The Discover page's genre filter (after "All"). */
export const DISCOVER_GENRES = [
  'Romance',
  'Fantasy',
  'Mystery',
  'Sci-Fi',
  'Horror',
  'Adventure',
  'Drama',
  'Comedy',
  'Thriller',
  'Historical',
] as const satisfies readonly Genre[];

export const STORY_SORTS = ['latest', 'popular', 'trending'] as const;
export type StorySort = (typeof STORY_SORTS)[number];

export const VISIBILITIES = ['public', 'private'] as const;
export type Visibility = (typeof VISIBILITIES)[number];

export const COMPLETION_STATUSES = ['ongoing', 'completed'] as const;
export type CompletionStatus = (typeof COMPLETION_STATUSES)[number];
/** How a completion status reads on screen. */
export const COMPLETION_STATUS_LABELS: Record<CompletionStatus, string> = {
  ongoing: 'Ongoing',
  completed: 'Completed',
};
export const STORY_LANGUAGES = [
  'English',
  'Spanish',
  'French',
  'German',
  'Italian',
  'Portuguese',
  'Other',
] as const;
export const COPYRIGHTS = ['All Rights Reserved', 'Creative Commons', 'Public Domain'] as const;

export const LIMITS = {
  usernameMin: 3,
  usernameMax: 30,
  emailMax: 254,
  passwordMin: 8,
  loginPasswordMin: 6,
  passwordMax: 256,
  bioMax: 160,
  bioWarnAbove: 140,
  titleMax: 200,
  descriptionMax: 2000,
  tagMax: 30,
  tagsPerStory: 10,
  chapterTitleMax: 200,
  chapterContentMax: 500_000,
  chaptersPerStory: 500,
  /** How far ahead a chapter may be scheduled to publish. */
  scheduleMaxDays: 366,
  seriesTitleMax: 200,
  seriesDescriptionMax: 2000,
  storiesPerSeries: 100,
  listNameMax: 100,
  listDescriptionMax: 2000,
  listsPerUser: 100,
  storiesPerList: 500,
  uploadMaxBytes: 5 * 1024 * 1024,
  pageSizeDefault: 20,
  pageSizeMax: 100,
  searchQueryMax: 200,
  contactNameMax: 100,
  contactMessageMin: 10,
  contactMessageMax: 5000,
  requestBodyMaxBytes: 1024 * 1024,
} as const;

export const USERNAME_PATTERN = /^[A-Za-z0-9_-]+$/;
/** Names that are path segments of `/users/...` routes, so no account may take them. */
const ROUTE_USERNAMES = ['me', 'search', 'suggested', 'authors'];
/**
 * Names that would pass for the product itself, its staff or its services: a message or a
 * story from one of them could be mistaken for an official one.
 */
const IMPERSONATION_USERNAMES = [
  PRODUCT_NAME.toLowerCase(),
  'admin',
  'administrator',
  'sysadmin',
  'superuser',
  'root',
  'system',
  'support',
  'help',
  'helpdesk',
  'moderator',
  'moderators',
  'mod',
  'mods',
  'staff',
  'team',
  'official',
  'security',
  'abuse',
  'safety',
  'trust',
  'legal',
  'billing',
  'postmaster',
  'webmaster',
  'hostmaster',
  'noreply',
  'owner',
  'operator',
];
/** Lowercase, without hyphens and underscores: the form `isReservedUsername` compares. */
export const RESERVED_USERNAMES: readonly string[] = [
  ...ROUTE_USERNAMES,
  ...IMPERSONATION_USERNAMES,
];
const reserved = new Set(RESERVED_USERNAMES);
/** True for a reserved name in any case and with any hyphens or underscores ('Ad_Min'). */
export const isReservedUsername = (username: string) =>
  reserved.has(username.toLowerCase().replace(/[-_]/g, ''));
/** A simple validity check for emails: something@something.something, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Client-side timings: request time-out, toast duration, rotations and redirects. */
export const TIMINGS = {
  requestTimeoutMs: 30_000,
  toastDurationMs: 5_000,
  quoteRotationMs: 5_000,
  callbackErrorRedirectMs: 2_000,
  callbackSuccessRedirectMs: 1_500,
  createSkeletonMs: 500,
} as const;

/** Keys under which the web app keeps state in browser storage. */
export const STORAGE_KEYS = {
  auth: 'auth-storage',
  settings: 'user-settings',
  readingPreferences: 'reading-preferences',
  theme: 'theme',
  /** Unsaved story-editor work: `story-draft:{userId}:new` and `story-draft:{userId}:{storyId}`. */
  storyDraft: 'story-draft',
} as const;

/** Discovery lists, search, the feed and reading stats (docs/api.md). */
export const DISCOVERY = {
  /**
   * Lists, search and the feed serve the first 10,000 items of any order; a page that starts
   * beyond is refused (400). `total` still counts everything.
   */
  resultWindow: 10_000,
  similarMax: 4,
  suggestedAuthorsMax: 5,
  /** Suggested authors come from this many most popular stories. */
  suggestedFromPopular: 20,
  userSearchMax: 20,
  userSearchDefault: 8,
  /** The Monthly Reading Challenge: stories to read in a calendar month (UTC). */
  readingChallengeGoal: 10,
  /**
   * The home page's sections: how many stories each shows, and how far down its list each of
   * Trending and Fresh Off the Press looks for stories the sections above do not show.
   */
  home: { featured: 6, mostPopular: 4, trending: 8, latest: 8, lookAhead: 20 },
} as const;

/** Search orders: relevance (the default with a query) plus the list orders. */
export const SEARCH_SORTS = ['relevance', ...STORY_SORTS] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
