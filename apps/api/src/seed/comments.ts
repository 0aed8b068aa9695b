import type { Insertable } from 'kysely';
import type { Database } from '../db/types.js';
import { drawFame } from './activity.js';
import { Anchors } from './comment-anchors.js';
import {
  AFTERTHOUGHTS,
  AUTHOR_REPLIES,
  CHAPTER_COMMENTS,
  PARAGRAPH_COMMENTS,
  REPLIES,
} from './comment-words.js';
import type { StoryContext, StoryRows } from './context.js';
import { DAY, iso, MINUTE, STREAM } from './plan.js';
import { mix32, Rng } from './random.js';

/**
 * Comments and replies on a story's published chapters, their likes, and the chapters'
 * paragraph keys (docs/decisions/021-comment-anchors.md), with every counter equal to its rows.
 *
 * The spread is a long tail, as on reading platforms: a story's comments grow faster than its
 * appeal (appeal^1.2), so most stories get none or a few and the most read get thousands,
 * falling off chapter by chapter (readers drop off) with some chapters drawing more than
 * others. About 60% of top-level comments are on the chapter and 40% on a paragraph (one
 * "hot" paragraph per chapter draws half of those); a fifth are replies, mostly to the most
 * liked comments, some by the story's author. Likes per comment are heavy-tailed too, larger on
 * busy chapters: most comments have none and a few have hundreds.
 */

/** Mean comments per public story; comments_count sums ~5.4 per story across the library. */
export const COMMENTS_PER_STORY = 6;
/**
 * How much faster than appeal comments grow, and the mean of appeal^that over the seed's story
 * ages and fames (measured on 4M draws), which keeps the mean at COMMENTS_PER_STORY.
 */
const APPEAL_POWER = 1.2;
const MEAN_POWERED_APPEAL = 1.13;
/** Of a chapter's comments (none on a chapter with one), so ~20% of all are replies. */
const REPLY_SHARE = 0.24;
const PARAGRAPH_SHARE = 0.4;
const AUTHOR_REPLY_SHARE = 0.15;
/** Top-level comments with replies whose writer deleted them: kept as placeholders. */
const PLACEHOLDER_SHARE = 0.04;
const DELETED_ACCOUNT_SHARE = 0.01;
const EDITED_SHARE = 0.04;
/** Likes per comment: scale × Lomax(tail), scaled up on busy chapters, at most LIKES_MAX. */
const LIKE_SCALE = 0.12;
const LIKE_TAIL = 1.6;
const LIKES_MAX = 2_000;

/** A published chapter, as far as comments need it; `row.paragraph_keys` is set here. */
export interface CommentedChapter {
  row: Insertable<Database['chapters']> & { content: string };
  position: number;
  published: number;
}

export interface CommentedStory {
  /** The story's index: comments draw from their own stream, so nothing else changes. */
  index: number;
  id: string;
  author: number;
  leads: { a: string; b: string };
  /** The story's appeal (activity.ts); null for a private story that was public once. */
  appeal: number | null;
  chapters: CommentedChapter[];
}

/** A comment or reply decided before its row is written (its replies may still come). */
interface Planned {
  id: string;
  user: number;
  at: number;
  parent: Planned | null;
  key: string | null;
  excerpt: string | null;
  body: string;
  /** Likes wanted; the rows written decide likes_count. */
  likes: number;
  replies: number;
  lastReply: number;
  deletedAt: number | null;
}

/**
 * A UUID v7 of the moment `ms`, so ids sort as comments were made. Its random part is the
 * story's number (scrambled) and the comment's number within the story, so ids never collide,
 * whatever the generator draws: streams of one 32-bit generator can overlap at a million stories.
 */
export function commentId(ms: number, story: number, n: number, rng: Rng): string {
  const time = Math.floor(ms).toString(16).padStart(12, '0');
  const unique = mix32(story).toString(16).padStart(8, '0') + n.toString(16).padStart(7, '0');
  const variant = (8 + rng.int(0, 3)).toString(16);
  return `${time.slice(0, 8)}-${time.slice(8)}-7${rng.hex(3)}-${variant}${unique.slice(0, 3)}-${unique.slice(3)}`;
}

function body(rng: Rng, templates: readonly string[], story: CommentedStory, n: number): string {
  let text = rng.pick(templates);
  if (rng.chance(0.12)) text += ` ${rng.pick(AFTERTHOUGHTS)}`;
  return text
    .replaceAll('{A}', story.leads.a)
    .replaceAll('{B}', story.leads.b)
    .replaceAll('{n}', String(n));
}

/** A reader other than the story's author, when there is one. */
function reader(rng: Rng, users: number, author: number): number {
  const user = rng.int(0, users - 1);
  return user === author && users > 1 ? (user + 1 + rng.int(0, users - 2)) % users : user;
}

/** Heavy-tailed likes for a comment on a chapter with `busy` comments. */
function likeTarget(rng: Rng, busy: number, reply: boolean): number {
  const scale = LIKE_SCALE * Math.log2(2 + busy) * (reply ? 0.3 : 1);
  return Math.min(LIKES_MAX, Math.floor(scale * ((1 - rng.next()) ** (-1 / LIKE_TAIL) - 1)));
}

/**
 * Adds the story's comments, their likes and its chapters' paragraph keys to `out`; answers
 * how many are visible on its published chapters (stories.comments_count).
 */
export function addComments(ctx: StoryContext, story: CommentedStory, out: StoryRows): number {
  const { plan } = ctx;
  if (story.chapters.length === 0 || plan.users === 0 || ctx.commentsPerStory <= 0) return 0;
  const rng = Rng.for(plan.seed, STREAM.comments, story.index);
  // A story made private again was read (and commented on) less while it was public.
  const appeal = story.appeal ?? 0.3 * drawFame(rng);
  const expected =
    ((ctx.commentsPerStory * appeal ** APPEAL_POWER) / MEAN_POWERED_APPEAL) *
    (0.8 + 0.4 * rng.next());
  // Later chapters have fewer readers; some chapters draw more talk than others.
  const weights = story.chapters.map((c) => 0.8 ** (c.position - 1) * rng.logUniform(0.3, 3));
  const total = weights.reduce((sum, w) => sum + w, 0);
  let made = 0;
  const nextId = (ms: number) => commentId(ms, story.index, made++, rng);
  let visible = 0;
  story.chapters.forEach((chapter, k) => {
    const count = Math.floor((expected * weights[k]!) / total + rng.next());
    if (count > 0) visible += chapterComments(ctx, rng, { story, chapter, nextId }, count, out);
  });
  return visible;
}

/** `count` comments on one chapter (fewer when its time leaves no room); answers the visible. */
function chapterComments(
  ctx: StoryContext,
  rng: Rng,
  where: { story: CommentedStory; chapter: CommentedChapter; nextId: (ms: number) => string },
  count: number,
  out: StoryRows,
): number {
  const { story, chapter, nextId } = where;
  const { plan } = ctx;
  const to = plan.now - MINUTE;
  const joined = (user: number) => plan.userCreated[user]!;
  // Most comments come soon after the chapter (or the comment replied to), then trail off.
  const when = (from: number) => (from >= to ? null : from + (to - from) * rng.next() ** 3);
  const anchors = new Anchors(chapter);
  const say = (templates: readonly string[]) => body(rng, templates, story, chapter.position);

  const replies = count >= 2 ? Math.round(count * REPLY_SHARE * (0.5 + rng.next())) : 0;
  const top: Planned[] = [];
  for (let n = 0; n < count - replies; n++) {
    const user = reader(rng, plan.users, story.author);
    const at = when(Math.max(chapter.published, joined(user)) + MINUTE);
    if (at === null) continue;
    const paragraph = rng.chance(PARAGRAPH_SHARE) ? anchors.pick(rng) : null;
    top.push({
      id: nextId(at),
      user,
      at,
      parent: null,
      key: paragraph?.key ?? null,
      excerpt: paragraph?.excerpt ?? null,
      body: say(paragraph ? PARAGRAPH_COMMENTS : CHAPTER_COMMENTS),
      likes: likeTarget(rng, count, false),
      replies: 0,
      lastReply: at,
      deletedAt: null,
    });
  }
  if (top.length === 0) return 0;

  // Replies go mostly to the most liked comments; the story's author answers some.
  const byLikes = [...top].sort((a, b) => b.likes - a.likes);
  const all = [...top];
  for (let n = 0; n < replies; n++) {
    const parent = byLikes[rng.skewed(byLikes.length, 2)]!;
    const byAuthor = rng.chance(AUTHOR_REPLY_SHARE);
    const user = byAuthor ? story.author : reader(rng, plan.users, story.author);
    const at = when(Math.max(parent.at, joined(user)) + MINUTE);
    if (at === null) continue;
    parent.replies += 1;
    parent.lastReply = Math.max(parent.lastReply, at);
    all.push({
      id: nextId(at),
      user,
      at,
      parent,
      key: parent.key,
      excerpt: parent.excerpt,
      body: say(byAuthor ? AUTHOR_REPLIES : REPLIES),
      likes: likeTarget(rng, count, true),
      replies: 0,
      lastReply: at,
      deletedAt: null,
    });
  }
  // Deleted by their writers after the replies came: the thread keeps a placeholder.
  for (const comment of top) {
    if (comment.replies === 0 || !rng.chance(PLACEHOLDER_SHARE)) continue;
    const deleted = comment.lastReply + rng.logUniform(MINUTE, 30 * DAY);
    if (deleted < to) comment.deletedAt = deleted;
  }

  let visible = 0;
  for (const comment of all) {
    out.comments.push(commentRow(ctx, rng, story, chapter, comment, out));
    if (comment.deletedAt === null) visible += 1;
  }
  return visible;
}

/** The comment's row, after its likes' rows (likes_count is how many were written). */
function commentRow(
  ctx: StoryContext,
  rng: Rng,
  story: CommentedStory,
  chapter: CommentedChapter,
  c: Planned,
  out: StoryRows,
): Insertable<Database['comments']> {
  const to = ctx.plan.now - MINUTE;
  const likes = addLikes(ctx, rng, c, c.deletedAt ?? to, out);
  const edited = rng.chance(EDITED_SHARE) ? c.at + rng.logUniform(MINUTE, 2 * DAY) : null;
  const deleted = c.deletedAt !== null;
  return {
    id: c.id,
    chapter_id: chapter.row.id!,
    story_id: story.id,
    // Writers who since deleted their account: the comment stays, as "[deleted account]".
    author_id: rng.chance(DELETED_ACCOUNT_SHARE) ? null : ctx.userIds[c.user]!,
    parent_id: c.parent?.id ?? null,
    paragraph_key: c.key,
    paragraph_excerpt: c.excerpt,
    body: deleted ? '' : c.body,
    likes_count: likes,
    replies_count: c.replies,
    created_at: iso(c.at),
    edited_at: edited !== null && !deleted && edited < to ? iso(edited) : null,
    deleted_at: deleted ? iso(c.deletedAt!) : null,
  };
}

/** Up to `c.likes` distinct readers other than its writer like it, before `until`. */
function addLikes(ctx: StoryContext, rng: Rng, c: Planned, until: number, out: StoryRows) {
  const { plan, userIds } = ctx;
  // At most half the readers like one comment, however small the library.
  const wanted = Math.min(c.likes, Math.floor((plan.users - 1) / 2));
  if (wanted <= 0) return 0;
  const likers = new Set<number>();
  for (let attempt = 0; likers.size < wanted && attempt < wanted * 8 + 16; attempt++) {
    const user = rng.int(0, plan.users - 1);
    if (user !== c.user) likers.add(user);
  }
  let written = 0;
  for (const user of likers) {
    const from = Math.max(c.at, plan.userCreated[user]!) + 1000;
    if (from >= until) continue;
    const at = from + (until - from) * rng.next() ** 2;
    out.commentLikes.push({ comment_id: c.id, user_id: userIds[user]!, created_at: iso(at) });
    written += 1;
  }
  return written;
}
