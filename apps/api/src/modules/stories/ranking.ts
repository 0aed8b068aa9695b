import { type ExpressionBuilder, type RawBuilder, sql } from 'kysely';
import type { DialectName } from '../../db/index.js';
import type { Database } from '../../db/types.js';

/**
 * What moves a story in the ranked lists: every rule of `popular_score` and `trending_score`
 * lives here, and the repos that record reads, likes and publications call it.
 *
 * Popular is lifetime: popular_score = reads_count + 10 × votes_count.
 *
 * Trending is a time-decayed sum of publication, reads and likes, kept in log space so it never
 * needs a periodic decay job and never overflows (docs/decisions/003-trending-score.md):
 *
 *   score = ln( Σ weight · e^((t_event − epoch) / τ) )
 *
 * Ordering by it equals ordering by Σ weight · e^(−age/τ) at any moment. An event is added with
 * log-sum-exp: score' = max(s, x) + ln(1 + e^(min(s, x) − max(s, x))). Unliking does not take
 * the like's trending event back (it happened); the event ages out instead.
 */
export const POPULAR_WEIGHTS = { read: 1, like: 10 } as const;
export const TRENDING_EPOCH_MS = Date.parse('2026-01-01T00:00:00Z');
/** e-folding time: an event's weight falls to 1/e after 2 days (half-life ≈ 33 h). */
export const TRENDING_TAU_MS = 48 * 3600 * 1000;
export const TRENDING_WEIGHTS = { read: 1, like: 3, publish: 1 } as const;

/** A story's popular_score from its counts (bulk loads write it directly). */
export const popularScore = (reads: number, likes: number): number =>
  reads * POPULAR_WEIGHTS.read + likes * POPULAR_WEIGHTS.like;

/** The log-space value of one event of `weight` at `at`. */
export function trendingEvent(weight: number, at: Date | string | number): number {
  const t = typeof at === 'number' ? at : new Date(at).getTime();
  return Math.log(weight) + (t - TRENDING_EPOCH_MS) / TRENDING_TAU_MS;
}

/** log-sum-exp of two log-space scores. */
export function trendingAdd(score: number, event: number): number {
  const hi = Math.max(score, event);
  const lo = Math.min(score, event);
  return hi + Math.log1p(Math.exp(lo - hi));
}

/**
 * Below this, e^(lo − hi) adds nothing a double can hold next to 1: the smaller score is
 * negligible. PostgreSQL raises an underflow for exp() of about −745 and less (a story untouched
 * for four years), so the difference is clamped before exp() is taken.
 */
const NEGLIGIBLE_LOG = -700;

/** SQL for `trending_score ⊕ event`, evaluated inside the UPDATE so concurrent events compose. */
export function trendingAddSql(dialect: DialectName, event: number): RawBuilder<number> {
  const hi =
    dialect === 'postgres'
      ? sql`greatest(trending_score, ${event}::float8)`
      : sql`max(trending_score, ${event})`;
  const lo =
    dialect === 'postgres'
      ? sql`least(trending_score, ${event}::float8)`
      : sql`min(trending_score, ${event})`;
  const gap =
    dialect === 'postgres'
      ? sql`greatest(${lo} - ${hi}, ${NEGLIGIBLE_LOG}::float8)`
      : sql`max(${lo} - ${hi}, ${NEGLIGIBLE_LOG})`;
  return sql<number>`(${hi} + ln(1 + exp(${gap})))`;
}

type Stories = ExpressionBuilder<Database, 'stories'>;

/** The first time a story is public it gets its publication date and a trending event. */
export const firstPublication = (now: string) => ({
  published_at: now,
  trending_score: trendingEvent(TRENDING_WEIGHTS.publish, now),
});

/** The columns a counted read changes on its story, for `updateTable('stories').set(…)`. */
export const readCounted = (eb: Stories, dialect: DialectName, at: string) => ({
  reads_count: eb('reads_count', '+', 1),
  popular_score: eb('popular_score', '+', POPULAR_WEIGHTS.read),
  trending_score: trendingAddSql(dialect, trendingEvent(TRENDING_WEIGHTS.read, at)),
});

/** The columns a new like changes on its story. */
export const likeAdded = (eb: Stories, dialect: DialectName, at: string) => ({
  votes_count: eb('votes_count', '+', 1),
  popular_score: eb('popular_score', '+', POPULAR_WEIGHTS.like),
  trending_score: trendingAddSql(dialect, trendingEvent(TRENDING_WEIGHTS.like, at)),
});

/**
 * The columns a removed like changes: an unlike, its liker's account deleted, or suspended
 * (docs/decisions/025-moderation.md).
 */
export const likeRemoved = (eb: Stories) => ({
  votes_count: eb('votes_count', '-', 1),
  popular_score: eb('popular_score', '-', POPULAR_WEIGHTS.like),
});

/**
 * What `likeRemoved` took, given back when its liker's suspension is lifted: the trending event
 * is not added again (an old like is not news).
 */
export const likeRestored = (eb: Stories) => ({
  votes_count: eb('votes_count', '+', 1),
  popular_score: eb('popular_score', '+', POPULAR_WEIGHTS.like),
});
