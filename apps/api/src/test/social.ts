import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';

/**
 * Users whose follow counters differ from the follows rows (empty when all agree), stories
 * whose votes_count or popular_score differ from their likes rows (given reads_count) or whose
 * comments_count differs from the visible comments of their published chapters, and comments
 * whose likes_count or replies_count differ from their rows.
 */
export async function counterMismatches(db: Kysely<Database>) {
  const users = await db
    .selectFrom('users')
    .select((eb) => [
      'username',
      'followers_count',
      'following_count',
      eb
        .selectFrom('follows')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('follows.followee_id', '=', 'users.id')
        .as('followers'),
      eb
        .selectFrom('follows')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('follows.follower_id', '=', 'users.id')
        .as('following'),
    ])
    .execute();
  const stories = await db
    .selectFrom('stories')
    .select((eb) => [
      'title',
      'votes_count',
      'popular_score',
      'reads_count',
      eb
        .selectFrom('likes')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('likes.story_id', '=', 'stories.id')
        .as('likes'),
      'comments_count',
      eb
        .selectFrom('comments')
        .innerJoin('chapters', 'chapters.id', 'comments.chapter_id')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('comments.story_id', '=', 'stories.id')
        .where('chapters.published', '=', 1)
        .where('comments.deleted_at', 'is', null)
        .as('comments'),
    ])
    .execute();
  const comments = await db
    .selectFrom('comments as c')
    .select((eb) => [
      'c.id',
      'c.likes_count',
      'c.replies_count',
      eb
        .selectFrom('comment_likes')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('comment_likes.comment_id', '=', 'c.id')
        .as('likes'),
      eb
        .selectFrom('comments as r')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('r.parent_id', '=', 'c.id')
        .as('replies'),
    ])
    .execute();
  return [
    ...users
      .filter(
        (u) =>
          u.followers_count !== Number(u.followers) || u.following_count !== Number(u.following),
      )
      .map((u) => `user ${u.username}: ${JSON.stringify(u)}`),
    ...stories
      .filter(
        (s) =>
          s.votes_count !== Number(s.likes) ||
          s.popular_score !== s.reads_count + 10 * Number(s.likes),
      )
      .map((s) => `story ${s.title}: ${JSON.stringify(s)}`),
    ...stories
      .filter((s) => s.comments_count !== Number(s.comments))
      .map((s) => `story ${s.title} comments: ${JSON.stringify(s)}`),
    ...comments
      .filter((c) => c.likes_count !== Number(c.likes) || c.replies_count !== Number(c.replies))
      .map((c) => `comment ${c.id}: ${JSON.stringify(c)}`),
  ];
}
