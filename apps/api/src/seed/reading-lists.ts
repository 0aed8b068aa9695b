import type { Insertable } from 'kysely';
import type { Db } from '../db/index.js';
import type { Database } from '../db/types.js';
import { newId } from '../lib/ids.js';
import { insertBatched } from './batch.js';
import { DEMO_USER, type SeedPlan, STREAM } from './plan.js';
import { Rng } from './random.js';

/** One reader in this many keeps reading lists. */
const EVERY_NTH_READER = 8;
/** At most this many seeded lists: enough for the bench and the demo at any library size. */
const MAX_LISTS = 20_000;
/** The stories lists are made of: the most popular public ones, picked with a long tail. */
const POOL = 5_000;
const DAY = 86_400_000;

const NAMES = [
  'Rainy day reads',
  'Comfort reads',
  'To read next',
  'Favourites',
  'Slow burns',
  'Could not put down',
  'Weekend binge',
  'Short and sweet',
  'Read again',
  'Recommended to friends',
  'Late night',
  'Books of the summer',
  'Found families',
  'Plot twists',
  'Worlds to get lost in',
];
const DESCRIPTIONS = [
  '',
  '',
  'The ones I keep coming back to.',
  'In the order I would hand them to a friend.',
  'Saved for a long train ride.',
  'Everything that made me stay up too late.',
];

/**
 * Reading lists (docs/decisions/033-reading-lists.md): one reader in eight (and the demo
 * account) keeps one to five
 * lists of 3 to 40 popular public stories (a few lists private), and some public lists have
 * followers. Deterministic in the seed; run after the stories and their indexes exist.
 */
export async function seedReadingLists(
  db: Db,
  plan: SeedPlan,
  userIds: readonly string[],
): Promise<{ lists: number; entries: number; follows: number }> {
  const pool = await db.kysely
    .selectFrom('stories')
    .select('id')
    .where('visibility', '=', 'public')
    .orderBy('popular_score', 'desc')
    .orderBy('id', 'desc')
    .limit(POOL)
    .execute();
  const done = { lists: 0, entries: 0, follows: 0 };
  if (pool.length === 0 || userIds.length < 2) return done;
  let lists: Insertable<Database['reading_lists']>[] = [];
  let entries: Insertable<Database['reading_list_stories']>[] = [];
  let follows: Insertable<Database['reading_list_follows']>[] = [];
  const flush = async () => {
    await db.kysely.transaction().execute(async (trx) => {
      await insertBatched(trx, db.dialect, 'reading_lists', lists);
      await insertBatched(trx, db.dialect, 'reading_list_stories', entries);
      await insertBatched(trx, db.dialect, 'reading_list_follows', follows);
    });
    done.lists += lists.length;
    done.entries += entries.length;
    done.follows += follows.length;
    lists = [];
    entries = [];
    follows = [];
  };
  for (let u = 0; u < userIds.length && done.lists + lists.length < MAX_LISTS; u++) {
    if (u % EVERY_NTH_READER !== 1 && !(plan.demoAccount && u === DEMO_USER)) continue;
    const rng = Rng.for(plan.seed, STREAM.readingLists, u);
    const count = rng.int(1, 5);
    for (let position = 1; position <= count; position++) {
      const id = newId();
      const at = new Date(plan.now - rng.logUniform(1, 300) * DAY).toISOString();
      const size = Math.min(pool.length, Math.round(rng.logUniform(3, 40)));
      const picked = new Set<string>();
      while (picked.size < size) picked.add(pool[rng.skewed(pool.length, 2.5)]!.id);
      const isPublic = rng.chance(0.8);
      const followers = isPublic ? Math.floor(rng.logUniform(1, 60)) - 1 : 0;
      const fans = new Set<string>();
      for (let f = 0; f < followers; f++) {
        const fan = userIds[rng.int(0, userIds.length - 1)]!;
        if (fan !== userIds[u]) fans.add(fan);
      }
      lists.push({
        id,
        owner_id: userIds[u]!,
        name: `${rng.pick(NAMES)}${count > 1 && rng.chance(0.3) ? ` ${position}` : ''}`,
        description: rng.pick(DESCRIPTIONS),
        visibility: isPublic ? 'public' : 'private',
        position,
        followers_count: fans.size,
        created_at: at,
        updated_at: at,
      });
      for (const [index, storyId] of [...picked].entries())
        entries.push({ list_id: id, story_id: storyId, position: index + 1, added_at: at });
      for (const fan of fans) follows.push({ list_id: id, user_id: fan, created_at: at });
    }
    if (entries.length >= 20_000) await flush();
  }
  await flush();
  return done;
}
