import { type Kysely, sql, type Transaction } from 'kysely';
import type { DialectName } from '../../db/index.js';
import type { Database } from '../../db/types.js';

interface Target {
  kysely: Kysely<Database> | Transaction<Database>;
  dialect: DialectName;
}

/** Stories whose documents one call of storyloom_search_refresh writes. */
const REFRESH_BATCH = 10_000;

/**
 * Writes the search document of every public story that has none: the documents the search
 * triggers write (migration 002), for when rows were loaded without them (a bulk seed defers
 * the triggers, story_search's own included). On SQLite the FTS index is then rebuilt from the
 * documents and merged into one segment, which makes a common word's lookups several times
 * faster than over the many segments a bulk load leaves. On PostgreSQL the migration's own
 * storyloom_search_refresh writes them, so the document is defined in one place: a batch of
 * missing ids at a time, walked in id order.
 */
export async function rebuildSearchDocuments({ kysely, dialect }: Target): Promise<void> {
  if (dialect === 'sqlite') {
    await sql`
      insert into story_search (story_id, genre, rating, title, description, tags, author)
      select s.id, s.genre, s.rating, s.title, s.description,
             coalesce((select group_concat(tag, ' ') from story_tags t where t.story_id = s.id), ''),
             coalesce(u.username, '')
        from stories s
        left join users u on u.id = s.author_id
       where s.visibility = 'public'
         and not exists (select 1 from story_search d where d.story_id = s.id)`.execute(kysely);
    // The FTS index from the documents, whether or not story_search's own triggers were on.
    await sql`insert into story_search_fts (story_search_fts) values ('rebuild')`.execute(kysely);
    await sql`insert into story_search_fts (story_search_fts) values ('optimize')`.execute(kysely);
    return;
  }
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const { rows } = await sql<{ id: string }>`
      select s.id from stories s
       where s.visibility = 'public' and s.id > ${after}::uuid
         and not exists (select 1 from story_search d where d.story_id = s.id)
       order by s.id
       limit ${REFRESH_BATCH}`.execute(kysely);
    if (rows.length > 0) {
      await sql`select storyloom_search_refresh(${rows.map((row) => row.id)}::uuid[])`.execute(
        kysely,
      );
    }
    if (rows.length < REFRESH_BATCH) return;
    after = rows[rows.length - 1]!.id;
  }
}
