import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../index.js';

/**
 * Ratings and warnings (issue 21, docs/decisions/023-ratings.md). The widen and backfill steps of
 * docs/decisions/015-schema-changes.md: `mature_content` stays, written in step with the rating
 * (mature_content = 1 exactly when the rating is Mature or Explicit), so the previous release
 * keeps reading and writing it during a deploy or after a rollback.
 *
 * - `rating`: general | teen | mature | explicit, 'general' by default (what the previous
 *   release's new stories are until the trigger below says otherwise).
 * - `warnings`: a JSON array of warning keys, like `comments.paragraph_keys`; '[]' by default.
 * - Backfill: stories flagged mature become Mature; the rest stay General. Done here, in one
 *   statement, rather than in batches: it writes only the flagged rows, and until it is done the
 *   lists that leave mature stories out would show them to everyone (decision 023 has the
 *   measured cost).
 * - A trigger keeps the rating in step when the previous release writes only the flag (a story
 *   created or edited by it): on lifts General/Teen to Mature, off lowers Mature/Explicit to Teen,
 *   the same rule as the API's (modules/stories/ratings.ts). This release always writes both, so the
 *   trigger changes nothing of its writes. It goes with the flag, in the narrowing release.
 * - Indexes: the all-ages lists' partial indexes come in 017_indexes_built_concurrently, built
 *   `concurrently` on PostgreSQL outside this migration's transaction.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema
    .alterTable('stories')
    .addColumn('rating', 'text', (c) =>
      c
        .notNull()
        .defaultTo('general')
        .check(sql`rating in ('general', 'teen', 'mature', 'explicit')`),
    )
    .execute();
  await db.schema
    .alterTable('stories')
    .addColumn('warnings', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();

  await sql`update stories set rating = 'mature' where mature_content = 1`.execute(db);

  const differs = (row: string) =>
    `(${row}.mature_content = 1) <> (${row}.rating in ('mature', 'explicit'))`;
  const fromFlag = (row: string) =>
    `case when ${row}.mature_content = 1 then 'mature' else 'teen' end`;
  if (dialect === 'postgres') {
    await sql
      .raw(`create function storyloom_rating_follows_flag() returns trigger language plpgsql as $$
        begin
          if ${differs('new')} then new.rating := ${fromFlag('new')}; end if;
          return new;
        end $$`)
      .execute(db);
    await sql
      .raw(`create trigger stories_rating_follows_flag
              before insert or update of mature_content on stories
              for each row execute function storyloom_rating_follows_flag()`)
      .execute(db);
  } else {
    for (const [name, event] of [
      ['stories_rating_follows_flag_ai', 'after insert'],
      ['stories_rating_follows_flag_au', 'after update of mature_content'],
    ] as const) {
      await sql
        .raw(`create trigger ${name} ${event} on stories when ${differs('new')} begin
                update stories set rating = ${fromFlag('new')} where id = new.id;
              end`)
        .execute(db);
    }
  }
}
