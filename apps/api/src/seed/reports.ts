import type { ReportReason } from '@storyloom/shared';
import type { Insertable } from 'kysely';
import type { Database } from '../db/types.js';
import { newId } from '../lib/ids.js';
import { DAY, iso, type SeedPlan, STREAM } from './plan.js';
import { Rng } from './random.js';

/** Share of users with an open report (issue 21): a few in a thousand. */
export const REPORTERS = 0.004;

/** How often each reason is given, roughly as platforms of user writing publish them. */
const REASONS: readonly ReportReason[] = [
  'spam',
  'harassment',
  'hate',
  'violence',
  'copyright',
  'other',
];
const REASON_WEIGHTS = [40, 18, 6, 5, 11, 20];

const NOTES = [
  'Same text posted under several titles.',
  'This is copied from a published novel.',
  'The comments under this are full of insults.',
  'Links to a shop in every chapter.',
  null,
  null,
  null,
];

/** A public story that can be reported, with its author. */
export interface Reportable {
  id: string;
  author_id: string;
}

/**
 * The open reports user `u` filed, if any: one or two, mostly against one of `popular` (reports
 * gather where readers are), some against another user. The moderation queue at /admin and its
 * bench read these (docs/decisions/025-moderation.md). No one reports themselves, and each
 * reporter reports a target once (`reports_open_once`).
 */
export function reportsOf(
  plan: SeedPlan,
  u: number,
  userIds: readonly string[],
  popular: readonly Reportable[],
): Insertable<Database['reports']>[] {
  const rng = Rng.for(plan.seed, STREAM.reports, u);
  // A small library (the demo's) still gets a handful for its queue to show.
  if (plan.users < 2 || !rng.chance(Math.max(REPORTERS, 6 / plan.users))) return [];
  const reporter = userIds[u]!;
  const out: Insertable<Database['reports']>[] = [];
  const seen = new Set<string>();
  for (let i = rng.int(1, 2); i > 0; i--) {
    const story = popular.length > 0 && rng.chance(0.8) ? rng.pick(popular) : null;
    const target = story
      ? { type: 'story' as const, id: story.id, owner: story.author_id }
      : (() => {
          const other = userIds[rng.int(0, plan.users - 1)]!;
          return { type: 'user' as const, id: other, owner: other };
        })();
    if (target.owner === reporter || seen.has(target.id)) continue;
    seen.add(target.id);
    out.push({
      id: newId(),
      reporter_id: reporter,
      target_type: target.type,
      target_id: target.id,
      target_owner_id: target.owner,
      reason: rng.weighted(REASONS, REASON_WEIGHTS),
      note: rng.pick(NOTES),
      status: 'open',
      created_at: iso(Math.max(plan.userCreated[u]!, plan.now - rng.next() * 14 * DAY)),
      resolved_at: null,
      resolution: null,
    });
  }
  return out;
}
