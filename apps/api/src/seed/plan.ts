import { GENRES, type Genre } from '@storyloom/shared';
import { Rng } from './random.js';
import { GENRE_WEIGHTS } from './words.js';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** Generator streams: each kind of entity draws from its own sequence. */
export const STREAM = {
  story: 1,
  userTime: 2,
  follow: 3,
  profile: 4,
  settings: 5,
  sessions: 6,
  comments: 7,
  notifyFollows: 8,
  notifyStories: 9,
  notifyReads: 10,
  hiding: 11,
  reports: 12,
  trash: 13,
  revisions: 14,
  readingLists: 17,
} as const;

const GENRE_WEIGHT_LIST = GENRES.map((g) => GENRE_WEIGHTS[g]);

export interface SeedPlanOptions {
  seed: number;
  now: number;
  users: number;
  stories: number;
  demoAccount: boolean;
}

/** What is decided about every story before any row is written, so user counters are known. */
export interface SeedPlan extends SeedPlanOptions {
  /** Per story: index of its author. */
  authorOf: Uint32Array;
  /** Per story: 1 when public. */
  isPublic: Uint8Array;
  /** Per user: public stories (users.stories_count). */
  publicStories: Int32Array;
  /** Per user: creation time in ms. */
  userCreated: Float64Array;
  /** Users who wrote at least one story. */
  authors: number;
}

export interface StoryHeader {
  author: number;
  isPublic: boolean;
  genre: Genre;
  createdAt: number;
}

/** The demo account is user 0 and writes the last three stories (the middle one private). */
export const DEMO_USER = 0;
const DEMO_STORIES = 3;

function demoStory(plan: SeedPlanOptions, i: number): boolean {
  return (
    plan.demoAccount &&
    plan.stories >= GENRES.length + DEMO_STORIES &&
    i >= plan.stories - DEMO_STORIES
  );
}

/**
 * The first draws of a story's generator: author, visibility, genre and age. The first
 * GENRES.length stories are public, one per genre, so every genre is on the shelves.
 */
export function storyHeader(plan: SeedPlanOptions, i: number, rng: Rng): StoryHeader {
  const firstAuthor = plan.demoAccount ? 1 : 0;
  const pool = plan.users - firstAuthor;
  // Small libraries: everyone writes. Large ones: 60% of users write, the rest only read.
  const authorPool = pool <= 50 ? pool : Math.max(1, Math.round(pool * 0.6));
  let author = firstAuthor + rng.skewed(Math.max(1, authorPool), 1.4);
  let isPublic = !rng.chance(0.1);
  let genre = rng.weighted(GENRES, GENRE_WEIGHT_LIST);
  const ageDays = rng.chance(0.25) ? rng.next() * 42 + 0.05 : rng.logUniform(42, 1000);
  if (i < GENRES.length) {
    genre = GENRES[i]!;
    isPublic = true;
  }
  if (demoStory(plan, i)) {
    author = DEMO_USER;
    isPublic = i !== plan.stories - 2;
  }
  if (plan.users === 1) author = 0;
  return { author, isPublic, genre, createdAt: plan.now - ageDays * DAY };
}

/** Runs every story's header once: authorship, visibility and each user's earliest story. */
export function makePlan(options: SeedPlanOptions): SeedPlan {
  const { users, stories, now, seed } = options;
  const authorOf = new Uint32Array(stories);
  const isPublic = new Uint8Array(stories);
  const publicStories = new Int32Array(users);
  const earliest = new Float64Array(users).fill(Number.POSITIVE_INFINITY);
  for (let i = 0; i < stories; i++) {
    const h = storyHeader(options, i, Rng.for(seed, STREAM.story, i));
    authorOf[i] = h.author;
    isPublic[i] = h.isPublic ? 1 : 0;
    if (h.isPublic) publicStories[h.author]! += 1;
    if (h.createdAt < earliest[h.author]!) earliest[h.author] = h.createdAt;
  }
  const userCreated = new Float64Array(users);
  let authors = 0;
  for (let u = 0; u < users; u++) {
    const rng = Rng.for(seed, STREAM.userTime, u);
    let created =
      now - (options.demoAccount && u === DEMO_USER ? 120 : rng.logUniform(30, 1200)) * DAY;
    if (earliest[u]! < Number.POSITIVE_INFINITY) {
      authors += 1;
      created = Math.min(created, earliest[u]! - (1 + rng.next() * 20) * DAY);
    }
    userCreated[u] = Math.floor(created);
  }
  return { ...options, authorOf, isPublic, publicStories, userCreated, authors };
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');
const TWO_DIGITS = Array.from({ length: 60 }, (_, n) => pad(n, 2));
const THREE_DIGITS = Array.from({ length: 1000 }, (_, n) => pad(n, 3));
const dayPrefixes = new Map<number, string>();

/**
 * `new Date(ms).toISOString()` for dates from 1970 on, with the "YYYY-MM-DDT" part cached per
 * day: a seed formats millions of timestamps and Date's formatter was a tenth of its time.
 */
export function iso(ms: number): string {
  const t = Math.floor(ms);
  const day = Math.floor(t / DAY);
  let prefix = dayPrefixes.get(day);
  if (prefix === undefined) {
    prefix = new Date(day * DAY).toISOString().slice(0, 11);
    if (dayPrefixes.size > 20_000) dayPrefixes.clear();
    dayPrefixes.set(day, prefix);
  }
  let rest = t - day * DAY;
  const hours = Math.floor(rest / HOUR);
  rest -= hours * HOUR;
  const minutes = Math.floor(rest / MINUTE);
  rest -= minutes * MINUTE;
  const seconds = Math.floor(rest / 1000);
  return `${prefix}${TWO_DIGITS[hours]}:${TWO_DIGITS[minutes]}:${TWO_DIGITS[seconds]}.${THREE_DIGITS[rest - seconds * 1000]}Z`;
}
