import {
  type EmailSwitch,
  type NotificationType,
  notificationPath,
  notificationText,
  readerPath,
  resolveSettings,
} from '@storyloom/shared';
import type { Transaction } from 'kysely';
import type { Config } from '../../config.js';
import type { Db } from '../../db/index.js';
import type { Database, UserRow } from '../../db/types.js';
import { type Gate, inBatches } from '../../jobs/progress.js';
import { enqueue, enqueueOnce, type JobInfo } from '../../jobs/queue.js';
import type { Mail } from '../../lib/mailer.js';
import { DAY, HOUR, MINUTE, nowIso } from '../../lib/time.js';
import { findSettings, settingsOfMany } from '../users/settings-repo.js';
import { presentNotifications } from './present.js';
import { notificationsInContext } from './repo.js';
import { unsubscribeLinks, unsubscribeToken } from './unsubscribe.js';

type Trx = Transaction<Database>;

/** What "email notifications" sends: what someone did to or for you, not every comment. */
export const MAILED_TYPES: readonly NotificationType[] = ['reply', 'mention', 'follow'];
/** A mail names at most this many; it says how many more there are. */
const MAIL_ITEMS_MAX = 10;
/** The weekly digest lists at most this many new chapters. */
const DIGEST_CHAPTERS_MAX = 20;
/** Digest readers per transaction. */
const DIGEST_BATCH = 200;

/**
 * When notification emails go: a batch waits `delayMs` after the first thing to tell (so a
 * burst of replies makes one email), and a person gets one at most every `gapMs` (at most four
 * a day by default).
 */
export interface MailTiming {
  delayMs: number;
  gapMs: number;
}
export const DEFAULT_MAIL_TIMING: MailTiming = { delayMs: 10 * MINUTE, gapMs: 6 * HOUR };

type Recipient = Pick<UserRow, 'id' | 'email' | 'username' | 'email_verified_at'>;

const findRecipient = (trx: Trx, id: string): Promise<Recipient | undefined> =>
  trx
    .selectFrom('users')
    .select(['id', 'email', 'username', 'email_verified_at'])
    .where('id', '=', id)
    .executeTakeFirst();

/** A message with the unsubscribe link of `which` in its text and in its headers. */
function withUnsubscribe(
  config: Pick<Config, 'publicUrl' | 'jwtSecret'>,
  user: Recipient,
  which: EmailSwitch,
  mail: { subject: string; body: string; turnOff: string },
): Mail {
  const links = unsubscribeLinks(
    config.publicUrl,
    unsubscribeToken(config.jwtSecret, user.id, which),
  );
  return {
    to: user.email,
    subject: mail.subject,
    text: `Hi ${user.username},\n\n${mail.body}\n\n--\nTo stop ${mail.turnOff}, open ${links.page} (one click), or change it in Settings → Notifications: ${config.publicUrl}/settings\n`,
    headers: links.headers,
    link: links.page,
  };
}

/**
 * In the notify job's transaction: for each of `userIds` who wants emails, a mail batch is
 * scheduled unless one already waits. Under the state row's lock, so two workers telling the
 * same person at once schedule one batch.
 */
export async function scheduleMail(
  trx: Trx,
  dialect: Db['dialect'],
  userIds: string[],
  timing: MailTiming,
) {
  if (userIds.length === 0) return;
  const settings = await settingsOfMany(trx, userIds);
  const wanting = userIds.filter((id) => resolveSettings(settings.get(id)).emailNotifications);
  const now = Date.now();
  for (const userId of wanting) {
    await trx
      .insertInto('notification_mail_state')
      .values({ user_id: userId, mailed_seq: 0, last_mailed_at: null, pending_job_id: null })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
    const query = trx
      .selectFrom('notification_mail_state')
      .selectAll()
      .where('user_id', '=', userId);
    const state = await (dialect === 'postgres'
      ? query.forUpdate()
      : query
    ).executeTakeFirstOrThrow();
    if (state.pending_job_id !== null) continue;
    const last = state.last_mailed_at ? Date.parse(state.last_mailed_at) : 0;
    const runAt = new Date(Math.max(now + timing.delayMs, last + timing.gapMs));
    const jobId = await enqueue(trx, {
      kind: 'notification-mail',
      payload: { user_id: userId },
      runAt,
    });
    await trx
      .updateTable('notification_mail_state')
      .set({ pending_job_id: jobId })
      .where('user_id', '=', userId)
      .execute();
  }
}

/**
 * The `notification-mail` job: one email of what is still unread and not yet mailed (replies,
 * mentions, follows), queued as a `mail` job in the same transaction that records it as mailed:
 * exactly one email per batch, whatever restarts.
 */
export function notificationMailJob({
  db,
  config,
  gate,
}: {
  db: Db;
  config: Pick<Config, 'publicUrl' | 'jwtSecret'>;
  /** When a batch may run (jobs/kinds.ts). */
  gate: Gate;
}) {
  return ({ user_id }: { user_id: string }, job: JobInfo): Promise<void> =>
    inBatches(db, job.id, gate, async (trx) => {
      const query = trx
        .selectFrom('notification_mail_state')
        .selectAll()
        .where('user_id', '=', user_id);
      const state = await (db.dialect === 'postgres'
        ? query.forUpdate()
        : query
      ).executeTakeFirst();
      if (state?.pending_job_id !== job.id) return { cursor: null, done: true };
      const user = await findRecipient(trx, user_id);
      const wants = user && resolveSettings(await findSettings(trx, user_id)).emailNotifications;
      let mailedSeq = Number(state.mailed_seq);
      let mailed = false;
      if (user?.email_verified_at && wants) {
        const fresh = trx
          .selectFrom('notifications as n')
          .where('n.user_id', '=', user_id)
          .where('n.seq', '>', mailedSeq)
          .where('n.type', 'in', MAILED_TYPES)
          .where('n.read_at', 'is', null);
        const [rows, counted] = await Promise.all([
          notificationsInContext(trx)
            .where(
              'n.id',
              'in',
              fresh.select('n.id').orderBy('n.seq', 'desc').limit(MAIL_ITEMS_MAX),
            )
            .orderBy('n.seq', 'desc')
            .execute(),
          fresh
            .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('n.seq').as('last')])
            .executeTakeFirstOrThrow(),
        ]);
        if (rows.length > 0) {
          const items = await presentNotifications(trx, user, rows);
          const total = Number(counted.n);
          const lines = items.map(
            (item) => `- ${notificationText(item)}\n  ${config.publicUrl}${notificationPath(item)}`,
          );
          if (total > items.length)
            lines.push(`…and ${total - items.length} more: ${config.publicUrl}/notifications`);
          const mail = withUnsubscribe(config, user, 'emailNotifications', {
            subject:
              total === 1 ? notificationText(items[0]!) : `${total} new notifications on Storyloom`,
            body: `Here is what happened on Storyloom:\n\n${lines.join('\n')}`,
            turnOff: 'emails about replies, mentions and new followers',
          });
          await enqueue(trx, { kind: 'mail', payload: mail });
          mailedSeq = Number(counted.last);
          mailed = true;
        }
      }
      await trx
        .updateTable('notification_mail_state')
        .set({
          pending_job_id: null,
          mailed_seq: mailedSeq,
          ...(mailed ? { last_mailed_at: nowIso() } : {}),
        })
        .where('user_id', '=', user_id)
        .execute();
      return { cursor: null, done: true };
    });
}

/** Monday 08:00 UTC of the ISO week holding `at`, and that week's name (`2026-W48`). */
export function digestWeek(at: Date): { period: string; runAt: Date } {
  const day = (at.getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  const monday = new Date(
    Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() - day, 8),
  );
  // ISO week number: the week of that week's Thursday.
  const thursday = new Date(monday.getTime() + 3 * DAY);
  const yearStart = Date.UTC(thursday.getUTCFullYear(), 0, 1);
  const week = Math.floor((thursday.getTime() - yearStart) / DAY / 7) + 1;
  return {
    period: `${thursday.getUTCFullYear()}-W${String(week).padStart(2, '0')}`,
    runAt: monday,
  };
}

/**
 * Makes sure this week's digest is scheduled, once across all processes: its `scheduled_runs`
 * row and its job are inserted together, or not at all. Every process calls this at start and
 * hourly (app.ts).
 */
export function scheduleWeeklyDigest(db: Db, now = new Date()): Promise<boolean> {
  const { period, runAt } = digestWeek(now);
  const since = new Date(runAt.getTime() - 7 * DAY).toISOString();
  return enqueueOnce(db.kysely, period, {
    kind: 'weekly-digest',
    payload: { period, since },
    runAt,
  });
}

/** New chapters of the last week from authors `userId` follows and stories they saved. */
async function digestChapters(trx: Trx, userId: string, since: string) {
  const chapters = (from: 'follows' | 'saves') =>
    trx
      .selectFrom('chapters')
      .innerJoin('stories', 'stories.id', 'chapters.story_id')
      .innerJoin('users', 'users.id', 'stories.author_id')
      .select([
        'chapters.id',
        'chapters.title',
        'chapters.position',
        'chapters.published_at',
        'stories.id as story_id',
        'stories.title as story_title',
        'users.username as author',
      ])
      .where('chapters.published', '=', 1)
      .where('chapters.published_at', '>=', since)
      .where('stories.visibility', '=', 'public')
      .where('stories.author_id', '<>', userId)
      .where((eb) =>
        from === 'follows'
          ? eb(
              'stories.author_id',
              'in',
              eb.selectFrom('follows').select('followee_id').where('follower_id', '=', userId),
            )
          : eb(
              'stories.id',
              'in',
              eb.selectFrom('saves').select('story_id').where('user_id', '=', userId),
            ),
      )
      .orderBy('chapters.published_at', 'desc')
      .limit(DIGEST_CHAPTERS_MAX)
      .execute();
  const [followed, saved] = await Promise.all([chapters('follows'), chapters('saves')]);
  const unique = new Map([...followed, ...saved].map((chapter) => [chapter.id, chapter]));
  return [...unique.values()]
    .sort((a, b) => (a.published_at! < b.published_at! ? 1 : -1))
    .slice(0, DIGEST_CHAPTERS_MAX);
}

/**
 * The `weekly-digest` job of one week: everyone with the weekly digest on gets one email of the
 * new chapters of the seven days before it ran, by user id in batches; each batch's emails
 * are queued with its progress, so a restart mid-run neither skips nor repeats anyone.
 */
export function weeklyDigestJob({
  db,
  config,
  gate,
}: {
  db: Db;
  config: Pick<Config, 'publicUrl' | 'jwtSecret'>;
  /** When a batch may run (jobs/kinds.ts). */
  gate: Gate;
}) {
  return ({ period, since }: { period: string; since: string }, job: JobInfo): Promise<void> =>
    inBatches(db, job.id, gate, async (trx, cursor) => {
      // Only people who saved settings can have turned the digest on (it is off by default).
      const rows = await trx
        .selectFrom('user_settings')
        .select(['user_id', 'settings'])
        .where('settings', 'like', '%"notifyWeeklyDigest":true%')
        .$if(cursor !== null, (q) => q.where('user_id', '>', cursor!))
        .orderBy('user_id')
        .limit(DIGEST_BATCH)
        .execute();
      for (const row of rows) {
        if (!resolveSettings(JSON.parse(row.settings) as unknown).notifyWeeklyDigest) continue;
        const user = await findRecipient(trx, row.user_id);
        if (!user?.email_verified_at) continue;
        const chapters = await digestChapters(trx, user.id, since);
        if (chapters.length === 0) continue;
        const lines = chapters.map(
          (chapter) =>
            `- ${chapter.story_title} by ${chapter.author}: ${chapter.title.trim() || `Chapter ${chapter.position}`}\n  ${config.publicUrl}${readerPath(chapter.story_id, { chapterId: chapter.id, position: chapter.position })}`,
        );
        const mail = withUnsubscribe(config, user, 'notifyWeeklyDigest', {
          subject: `Your week on Storyloom: ${chapters.length === 1 ? '1 new chapter' : `${chapters.length} new chapters`}`,
          body: `New chapters this week (${period}) from authors you follow and stories you saved:\n\n${lines.join('\n')}`,
          turnOff: 'the weekly digest',
        });
        await enqueue(trx, { kind: 'mail', payload: mail });
      }
      const done = rows.length < DIGEST_BATCH;
      return { cursor: done ? cursor : rows.at(-1)!.user_id, done };
    });
}
