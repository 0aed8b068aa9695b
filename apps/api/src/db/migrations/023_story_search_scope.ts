import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../index.js';

/**
 * A story's genre and rating in SQLite's full-text index (issue 18,
 * docs/decisions/043-search-scope-in-the-index.md). A search in a genre kept only the matches
 * whose document row had the genre: a common word in one genre read the rows of about fourteen
 * times the page's worth of matches, 15–20 ms at 100k stories; a search's total checked the
 * ratings on the newest matches' story rows. Now each document is also indexed with two tokens,
 * its genre's and its rating's, in a fifth column `scope`; the ranked query asks for the genre
 * (and for ratings that leave out General), the total for both, and the index answers.
 *
 * The tokens begin with U+E000 (private use), which FTS5's tokenizer keeps inside a word and a
 * search box query never holds (modules/search/terms.ts keeps letters, digits and marks only),
 * so no one's words can match them. `scope` is a generated column of story_search, so FTS5's
 * `rebuild` reads it like the others; `rating` is copied from the story, as `genre` always was,
 * by the triggers below. bm25 weighs the column 0: ranks are unchanged but for the two tokens'
 * length in each document (modules/search/repo.ts).
 *
 * In one transaction: the column, its backfill, the index built again from the documents (1.8 s
 * in all at 100k stories) and the triggers of migration 002 that write the index or the documents,
 * redefined with the new column. PostgreSQL is unchanged.
 */
/**
 * The `scope` column: U+E000, `g` and the genre in lower case without spaces or hyphens (every
 * genre is letters besides those: terms.test.ts), then U+E000, `r` and the rating.
 */
export const SCOPE_SQL = `char(57344) || 'g' || lower(replace(replace(genre, '-', ''), ' ', ''))
  || ' ' || char(57344) || 'r' || rating`;

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  if (dialect !== 'sqlite') return;
  const tagsOf = (storyId: string) =>
    `coalesce((select group_concat(tag, ' ') from story_tags where story_id = ${storyId}), '')`;
  const authorOf = (authorId: string) =>
    `coalesce((select username from users where id = ${authorId}), '')`;
  const insertDocument = `
    insert into story_search (story_id, genre, rating, title, description, tags, author)
    select new.id, new.genre, new.rating, new.title, new.description, ${tagsOf('new.id')},
           ${authorOf('new.author_id')}
    where new.visibility = 'public'
      and not exists (select 1 from story_search where story_id = new.id);`;
  const ftsColumns = 'title, description, tags, author, scope';
  const ftsDelete = `
    insert into story_search_fts (story_search_fts, rowid, ${ftsColumns})
    values ('delete', old.doc_id, old.title, old.description, old.tags, old.author, old.scope);`;
  const ftsInsert = `
    insert into story_search_fts (rowid, ${ftsColumns})
    values (new.doc_id, new.title, new.description, new.tags, new.author, new.scope);`;

  const statements = [
    `alter table story_search add column rating text not null default 'general'`,
    `update story_search
        set rating = coalesce((select s.rating from stories s where s.id = story_search.story_id), 'general')`,
    // modules/search/terms.ts (`genreToken`, `ratingToken`) writes the same tokens into queries.
    `alter table story_search add column scope text generated always as (${SCOPE_SQL}) virtual`,
    'drop trigger if exists story_search_fts_ai',
    'drop trigger if exists story_search_fts_ad',
    'drop trigger if exists story_search_fts_au',
    'drop trigger if exists stories_search_ai',
    'drop trigger if exists stories_search_au',
    'drop table story_search_fts',
    `create virtual table story_search_fts using fts5(
       ${ftsColumns},
       content = 'story_search', content_rowid = 'doc_id',
       tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
     )`,
    `create trigger story_search_fts_ai after insert on story_search begin
       ${ftsInsert}
     end`,
    `create trigger story_search_fts_ad after delete on story_search begin
       ${ftsDelete}
     end`,
    `create trigger story_search_fts_au
     after update of title, description, tags, author, genre, rating on story_search begin
       ${ftsDelete}
       ${ftsInsert}
     end`,
    `create trigger stories_search_ai after insert on stories begin
       ${insertDocument}
     end`,
    `create trigger stories_search_au
     after update of title, description, genre, rating, visibility, author_id on stories begin
       delete from story_search where story_id = new.id and new.visibility <> 'public';
       update story_search set genre = new.genre, rating = new.rating
        where story_id = new.id and (genre is not new.genre or rating is not new.rating);
       update story_search
          set title = new.title, description = new.description,
              author = ${authorOf('new.author_id')}
        where story_id = new.id
          and (title is not new.title or description is not new.description
               or new.author_id is not old.author_id);
       ${insertDocument}
     end`,
    `insert into story_search_fts (story_search_fts) values ('rebuild')`,
    `insert into story_search_fts (story_search_fts) values ('optimize')`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}
