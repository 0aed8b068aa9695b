import { z } from 'zod';
import {
  MODERATION_ACTIONS,
  MODERATION_LIMITS,
  MODERATION_MESSAGES,
  REPORT_REASONS,
  REPORT_STATUSES,
  REPORT_TARGETS,
  STAFF_ROLES,
} from '../messages-moderation.js';
import { isoDate, pageQuery } from './common.js';

/** Reports, the moderation queue and the audit log (issue 21, docs/api.md Moderation). */

export const createReportBody = z.object({
  target_type: z.enum(REPORT_TARGETS, { message: 'Choose what to report' }),
  target_id: z.string().trim().min(1, 'Choose what to report').max(100),
  reason: z.enum(REPORT_REASONS, { message: MODERATION_MESSAGES.reasonRequired }),
  note: z
    .string()
    .trim()
    .max(MODERATION_LIMITS.noteMax, MODERATION_MESSAGES.noteTooLong)
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type CreateReportBody = z.infer<typeof createReportBody>;

export const reportReceipt = z
  .object({ id: z.string(), status: z.enum(REPORT_STATUSES) })
  .meta({ id: 'ReportReceipt' });
export type ReportReceipt = z.infer<typeof reportReceipt>;

export const reportListQuery = pageQuery.extend({
  status: z.enum(REPORT_STATUSES).default('open'),
});
export type ReportListQuery = z.infer<typeof reportListQuery>;

/** One reported thing in the queue, with its reports grouped. */
export const reportGroup = z
  .object({
    report_id: z.string().describe('The oldest report of the group: resolve it to act on all'),
    target_type: z.enum(REPORT_TARGETS),
    target_id: z.string(),
    count: z.number().int().describe('Reports of this target with this status'),
    reasons: z.array(z.enum(REPORT_REASONS)).describe('Distinct reasons given'),
    notes: z.array(z.string()).describe('Notes given, newest first, at most 5'),
    first_reported_at: isoDate,
    last_reported_at: isoDate,
    status: z.enum(REPORT_STATUSES),
    resolution: z.string().nullable().describe('What was done, for handled reports'),
    target: z
      .object({
        title: z.string().describe('Story or chapter title, comment excerpt or username'),
        excerpt: z.string().describe('The content in context: the text, a chapter’s start'),
        url: z.string().nullable().describe('Where it is read on the site'),
        owner: z.object({ id: z.string(), username: z.string() }).nullable(),
        hidden: z.boolean(),
        owner_suspended: z.boolean(),
        story_title: z.string().nullable().describe('For a chapter or comment: its story'),
      })
      .nullable()
      .describe('null once the content was deleted'),
  })
  .meta({ id: 'ReportGroup' });
export type ReportGroup = z.infer<typeof reportGroup>;

export const resolveReportBody = z.object({
  action: z.enum(MODERATION_ACTIONS, { message: 'Choose an action' }),
  reason: z
    .string({ message: MODERATION_MESSAGES.actionReasonRequired })
    .trim()
    .min(1, MODERATION_MESSAGES.actionReasonRequired)
    .max(MODERATION_LIMITS.reasonMax, MODERATION_MESSAGES.actionReasonTooLong),
  days: z
    .number({ message: MODERATION_MESSAGES.daysInvalid })
    .int(MODERATION_MESSAGES.daysInvalid)
    .min(1, MODERATION_MESSAGES.daysInvalid)
    .max(MODERATION_LIMITS.suspendDaysMax, MODERATION_MESSAGES.daysInvalid)
    .optional()
    .describe('suspend only: how many days; left out, for good'),
});
export type ResolveReportBody = z.infer<typeof resolveReportBody>;

export const resolveResult = z
  .object({ action: z.enum(MODERATION_ACTIONS), reports_closed: z.number().int() })
  .meta({ id: 'ResolveResult' });
export type ResolveResult = z.infer<typeof resolveResult>;

export const auditEntry = z
  .object({
    id: z.string(),
    staff: z.object({ id: z.string(), username: z.string() }),
    action: z.string(),
    target_type: z.string(),
    target_id: z.string(),
    reason: z.string(),
    details: z.record(z.string(), z.unknown()).nullable(),
    created_at: isoDate,
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof auditEntry>;

export const staffRoleBody = z.object({
  role: z.enum([...STAFF_ROLES, 'user'], { message: 'Choose moderator, admin or user' }),
  reason: z.string().trim().max(MODERATION_LIMITS.reasonMax).optional(),
});
export type StaffRoleBody = z.infer<typeof staffRoleBody>;

export const staffMember = z
  .object({
    id: z.string(),
    username: z.string(),
    role: z.enum(STAFF_ROLES).nullable(),
  })
  .meta({ id: 'StaffMember' });
export type StaffMember = z.infer<typeof staffMember>;

export const contactMessageItem = z
  .object({
    id: z.string(),
    name: z.string().nullable(),
    email: z.string(),
    topic: z.string(),
    message: z.string(),
    username: z.string().nullable().describe('The sender’s account when signed in'),
    created_at: isoDate,
  })
  .meta({ id: 'ContactMessage' });
export type ContactMessageItem = z.infer<typeof contactMessageItem>;

/** What the author of hidden content, and only they, sees on it. */
export const hiddenNotice = z
  .object({ reason: z.string().nullable(), at: isoDate })
  .nullable()
  .meta({ id: 'HiddenNotice' });
