import { type RawBuilder, sql } from 'kysely';
import type { DialectName } from '../../db/index.js';

/**
 * Trending is a time-decayed sum of reads and likes, kept in log space so it never needs a
 * periodic decay job and never overflows (docs/decisions/003-trending-score.md):
 *
 *   score = ln( Σ weight · e^((t_event − epoch) / τ) )
 *
 * Ordering by it equals ordering by Σ weight · e^(−age/τ) at any moment. An event is added with
 * log-sum-exp: score' = max(s, x) + ln(1 + e^(min(s, x) − max(s, x))).
 */
export const TRENDING_EPOCH_MS = Date.parse('2026-01-01T00:00:00Z');
/** e-folding time: an event's weight falls to 1/e after 2 days (half-life ≈ 33 h). */
export const TRENDING_TAU_MS = 48 * 3600 * 1000;
export const TRENDING_WEIGHTS = { read: 1, like: 3, publish: 1 } as const;

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
  return sql<number>`(${hi} + ln(1 + exp(${lo} - ${hi})))`;
}
