import type { Db } from '../db/index.js';
import { syncStoryAfterChapterChange, updateChapter } from '../modules/chapters/repo.js';
import { adjustStoryComments, visibleCount } from '../modules/comments/repo.js';
import { adjustStoriesCount, updateStory } from '../modules/stories/repo.js';
import { forgetNotificationsOf, insertDeletedItem } from '../modules/trash/repo.js';
import { DAY, iso, type SeedPlan, STREAM } from './plan.js';
import { Rng } from './random.js';

/** Share of public stories whose author deleted them, and of those with a chapter deleted. */
export const TRASHED_STORIES = 0.002;
export const TRASHED_CHAPTERS = 0.003;
/** A handful, at any size: the trash is small by construction (decision 027). */
const MAX_EACH = 60;
/** The candidates are read from the first stories by id, whatever the library's size. */
const CANDIDATES = 4000;

/**
 * Recently deleted (docs/decisions/027-recently-deleted.md), as authors fill it: a few whole
 * stories and a few last chapters of longer stories, deleted over the last 29 days, through
 * the same steps as the delete routes (private or unpublished and remembered, out of the
 * counters, notifications about them gone), so every counter still equals its rows.
 */
export async function seedTrash(
  db: Db,
  plan: SeedPlan,
  /** How many of each instead of the shares (tests seed small libraries). */
  counts: { stories?: number; chapters?: number } = {},
): Promise<{ stories: number; chapters: number }> {
  const k = db.kysely;
  const rng = Rng.for(plan.seed, STREAM.trash, 0);
  const candidates = await k
    .selectFrom('stories')
    .select(['id', 'author_id', 'updated_at', 'chapters_count'])
    .where('visibility', '=', 'public')
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .limit(CANDIDATES)
    .execute();
  const want = (share: number, count?: number) =>
    Math.min(MAX_EACH, count ?? Math.round(plan.stories * share), candidates.length);
  const when = () => iso(plan.now - (0.05 + rng.next() * 28.9) * DAY);
  const taken = new Set<number>();
  const pick = (ok: (i: number) => boolean) => {
    for (let attempt = 0; attempt < 50; attempt++) {
      const i = rng.int(0, candidates.length - 1);
      if (!taken.has(i) && ok(i)) {
        taken.add(i);
        return candidates[i]!;
      }
    }
    return null;
  };

  let stories = 0;
  for (let n = want(TRASHED_STORIES, counts.stories); n > 0; n--) {
    const story = pick(() => true);
    if (!story) break;
    const at = when();
    await k.transaction().execute(async (trx) => {
      await updateStory(trx, story.id, {
        visibility: 'private',
        visibility_before_deleted: 'public',
        deleted_at: at,
      });
      await adjustStoriesCount(trx, story.author_id, -1);
      await insertDeletedItem(trx, {
        kind: 'story',
        id: story.id,
        authorId: story.author_id,
        storyId: story.id,
        at,
      });
      await forgetNotificationsOf(trx, 'story_id', story.id);
    });
    stories += 1;
  }

  let chapters = 0;
  for (let n = want(TRASHED_CHAPTERS, counts.chapters); n > 0; n--) {
    const story = pick((i) => candidates[i]!.chapters_count >= 3);
    if (!story) break;
    const at = when();
    await k.transaction().execute(async (trx) => {
      // The last chapter, so no other chapter moves.
      const last = await trx
        .selectFrom('chapters')
        .select(['id', 'published'])
        .where('story_id', '=', story.id)
        .where('deleted_at', 'is', null)
        .orderBy('position', 'desc')
        .limit(1)
        .executeTakeFirstOrThrow();
      if (last.published === 1)
        await adjustStoryComments(trx, story.id, -(await visibleCount(trx, last.id)));
      await updateChapter(trx, last.id, {
        published: 0,
        published_before_deleted: last.published,
        deleted_at: at,
      });
      await insertDeletedItem(trx, {
        kind: 'chapter',
        id: last.id,
        authorId: story.author_id,
        storyId: story.id,
        at,
      });
      await forgetNotificationsOf(trx, 'chapter_id', last.id);
      await syncStoryAfterChapterChange(trx, story.id, story.updated_at);
    });
    chapters += 1;
  }
  return { stories, chapters };
}
