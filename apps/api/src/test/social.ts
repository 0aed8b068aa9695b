import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';

/**
 * Users whose follow counters differ from the follows rows (empty when all agree), and stories
 * whose votes_count or popular_score differ from their likes rows (given reads_count).
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
  ];
}
