import type { Insertable } from 'kysely';
import type { Database } from '../db/types.js';
import { iso, MINUTE, type SeedPlan, STREAM } from './plan.js';
import { Rng } from './random.js';
import { followsOf } from './users.js';

/** Share of users who muted someone, and of users who blocked someone (issue 21). */
export const MUTERS = 0.025;
export const BLOCKERS = 0.006;

export interface Hiding {
  mutes: Insertable<Database['mutes']>[];
  blocks: Insertable<Database['blocks']>[];
}

/**
 * Whom user `u` muted and blocked, as readers of platforms like this do: a few mute one to five
 * people, mostly authors of stories they came across; fewer block one to three. A block ends
 * follows both ways (docs/decisions/024-blocks-and-mutes.md), so nobody blocks someone they
 * follow or who follows them. The notifications seeded from follows, likes and comments do not
 * look at these (a muted author's earlier like may still be told).
 */
export function hidingOf(plan: SeedPlan, u: number, userIds: readonly string[]): Hiding {
  const out: Hiding = { mutes: [], blocks: [] };
  if (plan.users < 2) return out;
  const rng = Rng.for(plan.seed, STREAM.hiding, u);
  const mutes = rng.chance(MUTERS) ? rng.int(1, 5) : 0;
  const blocks = rng.chance(BLOCKERS) ? rng.int(1, 3) : 0;
  if (mutes + blocks === 0) return out;
  const follows = new Set(followsOf(plan, u).map((f) => f.followee));
  const taken = new Set<number>([u]);
  const someone = (): number | null => {
    for (let attempt = 0; attempt < 12; attempt++) {
      const story = rng.int(0, plan.stories - 1);
      const v =
        plan.stories > 0 && rng.chance(0.7) && plan.isPublic[story]
          ? plan.authorOf[story]!
          : rng.int(0, plan.users - 1);
      if (!taken.has(v)) return v;
    }
    return null;
  };
  const when = (v: number) => {
    const from = Math.max(plan.userCreated[u]!, plan.userCreated[v]!);
    return iso(from + rng.next() * (plan.now - from - MINUTE));
  };
  for (let i = 0; i < mutes; i++) {
    const v = someone();
    if (v === null) break;
    taken.add(v);
    out.mutes.push({ muter_id: userIds[u]!, muted_id: userIds[v]!, created_at: when(v) });
  }
  for (let i = 0; i < blocks; i++) {
    const v = someone();
    if (v === null) break;
    taken.add(v);
    if (follows.has(v) || followsOf(plan, v).some((f) => f.followee === u)) continue;
    out.blocks.push({ blocker_id: userIds[u]!, blocked_id: userIds[v]!, created_at: when(v) });
  }
  return out;
}
