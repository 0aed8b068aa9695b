import type { Insertable } from 'kysely';
import { CompiledQuery } from 'kysely';
import type { Db } from '../db/index.js';
import type { Database } from '../db/types.js';
import type { StoryRows } from './context.js';
import { DAY, iso, MINUTE, type SeedPlan, STREAM } from './plan.js';
import { mix32, Rng } from './random.js';

/**
 * Notifications (issue 20) as the worker would have written them for what the seed wrote: a
 * `follow` to the followee for each follow, one `story_like` per liked story for its author with
 * its likers as actors, a `comment` to the story's author for each comment by someone else and a
 * `reply` to the author of the comment replied to (only on public stories, never about a deleted
 * comment or to the actor). New chapters are not told: the fan-out bench measures those.
 *
 * Each user last looked at the bell at a time of their own (a few minutes to weeks ago): what
 * changed before it is read, what came after is unread. `seq` orders every notification by
 * time across all users: rows are written with a provisional negative number each and
 * renumbered once everything is loaded (`numberNotifications`).
 */

/** Actor rows kept per notification; `actors_count` counts every liker. */
export const NOTIFY_ACTORS_MAX = 50;

type NotificationRow = Insertable<Database['notifications']>;
type ActorRow = Insertable<Database['notification_actors']>;

export interface NotificationOut {
  notifications: NotificationRow[];
  notificationActors: ActorRow[];
}

/** The id spaces of notification ids: about a follower, or about a story. */
const KIND = { follow: 1, story: 2 } as const;

/**
 * A UUID v7 of the moment `ms`, so ids sort as notifications were made. The random part is the
 * kind, the follower's or story's number (scrambled, one to one) and the notification's number
 * within it, so ids never collide whatever the generator draws.
 */
export function notificationId(
  ms: number,
  kind: keyof typeof KIND,
  index: number,
  n: number,
  rng: Rng,
): string {
  const time = Math.floor(ms).toString(16).padStart(12, '0');
  const unique =
    KIND[kind].toString(16) +
    mix32(index).toString(16).padStart(8, '0') +
    n.toString(16).padStart(6, '0');
  const variant = (8 + rng.int(0, 3)).toString(16);
  return `${time.slice(0, 8)}-${time.slice(8)}-7${rng.hex(3)}-${variant}${unique.slice(0, 3)}-${unique.slice(3)}`;
}

/** Writes the notification rows of a seed as its follows and stories are generated. */
export class NotificationSeeder {
  /** Per user: when they last opened their notifications. */
  private readonly lastSeen: Float64Array;
  private readonly userIndex: Map<string, number>;
  /** Provisional seq, counting down: unique until numberNotifications renumbers by time. */
  private provisional = 0;

  constructor(
    private readonly plan: SeedPlan,
    userIds: readonly string[],
  ) {
    this.lastSeen = new Float64Array(plan.users);
    for (let u = 0; u < plan.users; u++) {
      const rng = Rng.for(plan.seed, STREAM.notifyReads, u);
      // A few minutes ago for the keen, weeks ago for the rest; log-uniform (median ~1 day).
      this.lastSeen[u] = plan.now - rng.logUniform(10 * MINUTE, 45 * DAY);
    }
    this.userIndex = new Map(userIds.map((id, u) => [id, u]));
  }

  private add(
    out: NotificationOut,
    rng: Rng,
    id: string,
    row: Omit<NotificationRow, 'id' | 'seq' | 'read_at' | 'created_at' | 'updated_at'>,
    created: number,
    updated: number,
    actors: { id: string; at: number }[],
  ): void {
    const seen = this.lastSeen[this.userIndex.get(row.user_id)!]!;
    const readAt = updated <= seen ? updated + (seen - updated) * rng.next() : null;
    this.provisional -= 1;
    out.notifications.push({
      id,
      ...row,
      seq: this.provisional,
      created_at: iso(created),
      updated_at: iso(updated),
      read_at: readAt === null ? null : iso(readAt),
    });
    for (const actor of actors)
      out.notificationActors.push({
        notification_id: id,
        actor_id: actor.id,
        created_at: iso(actor.at),
      });
  }

  /** `follow` notifications for follower `u`'s follows (rows of follows). */
  addFollows(
    u: number,
    follows: readonly Insertable<Database['follows']>[],
    out: NotificationOut,
  ): void {
    if (follows.length === 0) return;
    const rng = Rng.for(this.plan.seed, STREAM.notifyFollows, u);
    follows.forEach((f, n) => {
      const at = Date.parse(f.created_at as string);
      this.add(
        out,
        rng,
        notificationId(at, 'follow', u, n, rng),
        {
          user_id: f.followee_id,
          type: 'follow',
          group_key: `follow:${f.follower_id}`,
          story_id: null,
          chapter_id: null,
          comment_id: null,
          actors_count: 1,
        },
        at,
        at,
        [{ id: f.follower_id, at }],
      );
    });
  }

  /**
   * The notifications of story `i`, whose rows are the last story of `rows` and its likes and
   * comments from `from` on (the lengths of rows.likes and rows.comments before it was generated).
   */
  addStory(
    i: number,
    rows: StoryRows,
    from: { likes: number; comments: number },
    out: NotificationOut,
  ): void {
    const story = rows.stories.at(-1)!;
    if (story.visibility !== 'public') return;
    const author = story.author_id;
    const rng = Rng.for(this.plan.seed, STREAM.notifyStories, i);
    let n = 0;

    const likers = rows.likes
      .slice(from.likes)
      .filter((like) => like.user_id !== author)
      .map((like) => ({ id: like.user_id, at: Date.parse(like.created_at as string) }))
      .sort((a, b) => a.at - b.at);
    if (likers.length > 0) {
      const first = likers[0]!.at;
      const last = likers.at(-1)!.at;
      this.add(
        out,
        rng,
        notificationId(first, 'story', i, n++, rng),
        {
          user_id: author,
          type: 'story_like',
          group_key: `like:${story.id}`,
          story_id: story.id!,
          chapter_id: null,
          comment_id: null,
          actors_count: likers.length,
        },
        first,
        last,
        likers.slice(-NOTIFY_ACTORS_MAX),
      );
    }

    const comments = rows.comments.slice(from.comments);
    const authorOf = new Map(comments.map((c) => [c.id!, c.author_id ?? null]));
    for (const c of comments) {
      const actor = c.author_id;
      if (!actor || c.deleted_at) continue;
      const at = Date.parse(c.created_at as string);
      const subject = {
        group_key: `comment:${c.id}`,
        story_id: story.id!,
        chapter_id: c.chapter_id,
        comment_id: c.id!,
        actors_count: 1,
      };
      const tell = (userId: string, type: 'reply' | 'comment') =>
        this.add(
          out,
          rng,
          notificationId(at, 'story', i, n++, rng),
          { user_id: userId, type, ...subject },
          at,
          at,
          [{ id: actor, at }],
        );
      const parentAuthor = c.parent_id ? authorOf.get(c.parent_id) : null;
      if (parentAuthor && parentAuthor !== actor) tell(parentAuthor, 'reply');
      if (author !== actor && author !== parentAuthor) tell(author, 'comment');
    }
  }
}

/**
 * Numbers every notification by time (updated_at, then id) from 1, and sets the counter the
 * API draws from after the last, so new notifications come after the seeded ones.
 */
export async function numberNotifications(db: Db): Promise<void> {
  const renumber =
    db.dialect === 'sqlite'
      ? `update notifications set seq = r.rn
           from (select rowid as rid, row_number() over (order by updated_at, id) as rn
                   from notifications) as r
          where notifications.rowid = r.rid`
      : `update notifications n set seq = r.rn
           from (select id, row_number() over (order by updated_at, id) as rn
                   from notifications) as r
          where n.id = r.id`;
  await db.kysely.transaction().execute(async (trx) => {
    await trx.executeQuery(CompiledQuery.raw(renumber));
    await trx.executeQuery(
      CompiledQuery.raw(
        'update notification_seq set value = (select coalesce(max(seq), 0) from notifications) where id = 1',
      ),
    );
  });
}
