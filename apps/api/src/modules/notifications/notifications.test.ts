import { NOTIFICATION_MESSAGES } from '@storyloom/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser } from '../../test/factories.js';
import { dueJobsDone } from '../../test/jobs.js';
import { call, chaptersOf, createStory } from '../../test/stories.js';

const UNDO_WINDOW_MS = 300;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: { RATE_LIMIT_FACTOR: '100', NOTIFY_UNDO_WINDOW_MS: String(UNDO_WINDOW_MS) },
  });
});
afterAll(() => t.close());

type Person = Awaited<ReturnType<typeof newUser>>;
const newUser = () => createUser(t.testDb.db, t.config);

const list = async (who: Person, query = '') =>
  (await call(t, 'GET', `/notifications${query}`, who.auth)).body.data;
const unread = async (who: Person) =>
  (await call(t, 'GET', '/notifications/unread-count', who.auth)).body.data.count as number;
/** Waits until every job due by now (and the undo window) has run. */
async function settled() {
  await new Promise((resolve) => setTimeout(resolve, UNDO_WINDOW_MS + 50));
  await dueJobsDone(t.testDb.db);
}
const follow = (who: Person, whom: Person, action = 'follow') =>
  call(t, 'POST', `/users/${whom.user.username}/${action}`, who.auth);
const comment = (who: Person, chapterId: string, body: string, extra = {}) =>
  call(t, 'POST', `/chapters/${chapterId}/comments`, who.auth, { body, ...extra });

async function storyOf(author: Person, overrides: Record<string, unknown> = {}) {
  const story = await createStory(t, author.auth, overrides);
  const [chapter] = await chaptersOf(t, story.id, author.auth);
  return { story, chapterId: chapter!.id };
}

describe('notifications', () => {
  it('needs an account', async () => {
    for (const url of ['/notifications', '/notifications/unread-count', '/notifications/stream'])
      expect((await call(t, 'GET', url)).status).toBe(401);
    expect((await call(t, 'POST', '/notifications/read', undefined, {})).status).toBe(401);
  });

  it('tells of a follow after the undo window, and never of one undone within it', async () => {
    const mira = await newUser();
    const bram = await newUser();
    const cleo = await newUser();
    await follow(bram, mira);
    await follow(cleo, mira);
    await follow(cleo, mira, 'unfollow');
    expect(await unread(mira)).toBe(0);
    await settled();
    const page = await list(mira);
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({
      type: 'follow',
      actors: [{ id: bram.user.id, username: bram.user.username }],
      actors_count: 1,
      story: null,
      read_at: null,
    });
    expect(await unread(mira)).toBe(1);
    // Following again while it is unread changes nothing.
    await follow(bram, mira, 'unfollow');
    await follow(bram, mira);
    await settled();
    expect((await list(mira)).total).toBe(1);
  });

  it('groups likes of a story while unread, and starts again once read', async () => {
    const author = await newUser();
    const { story } = await storyOf(author, { title: 'The Last Translation' });
    const fans = await Promise.all([newUser(), newUser(), newUser(), newUser()]);
    for (const fan of fans) await call(t, 'POST', `/stories/${story.id}/like`, fan.auth);
    // Liked and unliked within the window: not told.
    const fickle = await newUser();
    await call(t, 'POST', `/stories/${story.id}/like`, fickle.auth);
    await call(t, 'DELETE', `/stories/${story.id}/like`, fickle.auth);
    await call(t, 'POST', `/stories/${story.id}/like`, author.auth);
    await settled();
    const page = await list(author);
    expect(page.total).toBe(1);
    const [liked] = page.items;
    expect(liked).toMatchObject({
      type: 'story_like',
      actors_count: 4,
      story: { id: story.id, title: 'The Last Translation' },
    });
    expect(liked.actors).toHaveLength(3);
    expect(liked.actors.map((a: { id: string }) => a.id)).not.toContain(fickle.user.id);

    const read = await call(t, 'POST', '/notifications/read', author.auth, { ids: [liked.id] });
    expect(read.body).toMatchObject({ data: { count: 0 }, message: NOTIFICATION_MESSAGES.marked });
    const late = await newUser();
    await call(t, 'POST', `/stories/${story.id}/like`, late.auth);
    await settled();
    const after = await list(author);
    expect(after.total).toBe(2);
    expect(after.items[0]).toMatchObject({ type: 'story_like', actors_count: 1, read_at: null });
    expect(after.items[1].read_at).not.toBeNull();
    // Each notification names its own latest three, the latest first, whatever order they
    // were written in; actors of the same moment (one job stamps them alike) by id.
    const k = t.testDb.db.kysely;
    const minutes: [Person, number][] = [
      [fans[2]!, 0],
      [fans[0]!, 1],
      [fans[3]!, 3],
      [fans[1]!, 3],
    ];
    for (const [fan, minute] of minutes) {
      await k
        .updateTable('notification_actors')
        .set({ created_at: new Date(Date.UTC(2026, 0, 1, 12, minute)).toISOString() })
        .where('notification_id', '=', liked.id)
        .where('actor_id', '=', fan.user.id)
        .execute();
    }
    const named = (await list(author)).items.map((n: { actors: { id: string }[] }) =>
      n.actors.map((a) => a.id),
    );
    const together = [fans[3]!.user.id, fans[1]!.user.id].sort();
    expect(named).toEqual([[late.user.id], [...together, fans[0]!.user.id]]);
    expect((await list(author, '?unread=true')).total).toBe(1);
  });

  it('tells the story’s author of a comment, the parent’s writer of a reply, and who is mentioned', async () => {
    const author = await newUser();
    const reader = await newUser();
    const replier = await newUser();
    const named = await newUser();
    const { story, chapterId } = await storyOf(author);
    const top = await comment(reader, chapterId, 'Lovely opening');
    await comment(
      replier,
      chapterId,
      `Agreed, @${named.user.username} and @${author.user.username} should see this`,
      { parent_id: top.body.data.id },
    );
    await comment(author, chapterId, 'Thanks all, my own comment tells no one of mine');
    await settled();

    const authorItems = (await list(author)).items;
    expect(authorItems.map((n: { type: string }) => n.type)).toEqual(['comment', 'comment']);
    expect(authorItems[1]).toMatchObject({
      actors: [{ id: reader.user.id }],
      story: { id: story.id },
      chapter: { id: chapterId, position: 1 },
      comment: { id: top.body.data.id, excerpt: 'Lovely opening', parent_id: null },
    });
    const readerItems = (await list(reader)).items;
    expect(readerItems).toHaveLength(1);
    expect(readerItems[0]).toMatchObject({ type: 'reply', actors: [{ id: replier.user.id }] });
    const namedItems = (await list(named)).items;
    expect(namedItems).toHaveLength(1);
    expect(namedItems[0]).toMatchObject({
      type: 'mention',
      comment: { parent_id: top.body.data.id },
    });
    expect(await unread(replier)).toBe(0);
  });

  it('names the paragraph a comment is on, read with the notification from its chapter', async () => {
    const author = await newUser();
    const reader = await newUser();
    const { story, chapterId } = await storyOf(author);
    const onParagraph = await comment(reader, chapterId, 'This line', { paragraph: 0 });
    expect(onParagraph.status).toBe(201);
    await settled();
    const [item] = (await list(author)).items;
    expect(item).toMatchObject({
      type: 'comment',
      story: { id: story.id, title: story.title },
      chapter: { id: chapterId, position: 1 },
      comment: { id: onParagraph.body.data.id, excerpt: 'This line', paragraph: 0 },
    });
  });

  it('tells followers and savers of a new chapter once each, never of a private story or a draft', async () => {
    const author = await newUser();
    const follower = await newUser();
    const saver = await newUser();
    const both = await newUser();
    const { story } = await storyOf(author);
    // The story's first chapter is told to whoever follows when its job runs: let it run first.
    await settled();
    await follow(follower, author);
    await follow(both, author);
    await call(t, 'POST', `/library/${story.id}`, saver.auth);
    await call(t, 'POST', `/library/${story.id}`, both.auth);
    await settled();
    const before = await Promise.all([follower, saver, both].map(unread));

    const draft = await call(t, 'POST', '/chapters', author.auth, {
      story_id: story.id,
      title: 'Not yet',
      content: '<p>Soon.</p>',
      published: false,
    });
    expect(draft.status).toBe(201);
    await settled();
    expect(await Promise.all([follower, saver, both].map(unread))).toEqual(before);

    await call(t, 'PATCH', `/chapters/${draft.body.data.id}`, author.auth, { published: true });
    await settled();
    for (const reader of [follower, saver, both]) {
      const items = (await list(reader)).items.filter(
        (n: { type: string }) => n.type === 'new_chapter',
      );
      expect(items).toHaveLength(1);
      expect(items[0]).toMatchObject({
        actors: [{ id: author.user.id }],
        story: { id: story.id },
        chapter: { id: draft.body.data.id, title: 'Not yet', position: 2 },
      });
    }
    // Unpublished again: taken back.
    await call(t, 'PATCH', `/chapters/${draft.body.data.id}`, author.auth, { published: false });
    expect((await list(saver)).items.some((n: { type: string }) => n.type === 'new_chapter')).toBe(
      false,
    );

    const secret = await storyOf(author, { visibility: 'private' });
    await call(t, 'POST', '/chapters', author.auth, {
      story_id: secret.story.id,
      title: 'Hidden',
      content: '<p>Hush.</p>',
      published: true,
    });
    await settled();
    expect(
      (await list(follower)).items.some(
        (n: { story: { id: string } | null }) => n.story?.id === secret.story.id,
      ),
    ).toBe(false);
  });

  it('stops each kind its switch turns off', async () => {
    const mira = await newUser();
    const bram = await newUser();
    const put = await call(t, 'PUT', '/users/me/settings', mira.auth, {
      notifyNewFollower: false,
      notifyNewComment: false,
    });
    expect(put.status).toBe(200);
    const { chapterId } = await storyOf(mira);
    await follow(bram, mira);
    await comment(bram, chapterId, 'Hello there');
    await settled();
    expect(await unread(mira)).toBe(0);
  });

  it('marks all read, and refuses bad ids with nothing changed', async () => {
    const mira = await newUser();
    for (const fan of await Promise.all([newUser(), newUser()])) await follow(fan, mira);
    await settled();
    expect(await unread(mira)).toBe(2);
    const bad = await call(t, 'POST', '/notifications/read', mira.auth, { ids: ['nope'] });
    expect(bad.status).toBe(400);
    const tooMany = await call(t, 'POST', '/notifications/read', mira.auth, {
      ids: Array.from({ length: 101 }, () => '0190a0a0-0000-7000-8000-000000000001'),
    });
    expect(tooMany.status).toBe(400);
    expect(await unread(mira)).toBe(2);
    const all = await call(t, 'POST', '/notifications/read', mira.auth, {});
    expect(all.body).toMatchObject({ data: { count: 0 }, message: NOTIFICATION_MESSAGES.allRead });
    expect(await unread(mira)).toBe(0);
  });
});
