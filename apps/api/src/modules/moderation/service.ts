import {
  type AuditEntry,
  type ContactMessageItem,
  type CreateReportBody,
  MODERATION_MESSAGES,
  type ModerationAction,
  type Paged,
  type PageQuery,
  type ReportGroup,
  type ReportListQuery,
  type ReportReason,
  type ReportReceipt,
  type ResolveReportBody,
  type ResolveResult,
  readerPath,
  type StaffMember,
  type StaffRoleBody,
  SUSPENDED_FOR_GOOD,
  textOfHtml,
} from '@storyloom/shared';
import type { Transaction } from 'kysely';
import type { Db } from '../../db/index.js';
import type { Database, ReportsTable, StoryRow, UserRow } from '../../db/types.js';
import { badRequest, conflict, invalidField, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { offsetOf, pageOf } from '../../lib/pagination.js';
import { nowIso } from '../../lib/time.js';
import { findChapterById } from '../chapters/repo.js';
import { contactMessagePage } from '../contact/repo.js';
import type { PublicStoryCounts } from '../discovery/counts.js';
import type { NotificationBus } from '../notifications/bus.js';
import type { Notifier, NotifyEvent } from '../notifications/events.js';
import { forgetActor } from '../notifications/repo.js';
import { endAccess } from '../sessions/end-access.js';
import { canRead, canReadChapter } from '../stories/policy.js';
import { findStoryById } from '../stories/repo.js';
import { findUserById, findUserByUsername, moveCountsOf } from '../users/repo.js';
import {
  type Hide,
  hideChapter,
  hideComment,
  hideStory,
  restoreChapter,
  restoreComment,
  restoreStory,
} from './hiding.js';
import { isStaff, isSuspended, suspensionRanOut } from './policy.js';
import {
  auditPage,
  closeReports,
  expiredSuspensions,
  fileReport,
  findReport,
  logAction,
  reportGroups,
  reportsOfTargets,
  setRole,
  staffMembers,
} from './repo.js';

type Trx = Transaction<Database>;
type TargetType = ReportsTable['target_type'];
type Target = { target_type: TargetType; target_id: string };
type Notice = Extract<NotifyEvent, { event: 'moderation_notice' }>;
type Staff = Pick<UserRow, 'id' | 'username'>;

const EXCERPT_MAX = 300;
const excerpt = (text: string) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= EXCERPT_MAX ? line : `${line.slice(0, EXCERPT_MAX - 1).trimEnd()}…`;
};
const DAY_MS = 24 * 3600 * 1000;
const targetNotFound = () => notFound(MODERATION_MESSAGES.targetNotFound);

/**
 * Reports, the moderation queue, staff actions and the audit log
 * (docs/decisions/025-moderation.md). Every staff action runs in one transaction with its audit
 * entry and the closing of the target's open reports; the notices it sends go through the
 * notify job, never naming the staff member.
 */
export function createModerationService({
  db,
  storyCounts,
  notifier,
  bus,
}: {
  db: Db;
  storyCounts: PublicStoryCounts;
  notifier: Notifier;
  bus: NotificationBus;
}) {
  const k = db.kysely;

  /** The target as the reporter may see it, and whose it is; a 404 when they may not. */
  async function reportable(
    viewer: UserRow,
    type: TargetType,
    id: string,
  ): Promise<{ id: string; owner: string | null }> {
    if (type === 'user') {
      const user = isUuid(id)
        ? await findUserById(k, id.toLowerCase())
        : await findUserByUsername(k, id);
      if (!user || isSuspended(user)) throw targetNotFound();
      return { id: user.id, owner: user.id };
    }
    if (!isUuid(id)) throw targetNotFound();
    if (type === 'story') {
      const story = await findStoryById(k, id);
      if (!story || !canRead(viewer, story)) throw targetNotFound();
      return { id: story.id, owner: story.author_id };
    }
    if (type === 'chapter') {
      const chapter = await findChapterById(k, id);
      const story = chapter && (await findStoryById(k, chapter.story_id));
      if (!chapter || !story || !canReadChapter(viewer, story, chapter)) throw targetNotFound();
      return { id: chapter.id, owner: story.author_id };
    }
    const comment = await k
      .selectFrom('comments')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    if (!comment || comment.deleted_at !== null) throw targetNotFound();
    if (comment.hidden_at !== null && comment.author_id !== viewer.id) throw targetNotFound();
    const chapter = await findChapterById(k, comment.chapter_id);
    const story = chapter && (await findStoryById(k, comment.story_id));
    if (!chapter || !story || !canReadChapter(viewer, story, chapter)) throw targetNotFound();
    return { id: comment.id, owner: comment.author_id };
  }

  /** What the queue shows of a target: the content in context, or null once it is gone. */
  async function contextOf(target: Target): Promise<ReportGroup['target']> {
    const ownerOf = async (id: string | null) => {
      const user = id ? await findUserById(k, id) : undefined;
      return user ? { user, owner: { id: user.id, username: user.username } } : null;
    };
    if (target.target_type === 'user') {
      const found = await ownerOf(target.target_id);
      if (!found) return null;
      return {
        title: found.user.username,
        excerpt: excerpt(found.user.bio ?? ''),
        url: `/profile/${encodeURIComponent(found.user.username)}`,
        owner: found.owner,
        hidden: false,
        owner_suspended: isSuspended(found.user),
        story_title: null,
      };
    }
    if (target.target_type === 'story') {
      const story = await findStoryById(k, target.target_id);
      if (!story) return null;
      const found = await ownerOf(story.author_id);
      return {
        title: story.title,
        excerpt: excerpt(story.description),
        url: `/stories/${story.id}`,
        owner: found?.owner ?? null,
        hidden: story.hidden_at !== null,
        owner_suspended: found ? isSuspended(found.user) : false,
        story_title: null,
      };
    }
    if (target.target_type === 'chapter') {
      const chapter = await findChapterById(k, target.target_id);
      const story = chapter && (await findStoryById(k, chapter.story_id));
      if (!chapter || !story) return null;
      const found = await ownerOf(story.author_id);
      return {
        title: chapter.title,
        excerpt: excerpt(textOfHtml(chapter.content)),
        url: readerPath(story.id, { chapterId: chapter.id, position: chapter.position }),
        owner: found?.owner ?? null,
        hidden: chapter.hidden_at !== null,
        owner_suspended: found ? isSuspended(found.user) : false,
        story_title: story.title,
      };
    }
    const comment = await k
      .selectFrom('comments')
      .selectAll()
      .where('id', '=', target.target_id)
      .executeTakeFirst();
    const story = comment && (await findStoryById(k, comment.story_id));
    const chapter = comment && (await findChapterById(k, comment.chapter_id));
    if (!comment || !story || !chapter) return null;
    const found = await ownerOf(comment.author_id);
    return {
      title: excerpt(comment.body).slice(0, 80),
      excerpt: excerpt(comment.body),
      url: readerPath(story.id, {
        chapterId: chapter.id,
        position: chapter.position,
        comment: { id: comment.id, parent_id: comment.parent_id, paragraph: null },
      }),
      owner: found?.owner ?? null,
      hidden: comment.hidden_at !== null,
      owner_suspended: found ? isSuspended(found.user) : false,
      story_title: story.title,
    };
  }

  /**
   * Suspends `user` (read under its lock) until `until`: sessions end at once, their content is
   * hidden, and their likes and follows stop counting on others' stories, comments and profiles.
   * Suspending again only moves the end.
   */
  async function suspend(trx: Trx, user: UserRow, until: string, hide: Hide) {
    await trx
      .updateTable('users')
      .set({ suspended_until: until, suspended_reason: hide.reason })
      .where('id', '=', user.id)
      .execute();
    if (!isSuspended(user)) await moveCountsOf(trx, db.dialect, user.id, -1);
    await endAccess(trx, user.id, 'suspended');
    const changed: { before: StoryRow; after: StoryRow }[] = [];
    const stories = await trx
      .selectFrom('stories')
      .select('id')
      .where('author_id', '=', user.id)
      .where('visibility', '=', 'public')
      .where('hidden_at', 'is', null)
      .execute();
    for (const { id } of stories) {
      const done = await hideStory(trx, db.dialect, id, hide);
      if (done) changed.push(done);
    }
    const comments = await trx
      .selectFrom('comments')
      .select('id')
      .where('author_id', '=', user.id)
      .where('hidden_at', 'is', null)
      .where('deleted_at', 'is', null)
      .execute();
    for (const { id } of comments) await hideComment(trx, db.dialect, id, hide);
    const told = await forgetActor(trx, user.id);
    return { changed, told };
  }

  /**
   * Lifts the suspension of `user` (read under its lock): the account may sign in, and what the
   * suspension hid and took off others' counters comes back.
   */
  async function lift(trx: Trx, user: UserRow) {
    const userId = user.id;
    if (!isSuspended(user)) return [];
    await trx
      .updateTable('users')
      .set({ suspended_until: null, suspended_reason: null })
      .where('id', '=', userId)
      .execute();
    await moveCountsOf(trx, db.dialect, userId, 1);
    const changed: { before: StoryRow; after: StoryRow }[] = [];
    const stories = await trx
      .selectFrom('stories')
      .select('id')
      .where('author_id', '=', userId)
      .where('hidden_cause', '=', 'suspension')
      .execute();
    for (const { id } of stories) {
      const done = await restoreStory(trx, db.dialect, id);
      if (done) changed.push(done);
    }
    const comments = await trx
      .selectFrom('comments')
      .select('id')
      .where('author_id', '=', userId)
      .where('hidden_cause', '=', 'suspension')
      .execute();
    for (const { id } of comments) await restoreComment(trx, db.dialect, id);
    return changed;
  }

  const lockUser = (trx: Trx, id: string) => {
    const query = trx.selectFrom('users').selectAll().where('id', '=', id);
    return (db.dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
  };

  const notice = (
    type: Notice['type'],
    userIds: string[],
    target: Target,
    about: { story_id?: string | null; chapter_id?: string | null; comment_id?: string | null },
    detail: Notice['detail'],
  ): Notice => ({
    event: 'moderation_notice',
    type,
    user_ids: userIds,
    story_id: about.story_id ?? null,
    chapter_id: about.chapter_id ?? null,
    comment_id: about.comment_id ?? null,
    detail: { ...detail, target_type: target.target_type },
  });

  /** Where hidden content sits, for the notice its author gets. */
  async function placeOf(target: Target) {
    if (target.target_type === 'story') return { story_id: target.target_id };
    if (target.target_type === 'chapter') {
      const chapter = await findChapterById(k, target.target_id);
      return { story_id: chapter?.story_id ?? null, chapter_id: target.target_id };
    }
    const comment = await k
      .selectFrom('comments')
      .select(['story_id', 'chapter_id'])
      .where('id', '=', target.target_id)
      .executeTakeFirst();
    return { story_id: comment?.story_id ?? null, chapter_id: comment?.chapter_id ?? null };
  }

  return {
    async report(
      viewer: UserRow,
      body: CreateReportBody,
    ): Promise<{ receipt: ReportReceipt; created: boolean }> {
      const target = await reportable(viewer, body.target_type, body.target_id);
      if (target.owner === viewer.id)
        throw invalidField('target_id', MODERATION_MESSAGES.cannotReportSelf);
      const filed = await fileReport(k, {
        reporter_id: viewer.id,
        target_type: body.target_type,
        target_id: target.id,
        target_owner_id: target.owner,
        reason: body.reason,
        note: body.note ?? null,
        created_at: nowIso(),
      });
      return { receipt: { id: filed.id, status: 'open' }, created: filed.created };
    },

    async queue(query: ReportListQuery): Promise<Paged<ReportGroup>> {
      const { rows, total } = await reportGroups(k, query.status, offsetOf(query), query.limit);
      const reports = await reportsOfTargets(k, query.status, rows);
      const items = await Promise.all(
        rows.map(async (row): Promise<ReportGroup> => {
          const mine = reports.filter(
            (r) => r.target_type === row.target_type && r.target_id === row.target_id,
          );
          return {
            report_id: row.report_id,
            target_type: row.target_type,
            target_id: row.target_id,
            count: Number(row.n),
            reasons: [...new Set(mine.map((r) => r.reason as ReportReason))],
            notes: mine.flatMap((r) => (r.note ? [r.note] : [])).slice(0, 5),
            first_reported_at: new Date(row.first_at).toISOString(),
            last_reported_at: new Date(row.last_at).toISOString(),
            status: query.status,
            resolution: mine[0]?.resolution ?? null,
            target: await contextOf(row),
          };
        }),
      );
      return pageOf(items, total, query);
    },

    async resolve(staff: Staff, reportId: string, body: ResolveReportBody): Promise<ResolveResult> {
      const report = isUuid(reportId) ? await findReport(k, reportId) : undefined;
      if (!report) throw notFound(MODERATION_MESSAGES.reportNotFound);
      // A handled report can still be restored (undoing what was done); nothing else.
      if (report.status !== 'open' && body.action !== 'restore')
        throw conflict('report', MODERATION_MESSAGES.reportClosed);
      const target: Target = { target_type: report.target_type, target_id: report.target_id };
      const action: ModerationAction = body.action;
      const now = nowIso();
      const hide: Hide = { cause: 'moderation', reason: body.reason, now };
      if (action === 'hide' && target.target_type === 'user')
        throw invalidField('action', MODERATION_MESSAGES.hideNotApplicable);
      const place = target.target_type === 'user' ? {} : await placeOf(target);

      const outcome = await k.transaction().execute(async (trx) => {
        const notices: Notice[] = [];
        let stories: { before: StoryRow; after: StoryRow }[] = [];
        let told: string[] = [];
        let details: Record<string, unknown> = { report_id: report.id };
        if (action === 'hide') {
          if (target.target_type === 'story') {
            const done = await hideStory(trx, db.dialect, target.target_id, hide);
            if (done) stories.push(done);
          } else if (target.target_type === 'chapter')
            await hideChapter(trx, db.dialect, target.target_id, hide);
          else await hideComment(trx, db.dialect, target.target_id, hide);
          if (report.target_owner_id)
            notices.push(
              notice(
                'content_hidden',
                [report.target_owner_id],
                target,
                {
                  ...place,
                  ...(target.target_type === 'comment' ? { comment_id: target.target_id } : {}),
                },
                { target_type: target.target_type, outcome: null, reason: body.reason },
              ),
            );
        } else if (action === 'suspend') {
          const owner = report.target_owner_id
            ? await lockUser(trx, report.target_owner_id)
            : undefined;
          if (!owner) throw notFound(MODERATION_MESSAGES.userNotFound);
          if (isStaff(owner)) throw badRequest(MODERATION_MESSAGES.cannotSuspendStaff);
          const until =
            body.days === undefined
              ? SUSPENDED_FOR_GOOD
              : new Date(Date.parse(now) + body.days * DAY_MS).toISOString();
          const done = await suspend(trx, owner, until, { ...hide, cause: 'suspension' });
          stories = done.changed;
          told = done.told;
          details = { ...details, user_id: owner.id, until, days: body.days ?? null };
        } else if (action === 'restore') {
          if (target.target_type === 'story') {
            const done = await restoreStory(trx, db.dialect, target.target_id);
            if (done) stories.push(done);
          } else if (target.target_type === 'chapter')
            await restoreChapter(trx, db.dialect, target.target_id);
          else if (target.target_type === 'comment')
            await restoreComment(trx, db.dialect, target.target_id);
          else {
            const user = await lockUser(trx, target.target_id);
            if (user) stories = await lift(trx, user);
          }
        }
        const closedAs = action === 'dismiss' || action === 'restore' ? 'dismissed' : 'resolved';
        const reporters = await closeReports(
          trx,
          target,
          closedAs,
          JSON.stringify({ action, reason: body.reason }),
          now,
        );
        if (reporters.length > 0)
          notices.push(
            notice(
              'report_resolved',
              reporters,
              target,
              {},
              {
                target_type: target.target_type,
                outcome: closedAs === 'resolved' ? 'action_taken' : 'no_action',
                reason: null,
              },
            ),
          );
        await logAction(trx, {
          staff,
          action,
          target_type: target.target_type,
          target_id: target.target_id,
          reason: body.reason,
          details: { ...details, reports_closed: reporters.length },
          now,
        });
        for (const event of notices) await notifier.record(trx, event);
        return { stories, told, closed: reporters.length, notified: notices.length > 0 };
      });
      for (const { before, after } of outcome.stories) storyCounts.storyChanged(before, after);
      if (outcome.notified) notifier.poke();
      bus.publish(outcome.told);
      return { action, reports_closed: outcome.closed };
    },

    async audit(page: PageQuery): Promise<Paged<AuditEntry>> {
      const { rows, total } = await auditPage(k, offsetOf(page), page.limit);
      const items = rows.map((row) => ({
        id: row.id,
        staff: { id: row.staff_id, username: row.staff_username },
        action: row.action,
        target_type: row.target_type,
        target_id: row.target_id,
        reason: row.reason,
        details: row.details ? (JSON.parse(row.details) as Record<string, unknown>) : null,
        created_at: new Date(row.created_at).toISOString(),
      }));
      return pageOf(items, total, page);
    },

    /** Grants or takes a role; audited. Nobody changes their own role here. */
    async setRole(admin: Staff, username: string, body: StaffRoleBody): Promise<StaffMember> {
      const user = await findUserByUsername(k, username);
      if (!user) throw notFound(MODERATION_MESSAGES.userNotFound);
      if (user.id === admin.id) throw badRequest(MODERATION_MESSAGES.cannotChangeOwnRole);
      const role = body.role === 'user' ? null : body.role;
      const now = nowIso();
      await k.transaction().execute(async (trx) => {
        await setRole(trx, user.id, role, now);
        await logAction(trx, {
          staff: admin,
          action: role ? `grant_${role}` : 'revoke_role',
          target_type: 'user',
          target_id: user.id,
          reason: body.reason || 'Role changed',
          details: { username: user.username, from: user.role ?? null, to: role },
          now,
        });
      });
      return { id: user.id, username: user.username, role };
    },

    staff: async (): Promise<StaffMember[]> =>
      (await staffMembers(k)).map((row) => ({
        id: row.id,
        username: row.username,
        role: row.role,
      })),

    async contact(page: PageQuery): Promise<Paged<ContactMessageItem>> {
      const { rows, total } = await contactMessagePage(k, offsetOf(page), page.limit);
      const items = rows.map((row) => ({
        id: row.id,
        name: row.name,
        email: row.email,
        topic: row.topic,
        message: row.message,
        username: row.username,
        created_at: new Date(row.created_at).toISOString(),
      }));
      return pageOf(items, total, page);
    },

    /**
     * Lifts the suspensions that have run out (the scheduler runs it hourly in every process;
     * each lift re-checks under the user's lock, so two processes lift one account once).
     */
    async liftExpired(now = nowIso()): Promise<number> {
      let lifted = 0;
      for (const { id } of await expiredSuspensions(k, now, 100)) {
        const changed = await k.transaction().execute(async (trx) => {
          const user = await lockUser(trx, id);
          if (!user || !suspensionRanOut(user, Date.parse(now))) return null;
          return lift(trx, user);
        });
        if (!changed) continue;
        lifted += 1;
        for (const { before, after } of changed) storyCounts.storyChanged(before, after);
      }
      return lifted;
    },
  };
}
export type ModerationService = ReturnType<typeof createModerationService>;

/** Who the audit log names for a change made at the server's console. */
const CONSOLE = { id: '00000000-0000-0000-0000-000000000000', username: '(command line)' };

/** Used by the CLI: the same role change, by a person at the server's console. */
export async function setRoleFromConsole(
  db: Db,
  username: string,
  role: 'moderator' | 'admin' | null,
): Promise<UserRow> {
  const user = await findUserByUsername(db.kysely, username);
  if (!user) throw new Error(`No user named ${username}`);
  const now = nowIso();
  await db.kysely.transaction().execute(async (trx) => {
    await setRole(trx, user.id, role, now);
    await logAction(trx, {
      staff: CONSOLE,
      action: role ? `grant_${role}` : 'revoke_role',
      target_type: 'user',
      target_id: user.id,
      reason: 'From the command line (npm run admin)',
      details: { username: user.username, from: user.role ?? null, to: role },
      now,
    });
  });
  return user;
}
