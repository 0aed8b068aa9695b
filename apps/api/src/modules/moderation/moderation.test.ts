import { MODERATION_MESSAGES } from '@storyloom/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser, TEST_PASSWORD } from '../../test/factories.js';
import { dueJobsDone } from '../../test/jobs.js';
import { call, chaptersOf, createStory } from '../../test/stories.js';
import { PublicStoryCounts } from '../discovery/counts.js';
import { createNotificationBus } from '../notifications/bus.js';
import { createModerationService } from './service.js';

let t: TestApp;
beforeAll(async () => {
  // Story counts are cached for a minute; the tests read them fresh.
  t = await createTestApp({ env: { RATE_LIMIT_FACTOR: '100' } });
});
afterAll(() => t.close());

type Person = Awaited<ReturnType<typeof newUser>>;
const newUser = (overrides: Record<string, unknown> = {}) =>
  createUser(t.testDb.db, t.config, overrides);
const report = (who: Person | undefined, body: Record<string, unknown>) =>
  call(t, 'POST', '/reports', who?.auth, body);
const resolve = (who: Person, id: string, body: Record<string, unknown>) =>
  call(t, 'POST', `/admin/reports/${id}/resolve`, who.auth, body);
const queue = async (who: Person, status = 'open') =>
  (await call(t, 'GET', `/admin/reports?status=${status}&limit=100`, who.auth)).body.data;
const groupOf = async (who: Person, targetId: string, status = 'open') =>
  (await queue(who, status)).items.find((g: { target_id: string }) => g.target_id === targetId);

async function settled() {
  await dueJobsDone(t.testDb.db);
}
const notices = async (who: Person) =>
  (await call(t, 'GET', '/notifications', who.auth)).body.data.items;

async function storyOf(author: Person, overrides: Record<string, unknown> = {}) {
  const story = await createStory(t, author.auth, overrides);
  const [chapter] = await chaptersOf(t, story.id, author.auth);
  return { story, chapterId: chapter!.id };
}

describe('POST /reports', () => {
  it('needs an account, a reason from the list and a target the reporter can see', async () => {
    const [author, reader] = [await newUser(), await newUser()];
    const { story } = await storyOf(author);
    const body = { target_type: 'story', target_id: story.id, reason: 'spam' };
    expect((await report(undefined, body)).status).toBe(401);
    const bad = await report(reader, { ...body, reason: 'boring' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.reason).toBe(MODERATION_MESSAGES.reasonRequired);
    const long = await report(reader, { ...body, note: 'x'.repeat(1001) });
    expect(long.body.error.details.note).toBe(MODERATION_MESSAGES.noteTooLong);
    const unknown = await report(reader, {
      ...body,
      target_id: '0190a0a0-0000-7000-8000-000000000000',
    });
    expect(unknown.status).toBe(404);
    const { story: secret } = await storyOf(author, { visibility: 'private' });
    expect((await report(reader, { ...body, target_id: secret.id })).status).toBe(404);
    const self = await report(author, body);
    expect(self.status).toBe(400);
    expect(self.body.error.details.target_id).toBe(MODERATION_MESSAGES.cannotReportSelf);
    expect(
      (await report(reader, { ...body, target_type: 'user', target_id: author.user.username }))
        .status,
    ).toBe(201);
  });

  it('keeps one open report per person and target: the second answers the first', async () => {
    const [author, reader] = [await newUser(), await newUser()];
    const { story } = await storyOf(author);
    const body = {
      target_type: 'story',
      target_id: story.id,
      reason: 'hate',
      note: 'Slurs in ch. 1',
    };
    const first = await report(reader, body);
    expect(first.status).toBe(201);
    expect(first.body.message).toBe(MODERATION_MESSAGES.reported);
    const again = await report(reader, { ...body, reason: 'spam' });
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(first.body.data.id);
    expect(again.body.message).toBe(MODERATION_MESSAGES.alreadyReported);
  });
});

describe('the staff routes', () => {
  it('answer 403 to everyone but staff; the audit log and roles to admins only', async () => {
    const [user, moderator, admin] = [
      await newUser(),
      await newUser({ role: 'moderator' }),
      await newUser({ role: 'admin' }),
    ];
    for (const url of ['/admin/reports', '/admin/contact', '/admin/audit', '/admin/staff'])
      expect((await call(t, 'GET', url, user.auth)).status).toBe(403);
    expect((await call(t, 'GET', '/admin/reports')).status).toBe(401);
    expect((await call(t, 'GET', '/admin/reports', moderator.auth)).status).toBe(200);
    expect((await call(t, 'GET', '/admin/contact', moderator.auth)).status).toBe(200);
    expect((await call(t, 'GET', '/admin/audit', moderator.auth)).status).toBe(403);
    expect((await call(t, 'GET', '/admin/audit', admin.auth)).status).toBe(200);
    const grant = (who: Person) =>
      call(t, 'PUT', `/admin/users/${user.user.username}/role`, who.auth, { role: 'moderator' });
    expect((await grant(moderator)).status).toBe(403);
    expect((await grant(admin)).status).toBe(200);
    // The role takes effect on the next request, with the same token.
    expect((await call(t, 'GET', '/admin/reports', user.auth)).status).toBe(200);
    expect((await call(t, 'GET', '/users/me', user.auth)).body.data.role).toBe('moderator');
    const own = await call(t, 'PUT', `/admin/users/${admin.user.username}/role`, admin.auth, {
      role: 'user',
    });
    expect(own.status).toBe(400);
    const audit = (await call(t, 'GET', '/admin/audit', admin.auth)).body.data;
    expect(audit.items[0]).toMatchObject({
      staff: { username: admin.user.username },
      action: 'grant_moderator',
      target_id: user.user.id,
    });
  });

  it('groups open reports by target with their count, reasons and the content in context', async () => {
    const [author, a, b, mod] = [
      await newUser(),
      await newUser(),
      await newUser(),
      await newUser({ role: 'moderator' }),
    ];
    const { story } = await storyOf(author, { title: 'Spam Castle' });
    await report(a, { target_type: 'story', target_id: story.id, reason: 'spam' });
    await report(b, { target_type: 'story', target_id: story.id, reason: 'hate', note: 'Look' });
    const group = await groupOf(mod, story.id);
    expect(group).toMatchObject({
      target_type: 'story',
      count: 2,
      notes: ['Look'],
      target: { title: 'Spam Castle', owner: { username: author.user.username }, hidden: false },
    });
    expect(group.reasons.sort()).toEqual(['hate', 'spam']);
  });
});

describe('hiding a story', () => {
  it('takes it out of every list, search and count for others, tells the reporters and the author, and is restored as it was', async () => {
    const [author, reader, mod] = [
      await newUser(),
      await newUser(),
      await newUser({ role: 'moderator' }),
    ];
    const title = `Quillmoth ${Date.now()}`;
    const { story, chapterId } = await storyOf(author, { title });
    const filed = await report(reader, {
      target_type: 'story',
      target_id: story.id,
      reason: 'spam',
    });
    const searched = async () =>
      (await call(t, 'GET', `/stories/search?q=${encodeURIComponent(title)}`)).body.data;
    expect((await searched()).items.map((s: { id: string }) => s.id)).toContain(story.id);

    const noReason = await resolve(mod, filed.body.data.id, { action: 'hide', reason: ' ' });
    expect(noReason.status).toBe(400);
    const hidden = await resolve(mod, filed.body.data.id, { action: 'hide', reason: 'Spam links' });
    expect(hidden.status).toBe(200);
    expect(hidden.body.data).toEqual({ action: 'hide', reports_closed: 1 });
    expect((await resolve(mod, filed.body.data.id, { action: 'hide', reason: 'x' })).status).toBe(
      409,
    );

    expect((await searched()).items.map((s: { id: string }) => s.id)).not.toContain(story.id);
    const other = await call(t, 'GET', `/stories/${story.id}`, reader.auth);
    expect(other.status).toBe(404);
    expect(other.body.error.code).toBe('not_found');
    expect((await call(t, 'GET', `/chapters/${chapterId}`)).status).toBe(404);
    const profile = await call(t, 'GET', `/users/${author.user.username}`);
    expect(profile.body.data.stories_count).toBe(0);
    const own = await call(t, 'GET', `/stories/${story.id}`, author.auth);
    expect(own.status).toBe(200);
    expect(own.body.data.hidden).toMatchObject({ reason: 'Spam links' });
    const publish = await call(t, 'PATCH', `/stories/${story.id}`, author.auth, {
      visibility: 'public',
    });
    expect(publish.status).toBe(403);
    expect(publish.body.message).toBe(MODERATION_MESSAGES.hiddenVisibility);
    // Reporting what is hidden: nothing to report.
    expect(
      (await report(reader, { target_type: 'story', target_id: story.id, reason: 'spam' })).status,
    ).toBe(404);

    await settled();
    const told = await notices(reader);
    expect(told[0]).toMatchObject({
      type: 'report_resolved',
      actors: [],
      moderation: { outcome: 'action_taken', target_type: 'story' },
    });
    expect(JSON.stringify(told)).not.toContain(mod.user.username);
    const authorTold = await notices(author);
    expect(authorTold[0]).toMatchObject({
      type: 'content_hidden',
      story: { id: story.id },
      moderation: { reason: 'Spam links' },
    });

    const restored = await resolve(mod, filed.body.data.id, {
      action: 'restore',
      reason: 'Appeal upheld',
    });
    expect(restored.status).toBe(200);
    expect((await call(t, 'GET', `/stories/${story.id}`, reader.auth)).status).toBe(200);
    expect((await call(t, 'GET', `/users/${author.user.username}`)).body.data.stories_count).toBe(
      1,
    );
  });
});

describe('hiding a comment', () => {
  it('leaves it out of the thread and the counts for others, and shows its writer why', async () => {
    const [author, writer, reader, mod] = [
      await newUser(),
      await newUser(),
      await newUser(),
      await newUser({ role: 'admin' }),
    ];
    const { story, chapterId } = await storyOf(author);
    const posted = await call(t, 'POST', `/chapters/${chapterId}/comments`, writer.auth, {
      body: 'Buy cheap pills',
    });
    const commentId = posted.body.data.id;
    const filed = await report(reader, {
      target_type: 'comment',
      target_id: commentId,
      reason: 'spam',
    });
    await resolve(mod, filed.body.data.id, { action: 'hide', reason: 'Advertising' });
    const thread = async (who?: Person) =>
      (await call(t, 'GET', `/chapters/${chapterId}/comments`, who?.auth)).body.data;
    expect((await thread()).total).toBe(0);
    expect((await thread(reader)).total).toBe(0);
    const mine = await thread(writer);
    expect(mine.items[0]).toMatchObject({ id: commentId, hidden: { reason: 'Advertising' } });
    const counted = await call(t, 'GET', `/stories/${story.id}`);
    expect(counted.body.data.comments_count).toBe(0);
    expect((await call(t, 'GET', `/comments/${commentId}`, reader.auth)).status).toBe(404);
    const counts = await call(t, 'GET', `/chapters/${chapterId}/comment-counts`);
    expect(counts.body.data.chapter).toBe(0);

    // A hidden reply leaves its thread's replies and their count for others, not for its writer.
    const top = await call(t, 'POST', `/chapters/${chapterId}/comments`, author.auth, {
      body: 'Thanks for reading',
    });
    const reply = await call(t, 'POST', `/chapters/${chapterId}/comments`, writer.auth, {
      body: 'More pills',
      parent_id: top.body.data.id,
    });
    const second = await report(reader, {
      target_type: 'comment',
      target_id: reply.body.data.id,
      reason: 'spam',
    });
    await resolve(mod, second.body.data.id, { action: 'hide', reason: 'Advertising' });
    const replies = async (who?: Person) =>
      (await call(t, 'GET', `/comments/${top.body.data.id}/replies`, who?.auth)).body.data;
    expect((await replies()).total).toBe(0);
    expect((await replies(writer)).total).toBe(1);
    expect((await thread()).items[0].replies_count).toBe(0);
    expect((await call(t, 'GET', `/stories/${story.id}`)).body.data.comments_count).toBe(1);
    expect((await call(t, 'GET', `/chapters/${chapterId}/comment-counts`)).body.data.chapter).toBe(
      1,
    );
  });
});

describe('suspending a user', () => {
  it('ends their sessions at once, refuses their sign-in, hides their content, and a restore brings it back', async () => {
    const [author, reader, mod] = [
      await newUser(),
      await newUser(),
      await newUser({ role: 'moderator' }),
    ];
    const { story } = await storyOf(author);
    await call(t, 'POST', `/users/${author.user.username}/follow`, reader.auth);
    // The author comments on the reader's story: the reader is told, until the suspension.
    const readers = await storyOf(reader);
    await call(t, 'POST', `/chapters/${readers.chapterId}/comments`, author.auth, {
      body: 'A comment by the soon suspended',
    });
    await settled();
    const naming = async () =>
      (await notices(reader)).filter((n: { actors: { id: string }[] }) =>
        n.actors.some((a) => a.id === author.user.id),
      ).length;
    expect(await naming()).toBeGreaterThan(0);
    const found = async () => {
      const { data } = (await call(t, 'GET', `/users/search?q=${author.user.username}`)).body;
      return (Array.isArray(data) ? data : data.items).length;
    };
    const following = async () =>
      (await call(t, 'GET', `/users/${reader.user.username}/following`)).body.data.total;
    expect([await found(), await following()]).toEqual([1, 1]);
    const filed = await report(reader, {
      target_type: 'user',
      target_id: author.user.id,
      reason: 'harassment',
    });
    const staffTarget = await report(reader, {
      target_type: 'user',
      target_id: mod.user.id,
      reason: 'other',
    });
    const refused = await resolve(mod, staffTarget.body.data.id, {
      action: 'suspend',
      reason: 'x',
    });
    expect(refused.status).toBe(400);

    const done = await resolve(mod, filed.body.data.id, {
      action: 'suspend',
      reason: 'Threats',
      days: 7,
    });
    expect(done.status).toBe(200);
    expect((await call(t, 'GET', '/users/me', author.auth)).status).toBe(401);
    const signIn = await call(
      t,
      'POST',
      '/auth/token',
      undefined,
      {
        username: author.user.email,
        password: TEST_PASSWORD,
      },
      {},
    );
    expect(signIn.status).toBe(403);
    expect(signIn.body.message).toMatch(/^This account is suspended until \d{4}-\d{2}-\d{2}\.$/);
    expect((await call(t, 'GET', `/stories/${story.id}`)).status).toBe(404);
    expect((await call(t, 'GET', `/users/${author.user.username}`)).status).toBe(404);
    expect([await found(), await following()]).toEqual([0, 0]);
    expect(await naming()).toBe(0);

    const lifted = await resolve(mod, filed.body.data.id, { action: 'restore', reason: 'Mistake' });
    expect(lifted.status).toBe(200);
    expect((await call(t, 'GET', `/stories/${story.id}`)).status).toBe(200);
    expect((await call(t, 'GET', `/users/${author.user.username}`)).status).toBe(200);
  });
});

describe("a suspended account's likes and follows", () => {
  it('stop counting on others’ profiles, stories and comments until the suspension is lifted', async () => {
    const [troll, writer, other, mod] = [
      await newUser(),
      await newUser(),
      await newUser(),
      await newUser({ role: 'moderator' }),
    ];
    const { story, chapterId } = await storyOf(writer);
    const comment = (
      await call(t, 'POST', `/chapters/${chapterId}/comments`, writer.auth, { body: 'Thanks!' })
    ).body.data;
    for (const who of [troll, other]) {
      await call(t, 'POST', `/users/${writer.user.username}/follow`, who.auth);
      await call(t, 'POST', `/stories/${story.id}/like`, who.auth);
      await call(t, 'POST', `/comments/${comment.id}/like`, who.auth);
    }
    const counts = async () => ({
      followers: (await call(t, 'GET', `/users/${writer.user.username}`)).body.data.followers_count,
      votes: (await call(t, 'GET', `/stories/${story.id}`)).body.data.votes_count,
      commentLikes: (await call(t, 'GET', `/chapters/${chapterId}/comments`)).body.data.items.find(
        (c: { id: string }) => c.id === comment.id,
      ).likes_count,
    });
    expect(await counts()).toEqual({ followers: 2, votes: 2, commentLikes: 2 });

    const filed = await report(writer, {
      target_type: 'user',
      target_id: troll.user.id,
      reason: 'harassment',
    });
    expect(
      (await resolve(mod, filed.body.data.id, { action: 'suspend', reason: 'Spam likes', days: 2 }))
        .status,
    ).toBe(200);
    expect(await counts()).toEqual({ followers: 1, votes: 1, commentLikes: 1 });
    // Out of sight meanwhile: no one can block the account (and end its follow a second time).
    expect((await call(t, 'POST', `/users/${troll.user.username}/block`, writer.auth)).status).toBe(
      404,
    );

    expect(
      (await resolve(mod, filed.body.data.id, { action: 'restore', reason: 'Appeal upheld' }))
        .status,
    ).toBe(200);
    expect(await counts()).toEqual({ followers: 2, votes: 2, commentLikes: 2 });
    // Restoring an account that is not suspended gives nothing back twice.
    expect(
      (await resolve(mod, filed.body.data.id, { action: 'restore', reason: 'Again' })).status,
    ).toBe(200);
    expect(await counts()).toEqual({ followers: 2, votes: 2, commentLikes: 2 });
  });
});

describe('the audit log', () => {
  it('refuses any change in the database itself', async () => {
    const admin = await newUser({ role: 'admin' });
    await call(t, 'PUT', `/admin/users/${(await newUser()).user.username}/role`, admin.auth, {
      role: 'moderator',
    });
    const k = t.testDb.db.kysely;
    await expect(
      k.updateTable('moderation_actions').set({ reason: 'edited' }).execute(),
    ).rejects.toThrow(/append-only/);
    await expect(k.deleteFrom('moderation_actions').execute()).rejects.toThrow(/append-only/);
  });
});

describe('a suspension for some days', () => {
  it('is lifted once it has run out, bringing back what it hid and nothing a moderator hid on its own', async () => {
    const [author, reader, mod] = [
      await newUser(),
      await newUser(),
      await newUser({ role: 'moderator' }),
    ];
    const { story: kept } = await storyOf(author, { title: 'Kept' });
    const { story: own } = await storyOf(author, { title: 'Hidden on its own' });
    const first = await report(reader, { target_type: 'story', target_id: own.id, reason: 'spam' });
    await resolve(mod, first.body.data.id, { action: 'hide', reason: 'Spam' });
    const filed = await report(reader, {
      target_type: 'user',
      target_id: author.user.id,
      reason: 'harassment',
    });
    await resolve(mod, filed.body.data.id, { action: 'suspend', reason: 'Cool off', days: 3 });
    expect((await call(t, 'GET', `/stories/${kept.id}`)).status).toBe(404);

    const k = t.testDb.db.kysely;
    const moderation = createModerationService({
      db: t.testDb.db,
      storyCounts: new PublicStoryCounts(t.testDb.db),
      notifier: { record: async () => {}, poke: () => {} },
      bus: createNotificationBus(),
    });
    // Not yet: nothing is lifted early.
    expect(await moderation.liftExpired()).toBe(0);
    await k
      .updateTable('users')
      .set({ suspended_until: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', author.user.id)
      .execute();
    expect(await moderation.liftExpired()).toBe(1);
    expect((await call(t, 'GET', `/stories/${kept.id}`)).status).toBe(200);
    expect((await call(t, 'GET', `/stories/${own.id}`)).status).toBe(404);
    expect((await call(t, 'GET', `/users/${author.user.username}`)).body.data.stories_count).toBe(
      1,
    );
    const signIn = await call(t, 'POST', '/auth/token', undefined, {
      username: author.user.email,
      password: TEST_PASSWORD,
    });
    expect(signIn.status).toBe(200);
  });
});
