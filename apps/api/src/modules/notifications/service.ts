import {
  NOTIFICATION_LIMITS,
  type Notification,
  type NotificationListQuery,
  type Paged,
} from '@storyloom/shared';
import type { Db } from '../../db/index.js';
import { offsetOf, pageOf } from '../../lib/pagination.js';
import { nowIso } from '../../lib/time.js';
import type { NotificationBus } from './bus.js';
import { presentNotifications } from './present.js';
import {
  changedAfter,
  countUnread,
  lastSeq,
  markRead,
  type NotificationInContext,
  notificationPage,
} from './repo.js';

type Viewer = { id: string };

/**
 * A person's notifications (docs/decisions/022-notifications.md): read, counted, marked read,
 * and what their live stream sends. Written only by the `notify` job (job.ts).
 */
export function createNotificationService({ db, bus }: { db: Db; bus: NotificationBus }) {
  const k = db.kysely;
  const unread = (viewer: Viewer) =>
    countUnread(k, db.dialect, viewer.id, NOTIFICATION_LIMITS.unreadCountMax);
  const present = (viewer: Viewer, rows: NotificationInContext[]) =>
    presentNotifications(k, viewer, rows);

  return {
    async list(viewer: Viewer, query: NotificationListQuery): Promise<Paged<Notification>> {
      const { rows, total } = await notificationPage(
        k,
        db.dialect,
        viewer.id,
        query.unread,
        offsetOf(query),
        query.limit,
      );
      return pageOf(await present(viewer, rows), total, query);
    },

    unreadCount: async (viewer: Viewer) => ({ count: await unread(viewer) }),

    /** Marks `ids` (or everything) read; the user's open streams hear the new count. */
    async markRead(viewer: Viewer, ids: string[] | undefined) {
      const changed = await markRead(k, viewer.id, ids, nowIso());
      if (changed > 0) bus.publish([viewer.id]);
      return { count: await unread(viewer) };
    },

    /** Where a stream starts when the client has seen nothing yet: after the latest change. */
    streamStart: (viewer: Viewer) => lastSeq(k, viewer.id),

    /** Changes after `seq`, oldest first, as the stream sends them, with their seq. */
    async changesAfter(viewer: Viewer, seq: number, limit: number) {
      const rows = await changedAfter(k, viewer.id, seq, limit);
      const items = await present(viewer, rows);
      return items.map((notification, i) => ({ seq: Number(rows[i]!.seq), notification }));
    },
  };
}
export type NotificationService = ReturnType<typeof createNotificationService>;
