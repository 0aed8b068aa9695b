import { NOTIFICATION_LIMITS, type Notification } from '@storyloom/shared';
import type { Kysely, Transaction } from 'kysely';
import type { Database, NotificationRow } from '../../db/types.js';
import { parseKeys } from '../comments/repo.js';
import { authorSummaries } from '../stories/views.js';
import { parseStoredSettings } from '../users/settings-repo.js';
import { actorsOf } from './repo.js';

type Exec = Kysely<Database> | Transaction<Database>;
type Viewer = { id: string };

/** How much of a comment a notification quotes. */
const EXCERPT_MAX = 120;

const excerptOf = (body: string) => {
  const line = body.replace(/\s+/g, ' ').trim();
  return line.length <= EXCERPT_MAX ? line : `${line.slice(0, EXCERPT_MAX - 1).trimEnd()}…`;
};

/** A moderation notice's words (migration 011), or null for every other kind. */
function moderationOf(detail: string | null): Notification['moderation'] {
  if (!detail) return null;
  try {
    const parsed = JSON.parse(detail) as NonNullable<Notification['moderation']>;
    return {
      target_type: parsed.target_type,
      outcome: parsed.outcome ?? null,
      reason: parsed.reason ?? null,
    };
  } catch {
    return null;
  }
}

/** Payloads for rows of one user, in a fixed number of queries for the whole page. */
export async function presentNotifications(
  k: Exec,
  viewer: Viewer,
  rows: NotificationRow[],
): Promise<Notification[]> {
  if (rows.length === 0) return [];
  const ids = (column: 'story_id' | 'chapter_id' | 'comment_id') => [
    ...new Set(rows.flatMap((row) => (row[column] ? [row[column]] : []))),
  ];
  const [stories, chapters, comments, actorRows] = await Promise.all([
    ids('story_id').length === 0
      ? []
      : k
          .selectFrom('stories')
          .select(['id', 'title'])
          .where('id', 'in', ids('story_id'))
          .execute(),
    ids('chapter_id').length === 0
      ? []
      : k
          .selectFrom('chapters')
          .select(['id', 'title', 'position', 'paragraph_keys'])
          .where('id', 'in', ids('chapter_id'))
          .execute(),
    ids('comment_id').length === 0
      ? []
      : k
          .selectFrom('comments')
          .select(['id', 'body', 'parent_id', 'paragraph_key'])
          .where('id', 'in', ids('comment_id'))
          .execute(),
    actorsOf(
      k,
      rows.map((row) => row.id),
      NOTIFICATION_LIMITS.actorsShown,
    ),
  ]);
  const authors = await authorSummaries(
    k,
    viewer,
    actorRows.map((row) => ({ ...row, settings: parseStoredSettings(row.settings) })),
  );
  const storyOf = new Map(stories.map((story) => [story.id, story]));
  const chapterOf = new Map(chapters.map((chapter) => [chapter.id, chapter]));
  const commentOf = new Map(comments.map((comment) => [comment.id, comment]));
  const actorsByNotification = new Map<string, typeof actorRows>();
  for (const row of actorRows) {
    const list = actorsByNotification.get(row.notification_id);
    if (list) list.push(row);
    else actorsByNotification.set(row.notification_id, [row]);
  }

  return rows.map((row) => {
    const story = row.story_id ? storyOf.get(row.story_id) : undefined;
    const chapter = row.chapter_id ? chapterOf.get(row.chapter_id) : undefined;
    const comment = row.comment_id ? commentOf.get(row.comment_id) : undefined;
    const actors = (actorsByNotification.get(row.id) ?? []).map((actor) => {
      const summary = authors.get(actor.id);
      return {
        id: actor.id,
        username: actor.username,
        profile_pic: summary?.profile_pic ?? null,
      };
    });
    const keys = chapter ? (parseKeys(chapter.paragraph_keys) ?? []) : [];
    const paragraph = comment?.paragraph_key ? keys.indexOf(comment.paragraph_key) : -1;
    return {
      id: row.id,
      type: row.type,
      actors,
      actors_count: Math.max(actors.length, Number(row.actors_count)),
      story: story ? { id: story.id, title: story.title } : null,
      chapter: chapter
        ? { id: chapter.id, title: chapter.title, position: chapter.position }
        : null,
      comment: comment
        ? {
            id: comment.id,
            excerpt: excerptOf(comment.body),
            parent_id: comment.parent_id,
            paragraph: paragraph >= 0 ? paragraph : null,
          }
        : null,
      moderation: moderationOf(row.detail),
      created_at: row.updated_at,
      read_at: row.read_at,
    };
  });
}
