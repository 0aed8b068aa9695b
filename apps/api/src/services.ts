import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Db } from './db/index.js';
import { jobHandlers } from './jobs/kinds.js';
import { queuedMailer } from './jobs/mail.js';
import { createScheduler, type Scheduler } from './jobs/schedule.js';
import { createWorker, type Worker } from './jobs/worker.js';
import { createForeground, type Foreground } from './lib/foreground.js';
import type { Mailer } from './lib/mailer.js';
import type { SharedState } from './lib/shared-state.js';
import { MINUTE } from './lib/time.js';
import { type Authenticator, createAuthenticator } from './modules/auth/authenticate.js';
import { createGoogleSignIn, type GoogleSignIn } from './modules/auth/google.js';
import { LoginThrottle } from './modules/auth/login-throttle.js';
import { type AuthService, createAuthService } from './modules/auth/service.js';
import { createTokenService } from './modules/auth/tokens.js';
import { type ChapterService, createChapterService } from './modules/chapters/service.js';
import { type CommentService, createCommentService } from './modules/comments/service.js';
import { type ContactService, createContactService } from './modules/contact/service.js';
import { PublicStoryCounts } from './modules/discovery/counts.js';
import { createDiscoveryService, type DiscoveryService } from './modules/discovery/service.js';
import { createListService, type ListService } from './modules/lists/service.js';
import { createCoverStore } from './modules/media/covers.js';
import { type MediaStorage, mediaStorage } from './modules/media/storage.js';
import { createModerationService, type ModerationService } from './modules/moderation/service.js';
import { createNotificationBus, type NotificationBus } from './modules/notifications/bus.js';
import { createNotifier } from './modules/notifications/events.js';
import { scheduleWeeklyDigest } from './modules/notifications/mail.js';
import {
  createNotificationService,
  type NotificationService,
} from './modules/notifications/service.js';
import { createReadingService, type ReadingService } from './modules/reading/service.js';
import { scheduleRevisionPruning } from './modules/revisions/prune.js';
import { createRevisionService, type RevisionService } from './modules/revisions/service.js';
import { createSafetyService, type SafetyService } from './modules/safety/service.js';
import { createSearchService, type SearchService } from './modules/search/service.js';
import { createSeriesService, type SeriesService } from './modules/series/service.js';
import { createSessionService, type SessionService } from './modules/sessions/service.js';
import { createPageMeta, type PageMetaResolver } from './modules/share/meta.js';
import { createSocialService, type SocialService } from './modules/social/service.js';
import { scheduleStatsBackfill } from './modules/stats/backfill.js';
import { createStatsService, type StatsService } from './modules/stats/service.js';
import { createStoryService, type StoryService } from './modules/stories/service.js';
import { createTakeAlongService, type TakeAlongService } from './modules/take-along/service.js';
import { createSitemaps, type Sitemaps } from './modules/take-along/sitemap.js';
import { scheduleTrashPurge } from './modules/trash/purge.js';
import { createTrashService, type TrashService } from './modules/trash/service.js';
import { createAvatarStore } from './modules/users/avatars.js';
import { createExportService, type ExportService } from './modules/users/export.js';
import { createUserService, type UserService } from './modules/users/service.js';
import { createSettingsService, type SettingsService } from './modules/users/settings.js';

/**
 * Everything the route plugins use, built once per app by `createServices` (the composition
 * root) and handed to each plugin as its options. A route file never builds a service, a store
 * or a cache of its own, and nothing is kept in a module-level singleton.
 */
export interface Services {
  config: Config;
  db: Db;
  /** preHandlers that resolve the bearer token to `request.user`. */
  authenticate: Authenticator;
  auth: AuthService;
  /** Sign-ins: start, check, refresh, list and end them. */
  sessions: SessionService;
  /** Google sign-in; null when GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are not set. */
  google: GoogleSignIn | null;
  users: UserService;
  settings: SettingsService;
  exporter: ExportService;
  stories: StoryService;
  chapters: ChapterService;
  /** Chapters' revision history (docs/decisions/026-revision-history.md). */
  revisions: RevisionService;
  /** Series of an author's stories (docs/decisions/029-series.md). */
  series: SeriesService;
  /** Readers' reading lists (docs/decisions/033-reading-lists.md). */
  lists: ListService;
  /** Downloads and Atom feeds (docs/decisions/034-take-along.md). */
  takeAlong: TakeAlongService;
  /** The sitemaps, their starting keys kept for an hour (decision 034). */
  sitemaps: Sitemaps;
  comments: CommentService;
  /** The author's "Recently deleted" (docs/decisions/027-recently-deleted.md). */
  trash: TrashService;
  /** A person's notifications (docs/decisions/022-notifications.md). */
  notifications: NotificationService;
  /** Wakes this process's notification streams when a user's notifications change. */
  notificationBus: NotificationBus;
  social: SocialService;
  /** Blocks and mutes (docs/decisions/024-blocks-and-mutes.md). */
  safety: SafetyService;
  reading: ReadingService;
  stats: StatsService;
  discovery: DiscoveryService;
  search: SearchService;
  /** The contact form's messages, kept for the site's staff. */
  contact: ContactService;
  /** Reports, the staff's actions and the audit log (docs/decisions/025-moderation.md). */
  moderation: ModerationService;
  /** Link-preview tags of story and profile pages (docs/decisions/011-share-previews.md). */
  pageMeta: PageMetaResolver;
  /**
   * This process's worker of the job queue (docs/decisions/017-background-jobs.md); app.ts
   * starts and stops it. After a transaction that enqueued a job commits, `poke()` it.
   */
  jobs: Worker;
  /** The requests in flight, between which the worker's batches go (app.ts counts them). */
  foreground: Foreground;
  /** Enqueues periodic jobs (the weekly digest) once per period; app.ts starts and stops it. */
  schedules: Scheduler;
  /** Where covers and profile pictures are kept: DATA_DIR/media or the S3 bucket (decision 036). */
  media: MediaStorage;
}

export interface ServiceInputs {
  config: Config;
  db: Db;
  /** Delivers mail (SMTP or the outbox; tests capture it); services send through the queue. */
  mailer: Mailer;
  log: FastifyBaseLogger;
  /**
   * Background work changed what visitors see (a scheduled chapter published): empties the
   * visitors' cache as a write through the API does (docs/decisions/013-response-cache.md).
   */
  onPublicChange?: () => void;
  /** Redis shared by every process (REDIS_URL): notification streams are woken everywhere. */
  shared?: SharedState;
}

export function createServices({
  config,
  db,
  mailer,
  log,
  onPublicChange,
  shared,
}: ServiceInputs): Services {
  const notificationBus = createNotificationBus(shared);
  const foreground = createForeground();
  const storage = mediaStorage(config);
  const covers = createCoverStore(storage, log);
  const avatars = createAvatarStore(storage, log);
  // What services do that people are told about: recorded with the write, told by the worker.
  const notifier = createNotifier({
    undoWindowMs: config.notifyUndoWindowMs,
    poke: () => jobs.poke(),
  });
  const jobs = createWorker({
    db,
    handlers: jobHandlers({
      db,
      config,
      mailer,
      bus: notificationBus,
      foreground,
      notifier,
      onPublicChange: onPublicChange ?? (() => {}),
      covers,
    }),
    log,
  });
  // Services send mail through the job queue; the worker delivers it.
  const queuedMail = queuedMailer(db, jobs.poke);
  const tokens = createTokenService(config.jwtSecret);
  const sessions = createSessionService({ config, db, tokens, mail: queuedMail, log });
  const throttle = new LoginThrottle({ factor: config.rateLimitFactor });
  // The public lists' totals: one per database, adjusted by this app's own story writes.
  const storyCounts = new PublicStoryCounts(db);
  const discovery = createDiscoveryService({ db, storyCounts });
  const moderation = createModerationService({ db, storyCounts, notifier, bus: notificationBus });
  const chapters = createChapterService({ db, notifier });
  const series = createSeriesService({ db });

  return {
    config,
    db,
    authenticate: createAuthenticator(tokens, sessions),
    auth: createAuthService({ config, db, sessions, throttle, mail: queuedMail, jobs }),
    sessions,
    google: createGoogleSignIn(config),
    users: createUserService({ db, avatars, covers }),
    settings: createSettingsService({ db }),
    exporter: createExportService({ db }),
    stories: createStoryService({ db, covers, storyCounts, notifier, series }),
    chapters,
    trash: createTrashService({ db, storyCounts }),
    revisions: createRevisionService({ db, chapters }),
    series,
    lists: createListService({ db }),
    takeAlong: createTakeAlongService({ db, covers, publicUrl: config.publicUrl }),
    sitemaps: createSitemaps({ db, publicUrl: config.publicUrl }),
    comments: createCommentService({ db, notifier }),
    notifications: createNotificationService({ db, bus: notificationBus }),
    notificationBus,
    social: createSocialService({ db, notifier }),
    safety: createSafetyService({ db, bus: notificationBus }),
    reading: createReadingService({ db }),
    stats: createStatsService({ db }),
    discovery,
    search: createSearchService({ db, discovery, storyCounts }),
    contact: createContactService({ db }),
    moderation,
    pageMeta: createPageMeta({ db, config }),
    jobs,
    foreground,
    media: storage,
    schedules: createScheduler(
      [
        () => scheduleWeeklyDigest(db),
        // A suspension ends within a minute of its time (moderation/policy.ts isSuspended).
        { task: () => moderation.liftExpired(), everyMs: MINUTE },
        () => scheduleStatsBackfill(db),
        () => scheduleTrashPurge(db),
        () => scheduleRevisionPruning(db),
      ],
      log,
    ),
  };
}
