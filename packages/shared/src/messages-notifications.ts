/**
 * Notifications (issue 20): their kinds and what people read about them. Free of zod, so the
 * web bundle can import the strings alone.
 */
export const NOTIFICATION_TYPES = [
  /** Someone followed you. */
  'follow',
  /** Someone commented on your story (a comment or a reply to someone else). */
  'comment',
  /** Someone replied to your comment. */
  'reply',
  /** Someone mentioned you (`@username`) in a comment. */
  'mention',
  /** People liked your story: one notification per story while it is unread. */
  'story_like',
  /** A new chapter of a story you saved, or by an author you follow. */
  'new_chapter',
  /** A report you made was handled (never saying by whom). */
  'report_resolved',
  /** The moderators hid your story, chapter or comment, with their reason. */
  'content_hidden',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
/** Notices from the moderators: no actor, no switch turns them off. */
export const MODERATION_NOTICE_TYPES = ['report_resolved', 'content_hidden'] as const;
export type ModerationNoticeType = (typeof MODERATION_NOTICE_TYPES)[number];
/** The kinds people cause, each with its switch in Settings → Notifications. */
export type SocialNotificationType = Exclude<NotificationType, ModerationNoticeType>;

export const NOTIFICATION_LIMITS = {
  /** The unread count stops counting here; the bell shows "99+" from 100. */
  unreadCountMax: 999,
  /** Ids one `POST /notifications/read` may name. */
  readIdsMax: 100,
  /** Actors a notification lists by name; `actors_count` counts them all. */
  actorsShown: 3,
} as const;

export const NOTIFICATION_MESSAGES = {
  allRead: 'All notifications marked as read',
  marked: 'Marked as read',
  tooManyIds: `Mark at most ${NOTIFICATION_LIMITS.readIdsMax} notifications at once`,
  tooManyStreams: 'Too many open notification streams; close a tab and try again',
} as const;

/** The switches an email's unsubscribe link turns off. */
export const EMAIL_SWITCHES = ['emailNotifications', 'notifyWeeklyDigest'] as const;
export type EmailSwitch = (typeof EMAIL_SWITCHES)[number];

export const UNSUBSCRIBE_MESSAGES = {
  invalidLink:
    'This unsubscribe link is not valid. Change your emails in Settings → Notifications.',
  unsubscribed: 'Unsubscribed',
  /** What each switch sends, in "You will no longer get …". */
  emailNotifications: 'emails about replies, mentions and new followers',
  notifyWeeklyDigest: 'the weekly digest of new chapters',
} as const;
