import type { Kysely, Transaction } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/types.js';
import { enqueue } from '../../jobs/queue.js';

/**
 * What happened, as recorded by the request that did it, in its own transaction: the `notify`
 * job's payload (jobs/kinds.ts). The job decides, when it runs, whom to tell.
 */
export const notifyPayload = z.discriminatedUnion('event', [
  z.object({ event: z.literal('follow'), follower_id: z.string(), followee_id: z.string() }),
  z.object({ event: z.literal('story_like'), user_id: z.string(), story_id: z.string() }),
  z.object({ event: z.literal('comment'), comment_id: z.string() }),
  z.object({ event: z.literal('new_chapter'), chapter_id: z.string() }),
  // A moderation notice (docs/decisions/025-moderation.md): whom to tell is decided by the
  // staff action itself; the job only writes it.
  z.object({
    event: z.literal('moderation_notice'),
    type: z.enum(['report_resolved', 'content_hidden']),
    user_ids: z.array(z.string()),
    story_id: z.string().nullable(),
    chapter_id: z.string().nullable(),
    comment_id: z.string().nullable(),
    detail: z.object({
      target_type: z.enum(['story', 'chapter', 'comment', 'user']),
      outcome: z.enum(['action_taken', 'no_action']).nullable(),
      reason: z.string().nullable(),
    }),
  }),
]);
export type NotifyEvent = z.infer<typeof notifyPayload>;

/** How services record events. */
export interface Notifier {
  /** Records `event` with the caller's transaction: it is told if, and only if, that commits. */
  record(trx: Kysely<Database> | Transaction<Database>, event: NotifyEvent): Promise<void>;
  /** Once the transaction has committed: the worker takes an event that is due now at once. */
  poke(): void;
}

/** Events that can be undone (unfollow, unlike) wait this long, and are dropped if they were. */
const UNDOABLE = new Set<NotifyEvent['event']>(['follow', 'story_like']);

export function createNotifier({
  undoWindowMs,
  poke,
}: {
  undoWindowMs: number;
  poke: () => void;
}): Notifier {
  return {
    async record(trx, event) {
      const runAt = UNDOABLE.has(event.event) ? new Date(Date.now() + undoWindowMs) : undefined;
      await enqueue(trx, { kind: 'notify', payload: event, runAt });
    },
    poke,
  };
}
