import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../index.js';

/**
 * Full-text search over public stories (docs/decisions/007-full-text-search.md) and the daily
 * salts that key anonymous read counting (docs/decisions/008-read-counting.md).
 *
 * The search document of a public story is its title, description, tags and author's username.
 * Triggers keep it in step with every write to stories, story_tags and users, whichever code
 * path makes it (services, account deletion's cascades, the seed's bulk inserts), in the same
 * transaction. Private stories have no document at all.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  if (dialect === 'postgres') await postgres(db);
  else await sqlite(db);
}

async function sqlite(db: Kysely<unknown>): Promise<void> {
  const tagsOf = (storyId: string) =>
    `coalesce((select group_concat(tag, ' ') from story_tags where story_id = ${storyId}), '')`;
  const authorOf = (authorId: string) =>
    `coalesce((select username from users where id = ${authorId}), '')`;
  /** Adds the document of story NEW when it is public and has none yet. */
  const insertDocument = `
    insert into story_search (story_id, genre, title, description, tags, author)
    select new.id, new.genre, new.title, new.description, ${tagsOf('new.id')},
           ${authorOf('new.author_id')}
    where new.visibility = 'public'
      and not exists (select 1 from story_search where story_id = new.id);`;
  const refreshTags = (storyId: string) => `
    update story_search set tags = ${tagsOf(storyId)} where story_id = ${storyId};`;
  const ftsColumns = 'title, description, tags, author';
  const ftsDelete = `
    insert into story_search_fts (story_search_fts, rowid, ${ftsColumns})
    values ('delete', old.doc_id, old.title, old.description, old.tags, old.author);`;
  const ftsInsert = `
    insert into story_search_fts (rowid, ${ftsColumns})
    values (new.doc_id, new.title, new.description, new.tags, new.author);`;

  const statements = [
    // The documents: doc_id is an INTEGER PRIMARY KEY so the FTS rowids survive VACUUM. The
    // genre rides along (not indexed for text) so a genre filter needs no stories lookup.
    `create table if not exists story_search (
       doc_id integer primary key,
       story_id text not null unique references stories (id) on delete cascade,
       genre text not null,
       title text not null,
       description text not null,
       tags text not null,
       author text not null
     )`,
    // External-content index over them: case folded, diacritics removed, prefix indexes for
    // the last word's prefix match.
    `create virtual table if not exists story_search_fts using fts5(
       ${ftsColumns},
       content = 'story_search', content_rowid = 'doc_id',
       tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
     )`,
    `create trigger if not exists story_search_fts_ai after insert on story_search begin
       ${ftsInsert}
     end`,
    `create trigger if not exists story_search_fts_ad after delete on story_search begin
       ${ftsDelete}
     end`,
    `create trigger if not exists story_search_fts_au
     after update of title, description, tags, author on story_search begin
       ${ftsDelete}
       ${ftsInsert}
     end`,
    // Stories: a public story has a document, a private one none; deletes cascade.
    `create trigger if not exists stories_search_ai after insert on stories begin
       ${insertDocument}
     end`,
    `create trigger if not exists stories_search_au
     after update of title, description, genre, visibility, author_id on stories begin
       delete from story_search where story_id = new.id and new.visibility <> 'public';
       update story_search set genre = new.genre
        where story_id = new.id and genre is not new.genre;
       update story_search
          set title = new.title, description = new.description,
              author = ${authorOf('new.author_id')}
        where story_id = new.id
          and (title is not new.title or description is not new.description
               or new.author_id is not old.author_id);
       ${insertDocument}
     end`,
    `create trigger if not exists story_tags_search_ai after insert on story_tags begin
       ${refreshTags('new.story_id')}
     end`,
    `create trigger if not exists story_tags_search_ad after delete on story_tags begin
       ${refreshTags('old.story_id')}
     end`,
    `create trigger if not exists story_tags_search_au after update on story_tags begin
       ${refreshTags('old.story_id')}
       ${refreshTags('new.story_id')}
     end`,
    `create trigger if not exists users_search_au after update of username on users
     when new.username is not old.username begin
       update story_search set author = new.username
        where story_id in (select id from stories where author_id = new.id);
     end`,
    // Stories that existed before this migration.
    `insert into story_search (story_id, genre, title, description, tags, author)
     select s.id, s.genre, s.title, s.description, ${tagsOf('s.id')}, ${authorOf('s.author_id')}
       from stories s
      where s.visibility = 'public'
        and not exists (select 1 from story_search d where d.story_id = s.id)`,
    `create table if not exists reader_salts (day text primary key, salt text not null)`,
  ];
  // The migrator runs each migration in a transaction now (db/migrate.ts); before, this one
  // opened its own.
  const apply = async (trx: Kysely<unknown>) => {
    for (const statement of statements) await sql.raw(statement).execute(trx);
  };
  await (db.isTransaction ? apply(db) : db.transaction().execute(apply));
}

async function postgres(db: Kysely<unknown>): Promise<void> {
  const statements = [
    // unaccent when the server has it (a trusted extension since PostgreSQL 13); the block's
    // exception handler keeps a refusal from aborting the migration.
    `do $$ begin
       create extension if not exists unaccent;
     exception when others then
       raise notice 'unaccent is not available (%); accents are folded for Latin letters only', sqlerrm;
     end $$`,
    // storyloom_fold(text): accents removed, the same function on documents and queries.
    // Declared immutable (as unaccent's dictionary never changes here) so it can be used freely.
    `do $$
     declare ns text;
     begin
       select extnamespace::regnamespace::text into ns from pg_extension where extname = 'unaccent';
       if ns is not null then
         execute format(
           'create or replace function storyloom_fold(value text) returns text
              language sql immutable strict parallel safe
              as $f$ select %I.unaccent(%L::regdictionary, value) $f$',
           ns, ns || '.unaccent');
       else
         create or replace function storyloom_fold(value text) returns text
           language sql immutable strict parallel safe
           as $f$ select translate(value,
             'ÀÁÂÃÄÅàáâãäåĀāĂăĄąÇçĆćĈĉĊċČčĎďĐđÈÉÊËèéêëĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĦħÌÍÎÏìíîïĨĩĪīĬĭĮįİıĴĵĶķĹĺĻļĽľĿŀŁłÑñŃńŅņŇňÒÓÔÕÖØòóôõöøŌōŎŏŐőŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŦŧÙÚÛÜùúûüŨũŪūŬŭŮůŰűŲųŴŵÝýÿŶŷŸŹźŻżŽž',
             'AAAAAAaaaaaaAaAaAaCcCcCcCcCcDdDdEEEEeeeeEeEeEeEeEeGgGgGgGgHhHhIIIIiiiiIiIiIiIiIiJjKkLlLlLlLlLlNnNnNnNnOOOOOOooooooOoOoOoRrRrRrSsSsSsSsTtTtTtUUUUuuuuUuUuUuUuUuUuWwYyyYyYZzZzZz') $f$;
       end if;
     end $$`,
    // The weighted document: title A, tags and author B, description C.
    `create or replace function storyloom_search_document(
       title text, description text, tags text, author text) returns tsvector
     language sql immutable parallel safe
     as $$ select
       setweight(to_tsvector('simple', storyloom_fold(coalesce(title, ''))), 'A') ||
       setweight(to_tsvector('simple', storyloom_fold(coalesce(tags, ''))), 'B') ||
       setweight(to_tsvector('simple', storyloom_fold(coalesce(author, ''))), 'B') ||
       setweight(to_tsvector('simple', storyloom_fold(coalesce(description, ''))), 'C') $$`,
    `create table if not exists story_search (
       story_id uuid primary key references stories (id) on delete cascade,
       genre text not null,
       document tsvector not null
     )`,
    'create index if not exists story_search_document_idx on story_search using gin (document)',
    // Rebuilds the documents of the given stories: public ones upserted, the rest removed.
    `create or replace function storyloom_search_refresh(ids uuid[]) returns void
     language plpgsql as $$
     begin
       delete from story_search d
        where d.story_id = any(ids)
          and not exists (select 1 from stories s where s.id = d.story_id and s.visibility = 'public');
       insert into story_search (story_id, genre, document)
       select s.id, s.genre, storyloom_search_document(s.title, s.description, t.tags, u.username)
         from stories s
         left join users u on u.id = s.author_id
         left join lateral (
           select string_agg(tag, ' ') as tags from story_tags where story_id = s.id
         ) t on true
        where s.id = any(ids) and s.visibility = 'public'
       on conflict (story_id) do update set genre = excluded.genre, document = excluded.document;
     end $$`,
    `create or replace function storyloom_search_stories_inserted() returns trigger
     language plpgsql as $$
     begin
       perform storyloom_search_refresh(array(select id from new_rows where visibility = 'public'));
       return null;
     end $$`,
    `create or replace function storyloom_search_story_updated() returns trigger
     language plpgsql as $$
     begin
       perform storyloom_search_refresh(array[new.id]);
       return null;
     end $$`,
    `create or replace function storyloom_search_tags_inserted() returns trigger
     language plpgsql as $$
     begin
       perform storyloom_search_refresh(array(select distinct story_id from new_rows));
       return null;
     end $$`,
    `create or replace function storyloom_search_tags_deleted() returns trigger
     language plpgsql as $$
     begin
       perform storyloom_search_refresh(array(select distinct story_id from old_rows));
       return null;
     end $$`,
    `create or replace function storyloom_search_tags_updated() returns trigger
     language plpgsql as $$
     begin
       perform storyloom_search_refresh(array(
         select story_id from old_rows union select story_id from new_rows));
       return null;
     end $$`,
    `create or replace function storyloom_search_user_renamed() returns trigger
     language plpgsql as $$
     begin
       perform storyloom_search_refresh(array(
         select id from stories where author_id = new.id and visibility = 'public'));
       return null;
     end $$`,
    'drop trigger if exists stories_search_ai on stories',
    `create trigger stories_search_ai after insert on stories
     referencing new table as new_rows
     for each statement execute function storyloom_search_stories_inserted()`,
    'drop trigger if exists stories_search_au on stories',
    `create trigger stories_search_au
     after update of title, description, genre, visibility, author_id on stories for each row
     when (old.title is distinct from new.title or old.description is distinct from new.description
           or old.genre is distinct from new.genre or old.visibility is distinct from new.visibility
           or old.author_id is distinct from new.author_id)
     execute function storyloom_search_story_updated()`,
    'drop trigger if exists story_tags_search_ai on story_tags',
    `create trigger story_tags_search_ai after insert on story_tags
     referencing new table as new_rows
     for each statement execute function storyloom_search_tags_inserted()`,
    'drop trigger if exists story_tags_search_ad on story_tags',
    `create trigger story_tags_search_ad after delete on story_tags
     referencing old table as old_rows
     for each statement execute function storyloom_search_tags_deleted()`,
    'drop trigger if exists story_tags_search_au on story_tags',
    `create trigger story_tags_search_au after update on story_tags
     referencing old table as old_rows new table as new_rows
     for each statement execute function storyloom_search_tags_updated()`,
    'drop trigger if exists users_search_au on users',
    `create trigger users_search_au after update of username on users for each row
     when (old.username is distinct from new.username)
     execute function storyloom_search_user_renamed()`,
    // Stories that existed before this migration.
    `insert into story_search (story_id, genre, document)
     select s.id, s.genre, storyloom_search_document(s.title, s.description, t.tags, u.username)
       from stories s
       left join users u on u.id = s.author_id
       left join lateral (
         select string_agg(tag, ' ') as tags from story_tags where story_id = s.id
       ) t on true
      where s.visibility = 'public'
     on conflict (story_id) do nothing`,
    // Username prefix search (`GET /users/search`) under any database collation.
    `create index if not exists users_username_prefix_idx
       on users (lower(username) text_pattern_ops)`,
    'create table if not exists reader_salts (day text primary key, salt text not null)',
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}
