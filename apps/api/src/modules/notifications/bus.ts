import { EventEmitter } from 'node:events';

/**
 * Tells this process's open notification streams that a user's notifications changed, so they
 * send at once. It carries no data: a stream reads what changed from the database, so an
 * event missed (another process wrote it) costs only the wait for the stream's next poll.
 */
export interface NotificationBus {
  publish(userIds: Iterable<string>): void;
  /** Calls `listener` on each change of the user's notifications; answers the unsubscribe. */
  subscribe(userId: string, listener: () => void): () => void;
}

export function createNotificationBus(): NotificationBus {
  const emitter = new EventEmitter();
  // One listener per open stream: as many as there are signed-in tabs.
  emitter.setMaxListeners(0);
  return {
    publish(userIds) {
      for (const id of new Set(userIds)) emitter.emit(id);
    },
    subscribe(userId, listener) {
      emitter.on(userId, listener);
      return () => emitter.off(userId, listener);
    },
  };
}
