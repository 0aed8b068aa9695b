import { EventEmitter } from 'node:events';
import type { SharedState } from '../../lib/shared-state.js';

/**
 * Tells the open notification streams that a user's notifications changed, so they send at
 * once. It carries no data: a stream reads what changed from the database, so an event missed
 * costs only the wait for the stream's next poll. Without Redis it reaches this process's
 * streams only (another process's are told by their poll); with REDIS_URL every process's
 * (docs/decisions/037-shared-state-and-read-replicas.md).
 */
export interface NotificationBus {
  publish(userIds: Iterable<string>): void;
  /** Calls `listener` on each change of the user's notifications; answers the unsubscribe. */
  subscribe(userId: string, listener: () => void): () => void;
}

/** The channel the user ids of a change go out on (space-separated). */
const CHANNEL = 'notify';

export function createNotificationBus(shared?: SharedState): NotificationBus {
  const emitter = new EventEmitter();
  // One listener per open stream: as many as there are signed-in tabs.
  emitter.setMaxListeners(0);
  const wake = (ids: Iterable<string>) => {
    for (const id of ids) emitter.emit(id);
  };
  shared?.subscribe(CHANNEL, (message) => wake(message.split(' ').filter(Boolean)));
  return {
    publish(userIds) {
      const ids = new Set(userIds);
      if (ids.size === 0) return;
      wake(ids);
      // Only the ids another process has streams for matter, but this one cannot know which.
      shared?.publish(CHANNEL, [...ids].join(' '));
    },
    subscribe(userId, listener) {
      emitter.on(userId, listener);
      return () => emitter.off(userId, listener);
    },
  };
}
