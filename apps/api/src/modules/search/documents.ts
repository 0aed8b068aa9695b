import { type Kysely, sql, type Transaction } from 'kysely';
import type { DialectName } from '../../db/index.js';
import type { Database } from '../../db/types.js';

interface Target {
  kysely: Kysely<Database> | Transaction<Database>;
  dialect: DialectName;
}

/**
 * Writes the search document of every public story that has none, in one statement: the same
 * documents the search triggers write (migration 002), for when rows were loaded without them
 * (a bulk seed defers the triggers, story_search's own included). On SQLite the FTS index is then
 * rebuilt from the documents and merged into one segment, which makes a common word's lookups
 * several times faster than over the many segments a bulk load leaves.
 */
export async function rebuildSearchDocuments({ kysely, dialect }: Target): Promise<void> {
  if (dialect === 'sqlite') {
    await sql`
      insert into story_search (story_id, genre, title, description, tags, author)
      select s.id, s.genre, s.title, s.description,
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
  await sql`
    insert into story_search (story_id, genre, document)
    select s.id, s.genre, storyloom_search_document(s.title, s.description, t.tags, u.username)
      from stories s
      left join users u on u.id = s.author_id
      left join lateral (
        select string_agg(tag, ' ') as tags from story_tags where story_id = s.id
      ) t on true
     where s.visibility = 'public'
    on conflict (story_id) do nothing`.execute(kysely);
}
