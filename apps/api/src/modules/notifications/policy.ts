import { type NotificationType, resolveSettings, type UserSettings } from '@storyloom/shared';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/types.js';
import { settingsOfMany } from '../users/settings-repo.js';

type Exec = Kysely<Database> | Transaction<Database>;

/** The Settings → Notifications switch that turns each kind off. */
export const SWITCH_OF: Record<NotificationType, keyof UserSettings> = {
  follow: 'notifyNewFollower',
  comment: 'notifyNewComment',
  reply: 'notifyNewComment',
  mention: 'notifyNewComment',
  story_like: 'notifyNewVote',
  new_chapter: 'notifyStoryUpdate',
};

/**
 * Of `userIds`, those who want to hear about `type` from `actorId`: never the actor themself,
 * nobody whose switch for the kind is off, and nobody who blocked the actor.
 */
export async function recipients(
  db: Exec,
  userIds: string[],
  actorId: string,
  type: NotificationType,
): Promise<string[]> {
  const others = [...new Set(userIds)].filter((id) => id !== actorId);
  if (others.length === 0) return [];
  const settings = await settingsOfMany(db, others);
  const blocked = await blockedBy(db, others, actorId);
  const key = SWITCH_OF[type];
  return others.filter((id) => resolveSettings(settings.get(id))[key] === true && !blocked.has(id));
}

/**
 * Which of `userIds` blocked `actorId`. Blocking arrives with "Trust and safety" (issue 21);
 * until then nobody has, and this is where its rule goes.
 */
async function blockedBy(_db: Exec, _userIds: string[], _actorId: string): Promise<Set<string>> {
  return new Set();
}
