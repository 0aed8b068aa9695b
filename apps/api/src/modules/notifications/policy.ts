import { resolveSettings, type SocialNotificationType, type UserSettings } from '@storyloom/shared';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/types.js';
import { actorsAmong } from '../safety/repo.js';
import { settingsOfMany } from '../users/settings-repo.js';

type Exec = Kysely<Database> | Transaction<Database>;

/** The Settings → Notifications switch that turns each kind off. */
export const SWITCH_OF: Record<SocialNotificationType, keyof UserSettings> = {
  follow: 'notifyNewFollower',
  comment: 'notifyNewComment',
  reply: 'notifyNewComment',
  mention: 'notifyNewComment',
  story_like: 'notifyNewVote',
  new_chapter: 'notifyStoryUpdate',
};

/**
 * Of `userIds`, those who want to hear about `type` from `actorId`: never the actor themself,
 * nobody whose switch for the kind is off, and nobody who blocked or muted the actor. Every
 * kind is decided here (follows, likes grouped or not, comments, replies, mentions and a new
 * chapter's fan-out), so a block or mute silences the actor everywhere at once.
 */
export async function recipients(
  db: Exec,
  userIds: string[],
  actorId: string,
  type: SocialNotificationType,
): Promise<string[]> {
  const others = [...new Set(userIds)].filter((id) => id !== actorId);
  if (others.length === 0) return [];
  const settings = await settingsOfMany(db, others);
  const blocked = await blockedBy(db, others, actorId);
  const key = SWITCH_OF[type];
  return others.filter((id) => resolveSettings(settings.get(id))[key] === true && !blocked.has(id));
}

/**
 * Which of `userIds` blocked or muted `actorId` (docs/decisions/024-blocks-and-mutes.md): two
 * reads of the reverse-direction indexes, whatever the batch size (at most a fan-out batch).
 */
async function blockedBy(db: Exec, userIds: string[], actorId: string): Promise<Set<string>> {
  const blockers = await actorsAmong(db, 'blocks', userIds, actorId);
  const muters = await actorsAmong(db, 'mutes', userIds, actorId);
  return new Set([...blockers, ...muters]);
}
