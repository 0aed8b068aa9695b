import { z } from 'zod';
import type { Config } from '../config.js';
import type { Db } from '../db/index.js';
import type { Foreground } from '../lib/foreground.js';
import type { Mail, Mailer } from '../lib/mailer.js';
import { passwordResetJob, passwordResetPayload } from '../modules/auth/password-reset-job.js';
import { publishChapterJob, publishChapterPayload } from '../modules/chapters/schedule.js';
import type { CoverStore } from '../modules/media/covers.js';
import type { NotificationBus } from '../modules/notifications/bus.js';
import { type Notifier, notifyPayload } from '../modules/notifications/events.js';
import { notifyJob } from '../modules/notifications/job.js';
import { notificationMailJob, weeklyDigestJob } from '../modules/notifications/mail.js';
import { pruneRevisionsJob } from '../modules/revisions/prune.js';
import { statsBackfillJob } from '../modules/stats/backfill.js';
import { trashPurgeJob } from '../modules/trash/purge.js';
import { backgroundGate } from './progress.js';
import { defineJob, type JobHandler } from './queue.js';

const mailPayload = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  link: z.string().optional(),
  headers: z.record(z.string(), z.string()).optional(),
}) satisfies z.ZodType<Mail>;

/**
 * Every kind of job and the payload it carries. A new kind adds its schema here and its
 * handler in `jobHandlers`; `enqueue` then takes only that payload for that kind. A process
 * claims only the kinds it has handlers for, so a kind added by a newer release waits for a
 * process of that release (decision 015: old and new run side by side during a deploy).
 */
export const jobPayloads = {
  /** One message, delivered with the job's id (lib/mailer.ts: idempotent per id). */
  mail: mailPayload,
  /** A password reset request: the link is issued and mailed here, not in the request. */
  'password-reset': passwordResetPayload,
  /** Something happened that people may be told about (modules/notifications). */
  notify: notifyPayload,
  /** One person's batch of notification emails (replies, mentions, follows). */
  'notification-mail': z.object({ user_id: z.string() }),
  /** The weekly digest of one week, to everyone who has it on. */
  'weekly-digest': z.object({ period: z.string(), since: z.string() }),
  /** A scheduled chapter's publication, at its time (docs/decisions/028-scheduled-chapters.md). */
  'publish-chapter': publishChapterPayload,
  /** Fills the stories' daily stats from the reads, likes and comments before migration 016. */
  'stats-backfill': z.object({}),
  /** Deletes for good what has been in "Recently deleted" since 30 days before `before`. */
  'trash-purge': z.object({ before: z.string() }),
  /** Chapters' revisions from before `cutoff` thinned to one a day (decision 026). */
  'revisions-prune': z.object({ cutoff: z.string() }),
};

export type JobPayloads = { [K in keyof typeof jobPayloads]: z.infer<(typeof jobPayloads)[K]> };
export type AppJobHandlers = { [K in keyof JobPayloads]: JobHandler<JobPayloads[K]> };

export interface JobDeps {
  db: Db;
  config: Pick<Config, 'publicUrl' | 'jwtSecret' | 'notificationMail'>;
  /** Delivers mail: SMTP or the outbox (tests capture it instead). */
  mailer: Mailer;
  /** Wakes this process's notification streams once a notification is written. */
  bus: NotificationBus;
  /** The requests in flight: batches of work wait for a lull between them. */
  foreground: Foreground;
  /** Cover files, removed when a story is purged from the trash. */
  covers: Pick<CoverStore, 'remove'>;
  /** Records what people are told of (a scheduled chapter's publication). */
  notifier: Notifier;
  /** After a job changed what visitors see: empties this process's visitors' cache. */
  onPublicChange: () => void;
}

/** The handler of each kind, built once by the composition root (services.ts). */
export function jobHandlers({
  db,
  config,
  mailer,
  bus,
  foreground,
  covers,
  notifier,
  onPublicChange,
}: JobDeps): AppJobHandlers {
  // Notification batches all draw from one counter (notifications/repo.ts): one at a time.
  const notifyGate = backgroundGate(foreground, 1);
  const mailGate = backgroundGate(foreground);
  return {
    mail: defineJob(jobPayloads.mail, (mail, job) => mailer.send(mail, { id: job.id })),
    'password-reset': defineJob(
      jobPayloads['password-reset'],
      passwordResetJob({ db, config, mailer }),
    ),
    notify: defineJob(
      jobPayloads.notify,
      notifyJob({ db, bus, mail: config.notificationMail, gate: notifyGate }),
    ),
    'notification-mail': defineJob(
      jobPayloads['notification-mail'],
      notificationMailJob({ db, config, gate: mailGate }),
    ),
    'weekly-digest': defineJob(
      jobPayloads['weekly-digest'],
      weeklyDigestJob({ db, config, gate: mailGate }),
    ),
    'publish-chapter': defineJob(
      jobPayloads['publish-chapter'],
      publishChapterJob({ db, notifier, onPublished: onPublicChange }),
    ),
    'stats-backfill': defineJob(
      jobPayloads['stats-backfill'],
      statsBackfillJob({ db, gate: backgroundGate(foreground, 1) }),
    ),
    'trash-purge': defineJob(
      jobPayloads['trash-purge'],
      trashPurgeJob({ db, covers, gate: backgroundGate(foreground, 1) }),
    ),
    'revisions-prune': defineJob(
      jobPayloads['revisions-prune'],
      pruneRevisionsJob({ db, gate: backgroundGate(foreground, 1) }),
    ),
  };
}
