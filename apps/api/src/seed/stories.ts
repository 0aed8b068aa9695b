import {
  COPYRIGHTS,
  type Genre,
  type Rating,
  STORY_LANGUAGES,
  STORY_WARNINGS,
  type StoryWarning,
} from '@storyloom/shared';
import { newId } from '../lib/ids.js';
import { popularScore, TRENDING_WEIGHTS, trendingEvent } from '../modules/stories/ranking.js';
import { addActivity } from './activity.js';
import { addComments, type CommentedChapter } from './comments.js';
import type { ChapterPlan, StoryContext, StoryRows } from './context.js';
import { DAY, HOUR, iso, MINUTE, STREAM, storyHeader } from './plan.js';
import { composeChapter } from './prose.js';
import { Rng } from './random.js';
import { chapterRevisions } from './revisions.js';
import {
  CHAPTER_TITLES,
  DESCRIPTION_TAILS,
  FIRST_NAMES,
  GENERAL_TAGS,
  GENRE_WORDS,
} from './words.js';

const OTHER_LANGUAGES = STORY_LANGUAGES.filter((l) => l !== 'English');

/** Title, blurb, the two leads and tags, in the genre's voice. */
function storyText(rng: Rng, genre: Genre) {
  const words = GENRE_WORDS[genre];
  const a = rng.pick(FIRST_NAMES);
  let b = rng.pick(FIRST_NAMES);
  if (b === a) b = rng.pick(FIRST_NAMES);
  const slots: Record<string, string> = {
    Adj: rng.pick(words.adjectives),
    Noun: rng.pick(words.nouns),
    Place: rng.pick(words.places),
    A: a,
    B: b,
  };
  const fill = (template: string) => template.replace(/\{(\w+)\}/g, (_, k: string) => slots[k]!);
  const title = fill(rng.pick(words.titles));
  const description = rng.chance(0.04)
    ? ''
    : `${fill(rng.pick(words.hooks))} ${rng.pick(DESCRIPTION_TAILS)}`.trim();
  const tags = new Map<string, string>();
  const wanted = rng.int(1, 5);
  for (let attempt = 0; tags.size < wanted && attempt < 20; attempt++) {
    const tag = rng.chance(0.7) ? rng.pick(words.tags) : rng.pick(GENERAL_TAGS);
    if (!tags.has(tag.toLowerCase())) tags.set(tag.toLowerCase(), tag);
  }
  return { title, description, leads: { a, b }, tags };
}

/**
 * When each chapter was written and published. Chapter 1 is written with the story, which first
 * goes public a little later, taking every chapter written by then; later chapters follow one
 * by one. The last chapter of some stories is an unpublished draft.
 */
function planChapters(rng: Rng, ctx: StoryContext, created: number, everPublic: boolean) {
  const { now } = ctx.plan;
  const [minChapters, maxChapters] = ctx.chaptersPerStory;
  const count = rng.int(minChapters, maxChapters);
  const hasDraft = count >= 2 && rng.chance(0.15);
  const firstPublished =
    created + Math.min(rng.logUniform(5 * MINUTE, 2 * DAY), (now - created) * 0.3);
  const chapters: ChapterPlan[] = [];
  let written = created;
  for (let k = 0; k < count; k++) {
    if (k > 0) {
      const gap = rng.chance(0.3)
        ? rng.int(1, 600) * 1000
        : Math.max(0, now - HOUR - written) * rng.next() * 0.4;
      written = Math.min(written + gap, now - 20 * MINUTE);
    }
    let published: number | null = null;
    if (!(hasDraft && k === count - 1)) {
      if (!everPublic) published = written + rng.int(1, 600) * 1000;
      else if (written <= firstPublished) published = firstPublished;
      else published = written + Math.min(rng.logUniform(MINUTE, DAY), (now - written) * 0.3);
    }
    chapters.push({ id: newId(), position: k + 1, created: written, published, reads: 0 });
  }
  return { chapters, hasDraft, firstPublished };
}

function chapterTitle(rng: Rng, position: number): string {
  const roll = rng.next();
  if (roll < 0.4) return `Chapter ${position}`;
  if (roll < 0.75) return `Chapter ${position}: ${rng.pick(CHAPTER_TITLES)}`;
  return rng.pick(CHAPTER_TITLES);
}

/**
 * Everything about story `i`: the story, its tags and chapters and, for public stories, its
 * likes, saves, recent reads and reading progress, with counters that match those rows.
 */
export function generateStory(ctx: StoryContext, i: number, out: StoryRows): void {
  const { plan, userIds } = ctx;
  const { now } = plan;
  const rng = Rng.for(plan.seed, STREAM.story, i);
  // Revisions draw from their own stream: the rest of the library is as it was before them.
  const revisionRng = Rng.for(plan.seed, STREAM.revisions, i);
  const { author, genre, isPublic, createdAt: created } = storyHeader(plan, i, rng);
  const storyId = newId();
  const text = storyText(rng, genre);
  let position = 0;
  for (const [key, tag] of text.tags) {
    out.tags.push({ story_id: storyId, tag, tag_key: key, position: position++ });
  }

  // Some private stories were public once (and keep their first publication date).
  const everPublic = isPublic || rng.chance(0.2);
  const { chapters, hasDraft, firstPublished } = planChapters(rng, ctx, created, everPublic);
  const published = chapters.filter((c) => c.published !== null);
  // A private story that was public once still carries its publish event.
  const activity = isPublic
    ? addActivity(ctx, rng, { id: storyId, author, firstPublished, chapters: published }, out)
    : {
        trending: everPublic ? trendingEvent(TRENDING_WEIGHTS.publish, firstPublished) : 0,
        votes: 0,
        historicFirst: 0,
        appeal: null,
      };

  // chapters.reads_count is lifetime: the stored recent read rows plus historic reads from
  // before them (older read events are not kept as rows), falling off chapter by chapter.
  let reads = 0;
  let publishedWords = 0;
  let touched = everPublic ? firstPublished : created;
  const [minParagraphs, maxParagraphs] = ctx.paragraphsPerChapter;
  const commented: CommentedChapter[] = [];
  for (const chapter of chapters) {
    const historic =
      chapter.published === null
        ? 0
        : Math.round(activity.historicFirst * 0.75 ** (chapter.position - 1));
    const readsCount = chapter.reads + historic;
    reads += readsCount;
    const paragraphs = rng.int(minParagraphs, maxParagraphs);
    const body = composeChapter(ctx.pool, genre, text.leads, paragraphs, rng);
    const base = chapter.published ?? chapter.created;
    const updated = base + (now - base) * rng.next() * (rng.chance(0.2) ? 0.5 : 0.001);
    touched = Math.max(touched, updated);
    const row: CommentedChapter['row'] = {
      id: chapter.id,
      story_id: storyId,
      title: chapterTitle(rng, chapter.position),
      content: body.content,
      position: chapter.position,
      published: chapter.published === null ? 0 : 1,
      word_count: body.wordCount,
      reads_count: readsCount,
      // Set by addComments on chapters that get paragraph comments.
      paragraph_keys: null,
      published_at: chapter.published === null ? null : iso(chapter.published),
      created_at: iso(chapter.created),
      updated_at: iso(updated),
    };
    out.chapters.push(row);
    if (row.published === 1) publishedWords += body.wordCount;
    out.revisions.push(...chapterRevisions(revisionRng, row, userIds[author]!, now));
    if (chapter.published !== null)
      commented.push({ row, position: chapter.position, published: chapter.published });
  }
  // Readers comment while a story is public: a private story only if it was public once.
  const comments = everPublic
    ? addComments(
        ctx,
        {
          index: i,
          id: storyId,
          author,
          leads: text.leads,
          appeal: activity.appeal,
          chapters: commented,
        },
        out,
      )
    : 0;

  const completed =
    !hasDraft && chapters.length >= 3 && now - firstPublished > 60 * DAY && rng.chance(0.35);
  const { rating, warnings } = ratingOf(genre, rng.next());
  out.stories.push({
    id: storyId,
    author_id: userIds[author]!,
    title: text.title,
    description: text.description,
    genre,
    visibility: isPublic ? 'public' : 'private',
    cover_image: null,
    reads_count: reads,
    votes_count: activity.votes,
    comments_count: comments,
    chapters_count: published.length,
    word_count: publishedWords,
    popular_score: popularScore(reads, activity.votes),
    trending_score: activity.trending,
    allow_comments: rng.chance(0.95) ? 1 : 0,
    mature_content: rating === 'mature' || rating === 'explicit' ? 1 : 0,
    rating,
    warnings: JSON.stringify(warnings),
    completion_status: completed ? 'completed' : 'ongoing',
    language: rng.chance(0.9) ? 'English' : rng.pick(OTHER_LANGUAGES),
    copyright: rng.weighted(COPYRIGHTS, [85, 10, 5]),
    published_at: everPublic ? iso(firstPublished) : null,
    created_at: iso(created),
    updated_at: iso(touched),
  });
}

/** Shares of Explicit, Mature and Teen by genre: about 2%, 8% and 20% of the library. */
const RATING_SHARES: Record<string, [number, number, number]> = {
  Horror: [0.04, 0.2, 0.35],
  Thriller: [0.03, 0.17, 0.35],
  Romance: [0.05, 0.12, 0.2],
};
const OTHER_SHARES: [number, number, number] = [0.01, 0.05, 0.17];

/**
 * A story's rating and warnings from one draw `u` in [0, 1) (one draw, as the mature flag took
 * before, so the rest of a seeded library is what it was). Warnings come from the draw's lower
 * digits: most Mature and Explicit stories carry some, few General ones do.
 */
export function ratingOf(genre: string, u: number): { rating: Rating; warnings: StoryWarning[] } {
  const [explicit, mature, teen] = RATING_SHARES[genre] ?? OTHER_SHARES;
  const rating: Rating =
    u < explicit
      ? 'explicit'
      : u < explicit + mature
        ? 'mature'
        : u < explicit + mature + teen
          ? 'teen'
          : 'general';
  const v = (u * 7919) % 1;
  const warned = { explicit: 0.8, mature: 0.6, teen: 0.25, general: 0.03 }[rating];
  if (v >= warned) return { rating, warnings: [] };
  const w = (v * 104_729) % 1;
  const picked = new Set<StoryWarning>();
  if (genre === 'Horror' || genre === 'Thriller' || w < 0.4) picked.add('violence');
  if (rating === 'explicit' || (genre === 'Romance' && rating === 'mature'))
    picked.add('sexual_content');
  if (w > 0.8) picked.add('major_character_death');
  if (w > 0.45 && w < 0.55) picked.add('self_harm');
  if (w > 0.6 && w < 0.7) picked.add('substance_use');
  if (w > 0.92) picked.add('abuse');
  if (picked.size === 0) picked.add('violence');
  return { rating, warnings: STORY_WARNINGS.filter((warning) => picked.has(warning)) };
}
