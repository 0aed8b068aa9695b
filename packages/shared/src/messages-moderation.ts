/**
 * Reports and moderation (issue 21, docs/decisions/025-moderation.md). Free of zod, so the web
 * bundle can import the strings alone.
 */
export const REPORT_TARGETS = ['story', 'chapter', 'comment', 'user'] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];

export const REPORT_REASONS = [
  'spam',
  'harassment',
  'hate',
  'csam',
  'violence',
  'copyright',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** The words the report dialog and the queue show for each reason, as the issue names them. */
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam',
  harassment: 'Harassment or bullying',
  hate: 'Hate',
  csam: 'Sexual content involving minors',
  violence: 'Violence or threats',
  copyright: 'Copyright',
  other: 'Other',
};

export const REPORT_STATUSES = ['open', 'resolved', 'dismissed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export const MODERATION_ACTIONS = ['dismiss', 'hide', 'suspend', 'restore'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

export const STAFF_ROLES = ['moderator', 'admin'] as const;
export type StaffRoleName = (typeof STAFF_ROLES)[number];

export const MODERATION_LIMITS = {
  noteMax: 1000,
  reasonMax: 500,
  suspendDaysMax: 3650,
  /** Reports one account may file per hour. */
  reportsPerHour: 30,
} as const;

export const MODERATION_MESSAGES = {
  reported: 'Thanks — the moderators will look at it.',
  alreadyReported: 'You have already reported this; the moderators will look at it.',
  reasonRequired: 'Choose a reason',
  noteTooLong: `Keep the note under ${MODERATION_LIMITS.noteMax} characters`,
  cannotReportSelf: 'You cannot report yourself',
  targetNotFound: 'Nothing to report here: it does not exist or is not visible to you',
  staffOnly: 'Only moderators and admins can do this',
  adminOnly: 'Only admins can do this',
  actionReasonRequired: 'Give a reason',
  actionReasonTooLong: `Keep the reason under ${MODERATION_LIMITS.reasonMax} characters`,
  daysInvalid: `Days must be a whole number from 1 to ${MODERATION_LIMITS.suspendDaysMax}, or left out for good`,
  reportNotFound: 'Report not found',
  reportClosed: 'This report has already been handled',
  hideNotApplicable: 'Only a story, chapter or comment can be hidden',
  cannotSuspendStaff: 'Staff accounts cannot be suspended; take their role first',
  cannotChangeOwnRole: 'You cannot change your own role',
  userNotFound: 'User not found',
  resolved: 'Report handled',
  roleChanged: 'Role updated',
  /** What the author sees on their own hidden story, chapter or comment. */
  hiddenByModerators: 'Hidden by the moderators',
  /** The sign-in refusal of a suspended account. */
  suspended: (until: string | null) =>
    until === null
      ? 'This account has been suspended.'
      : `This account is suspended until ${until}.`,
  /** A hidden story's visibility cannot be changed by its author. */
  hiddenVisibility: 'This story was hidden by the moderators; its visibility cannot be changed',
  hiddenChapter: 'This chapter was hidden by the moderators; it cannot be published',
} as const;

/** A suspension "for good" is stored as this moment. */
export const SUSPENDED_FOR_GOOD = '9999-12-31T00:00:00.000Z';
