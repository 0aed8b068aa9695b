import { z } from 'zod';
import {
  EMAIL_SWITCHES,
  NOTIFICATION_LIMITS,
  NOTIFICATION_MESSAGES,
  NOTIFICATION_TYPES,
} from '../messages-notifications.js';
import { isoDate, pageQuery, uuid } from './common.js';

/** Notifications (issue 20, docs/api.md Notifications, docs/decisions/022-notifications.md). */

export const notificationActor = z
  .object({
    id: z.string(),
    username: z.string(),
    profile_pic: z.string().nullable().describe('null when none, or hidden by their privacy'),
  })
  .meta({ id: 'NotificationActor' });

export const notification = z
  .object({
    id: z.string(),
    type: z.enum(NOTIFICATION_TYPES),
    actors: z
      .array(notificationActor)
      .describe(
        `The latest, at most ${NOTIFICATION_LIMITS.actorsShown}; deleted accounts left out`,
      ),
    actors_count: z.number().int().describe('Everyone the notification is about'),
    story: z.object({ id: z.string(), title: z.string() }).nullable(),
    chapter: z.object({ id: z.string(), title: z.string(), position: z.number().int() }).nullable(),
    comment: z
      .object({
        id: z.string(),
        excerpt: z.string().describe('The start of the comment’s text'),
        parent_id: z.string().nullable(),
        paragraph: z.number().int().nullable().describe('The paragraph (from 0) it is on'),
      })
      .nullable(),
    moderation: z
      .object({
        target_type: z.enum(['story', 'chapter', 'comment', 'user']),
        outcome: z
          .enum(['action_taken', 'no_action'])
          .nullable()
          .describe('report_resolved: whether the moderators acted on what you reported'),
        reason: z.string().nullable().describe('content_hidden: the moderators’ reason'),
      })
      .nullable()
      .optional()
      .describe('report_resolved and content_hidden only; never names the staff member'),
    created_at: isoDate.describe('When it last changed (a new actor moves it up)'),
    read_at: isoDate.nullable(),
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof notification>;

export const notificationListQuery = pageQuery.extend({
  unread: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true')
    .describe('true: unread ones only'),
});
export type NotificationListQuery = z.infer<typeof notificationListQuery>;

export const unreadCount = z
  .object({
    count: z
      .number()
      .int()
      .describe(`Unread notifications, counted up to ${NOTIFICATION_LIMITS.unreadCountMax}`),
  })
  .meta({ id: 'UnreadCount' });
export type UnreadCount = z.infer<typeof unreadCount>;

export const markReadBody = z
  .strictObject({
    ids: z
      .array(uuid)
      .max(NOTIFICATION_LIMITS.readIdsMax, NOTIFICATION_MESSAGES.tooManyIds)
      .optional()
      .describe('Left out: every notification'),
  })
  .meta({ id: 'MarkNotificationsRead' });
export type MarkReadBody = z.infer<typeof markReadBody>;

/**
 * What `GET /notifications/stream` sends (text/event-stream):
 * - `event: notification`, `id: <seq>`: a notification that is new or has a new actor, with
 *   the unread count after it. A reconnect sends `Last-Event-ID` and gets every one after it.
 * - `event: count`: the unread count. Sent first on every connection, with `id:` where the
 *   stream starts; again, without an id, when it changes without a new notification (read
 *   elsewhere).
 */
export const notificationEvent = z.object({
  notification,
  unread_count: z.number().int(),
});
export type NotificationEvent = z.infer<typeof notificationEvent>;

export const unsubscribeQuery = z.object({
  token: z.string().min(1).max(200).describe('From the email’s unsubscribe link'),
});

export const unsubscribeState = z
  .object({
    username: z.string(),
    switch: z.enum(EMAIL_SWITCHES),
    subscribed: z.boolean().describe('Whether the switch is on now'),
  })
  .meta({ id: 'UnsubscribeState' });
export type UnsubscribeState = z.infer<typeof unsubscribeState>;
