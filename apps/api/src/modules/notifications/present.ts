import { NOTIFICATION_LIMITS, type Notification } from '@storyloom/shared';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/types.js';
import { parseKeys } from '../comments/repo.js';
import { authorSummaries } from '../stories/views.js';
import { parseStoredSettings } from '../users/settings-repo.js';
import { actorsOf, type NotificationInContext } from './repo.js';

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

/**
 * Payloads for rows of one user, read with their context (`notificationsInContext`): one more
 * query for the whole page, its actors.
 */
export async function presentNotifications(
  k: Exec,
  viewer: Viewer,
  rows: NotificationInContext[],
): Promise<Notification[]> {
  if (rows.length === 0) return [];
  const actorRows = await actorsOf(
    k,
    rows.map((row) => row.id),
    NOTIFICATION_LIMITS.actorsShown,
  );
  const authors = await authorSummaries(
    k,
    viewer,
    actorRows.map((row) => ({ ...row, settings: parseStoredSettings(row.settings) })),
  );
  const actorsByNotification = new Map<string, typeof actorRows>();
  for (const row of actorRows) {
    const list = actorsByNotification.get(row.notification_id);
    if (list) list.push(row);
    else actorsByNotification.set(row.notification_id, [row]);
  }

  return rows.map((row) => {
    const actors = (actorsByNotification.get(row.id) ?? []).map((actor) => {
      const summary = authors.get(actor.id);
      return {
        id: actor.id,
        username: actor.username,
        profile_pic: summary?.profile_pic ?? null,
      };
    });
    const keys = row.chapter_paragraph_keys ? (parseKeys(row.chapter_paragraph_keys) ?? []) : [];
    const paragraph = row.comment_paragraph_key ? keys.indexOf(row.comment_paragraph_key) : -1;
    return {
      id: row.id,
      type: row.type,
      actors,
      actors_count: Math.max(actors.length, Number(row.actors_count)),
      story:
        row.story_id && row.story_title !== null
          ? { id: row.story_id, title: row.story_title }
          : null,
      chapter:
        row.chapter_id && row.chapter_title !== null && row.chapter_position !== null
          ? { id: row.chapter_id, title: row.chapter_title, position: row.chapter_position }
          : null,
      comment:
        row.comment_id && row.comment_body !== null
          ? {
              id: row.comment_id,
              excerpt: excerptOf(row.comment_body),
              parent_id: row.comment_parent_id,
              paragraph: paragraph >= 0 ? paragraph : null,
            }
          : null,
      moderation: moderationOf(row.detail),
      created_at: row.updated_at,
      read_at: row.read_at,
    };
  });
}
