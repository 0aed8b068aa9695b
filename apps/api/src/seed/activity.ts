import { TRENDING_WEIGHTS, trendingAdd, trendingEvent } from '../modules/stories/ranking.js';
import type { ChapterPlan, StoryContext, StoryRows } from './context.js';
import { DAY, DEMO_USER, iso, MINUTE } from './plan.js';
import type { Rng } from './random.js';

/** Stored chapter_reads are the recent read events: the last six weeks. */
export const READ_WINDOW = 42 * DAY;
/** A rising story's burst of attention falls in its last few days. */
const RISING_WINDOW = 5 * DAY;

export interface PublicStory {
  id: string;
  author: number;
  firstPublished: number;
  /** Published chapters, in order. */
  chapters: ChapterPlan[];
}

export interface Activity {
  /** trending_score: the publish event plus every stored read and like (log space). */
  trending: number;
  votes: number;
  /** Lifetime reads of chapter 1 from before the stored window. */
  historicFirst: number;
  /** How much attention it draws over its life (mean ~1, heavy-tailed): comments follow it. */
  appeal: number;
}

/** A story's appeal before its age counts: Pareto, mean ~1, most near 0, a few in hundreds. */
export const drawFame = (rng: Rng): number =>
  (Math.min(1000, (1 - rng.next()) ** (-1 / 1.5)) - 1) / 2;

/** Distinct users other than `exclude`, by rejection (counts stay far below the user count). */
function pickUsers(rng: Rng, users: number, count: number, exclude: number): Set<number> {
  const chosen = new Set<number>();
  for (let attempt = 0; chosen.size < count && attempt < count * 8 + 16; attempt++) {
    const v = rng.int(0, users - 1);
    if (v !== exclude) chosen.add(v);
  }
  return chosen;
}

/** A time in [from, now − 1 min); with `recent`, skewed into the last few days. */
function eventTime(rng: Rng, from: number, now: number, recent: boolean): number | null {
  const to = now - MINUTE;
  if (from >= to) return null;
  if (recent) {
    const lo = Math.max(from, to - RISING_WINDOW);
    return to - (to - lo) * rng.next() ** 2;
  }
  return from + (to - from) * rng.next();
}

/**
 * Likes, saves, recent reads and reading progress of one public story. Most stories get a
 * little attention and a few a lot; "rising" stories (mostly new ones) get a burst in the last
 * days, so the trending order differs from the lifetime popular order.
 */
export function addActivity(
  ctx: StoryContext,
  rng: Rng,
  story: PublicStory,
  out: StoryRows,
): Activity {
  const { plan, userIds, scale } = ctx;
  const { now } = plan;
  const others = plan.users - 1;
  let trending = trendingEvent(TRENDING_WEIGHTS.publish, story.firstPublished);
  if (others <= 0 || story.chapters.length === 0)
    return { trending, votes: 0, historicFirst: 0, appeal: 0 };

  const fame = drawFame(rng);
  const life = now - story.firstPublished;
  const maturity = Math.min(1, life / (90 * DAY));
  const rising = (life < 21 * DAY && rng.chance(0.35)) || rng.chance(0.03);
  const demoChance = plan.demoAccount && story.author !== DEMO_USER ? 12 / scale.publicStories : 0;
  const joined = (user: number) => plan.userCreated[user]!;

  const likeTarget =
    Math.round(fame * scale.likes * (0.3 + 0.7 * maturity) + rng.next()) +
    (rising ? Math.round(Math.max(2, scale.likes * 3) * (0.5 + rng.next())) : 0);
  const likers = pickUsers(rng, plan.users, Math.min(likeTarget, others), story.author);
  if (rng.chance(demoChance)) likers.add(DEMO_USER);
  let votes = 0;
  for (const v of likers) {
    const recent = rising && rng.chance(0.8);
    const at = eventTime(rng, Math.max(story.firstPublished, joined(v)), now, recent);
    if (at === null) continue;
    out.likes.push({ user_id: userIds[v]!, story_id: story.id, created_at: iso(at) });
    trending = trendingAdd(trending, trendingEvent(TRENDING_WEIGHTS.like, at));
    votes += 1;
  }

  const saveTarget = Math.round(likeTarget * (0.2 + 0.5 * rng.next()));
  const savers = pickUsers(rng, plan.users, Math.min(saveTarget, others), story.author);
  if (rng.chance(demoChance * 0.7)) savers.add(DEMO_USER);
  for (const v of savers) {
    const at = eventTime(rng, Math.max(story.firstPublished, joined(v)), now, false);
    if (at !== null)
      out.saves.push({ user_id: userIds[v]!, story_id: story.id, created_at: iso(at) });
  }

  const signedIn =
    Math.round(fame * scale.readers * (life < READ_WINDOW ? 2 : 0.7) + rng.next()) +
    (rising ? Math.round(Math.max(3, scale.readers * 4) * (0.5 + rng.next())) : 0);
  const readers: (number | null)[] = [
    ...pickUsers(rng, plan.users, Math.min(signedIn, others), story.author),
  ];
  if (rng.chance(demoChance) && !readers.includes(DEMO_USER)) readers.push(DEMO_USER);
  const anonymous =
    Math.round(readers.length * (0.2 + 0.5 * rng.next())) + (rng.chance(0.2) ? 1 : 0);
  for (let n = 0; n < anonymous; n++) readers.push(null);

  const anonKeys = new Set<string>();
  for (const user of readers) {
    let key: string;
    if (user !== null) key = userIds[user]!;
    else {
      do key = `anon:${rng.hex(24)}`;
      while (anonKeys.has(key));
      anonKeys.add(key);
    }
    // A reader starts at chapter 1 and reads on with falling probability.
    const from = Math.max(
      now - READ_WINDOW,
      story.chapters[0]!.published!,
      user === null ? 0 : joined(user),
    );
    let at = eventTime(rng, from, now, rising && rng.chance(0.85));
    let last: { chapter: ChapterPlan; at: number } | null = null;
    for (const chapter of story.chapters) {
      if (at === null) break;
      at = Math.max(at, chapter.published! + MINUTE);
      if (at >= now - MINUTE) break;
      out.reads.push({
        chapter_id: chapter.id,
        reader_key: key,
        user_id: user === null ? null : userIds[user]!,
        story_id: story.id,
        read_at: iso(at),
      });
      trending = trendingAdd(trending, trendingEvent(TRENDING_WEIGHTS.read, at));
      chapter.reads += 1;
      last = { chapter, at };
      if (!rng.chance(0.7)) break;
      at += rng.logUniform(2 * MINUTE, 2 * DAY);
    }
    const demoReader = plan.demoAccount && user === DEMO_USER;
    if (user !== null && last !== null && (demoReader || rng.chance(0.5))) {
      out.progress.push({
        user_id: userIds[user]!,
        story_id: story.id,
        chapter_id: last.chapter.id,
        chapter_position: last.chapter.position,
        updated_at: iso(last.at),
      });
    }
  }
  // A rising story is new, so it has few reads from before the window.
  const historicFirst = Math.round(fame * scale.historicReads * maturity * (rising ? 0.05 : 1));
  return { trending, votes, historicFirst, appeal: fame * (0.3 + 0.7 * maturity) };
}
