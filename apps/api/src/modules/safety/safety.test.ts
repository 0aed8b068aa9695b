import { COMMENT_MESSAGES, SAFETY_MESSAGES } from '@storyloom/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser, TEST_PASSWORD } from '../../test/factories.js';
import { dueJobsDone } from '../../test/jobs.js';
import { counterMismatches } from '../../test/social.js';
import { call, chaptersOf, createStory } from '../../test/stories.js';

const UNDO_WINDOW_MS = 200;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: { RATE_LIMIT_FACTOR: '100', NOTIFY_UNDO_WINDOW_MS: String(UNDO_WINDOW_MS) },
  });
});
afterAll(() => t.close());

type Person = Awaited<ReturnType<typeof newUser>>;
const newUser = () => createUser(t.testDb.db, t.config);
const act = (who: Person | undefined, method: 'POST' | 'DELETE', whom: string, what: string) =>
  call(t, method, `/users/${whom}/${what}`, who?.auth);
const block = (who: Person, whom: Person) => act(who, 'POST', whom.user.username, 'block');
const unblock = (who: Person, whom: Person) => act(who, 'DELETE', whom.user.username, 'block');
const mute = (who: Person, whom: Person) => act(who, 'POST', whom.user.username, 'mute');
const unmute = (who: Person, whom: Person) => act(who, 'DELETE', whom.user.username, 'mute');
const follow = (who: Person, whom: Person) =>
  call(t, 'POST', `/users/${whom.user.username}/follow`, who.auth);
const comment = (who: Person, chapterId: string, body: string, extra = {}) =>
  call(t, 'POST', `/chapters/${chapterId}/comments`, who.auth, { body, ...extra });
const thread = async (who: Person | undefined, chapterId: string) =>
  (await call(t, 'GET', `/chapters/${chapterId}/comments`, who?.auth)).body.data;

async function storyOf(author: Person, overrides: Record<string, unknown> = {}) {
  const story = await createStory(t, author.auth, overrides);
  const [chapter] = await chaptersOf(t, story.id, author.auth);
  return { story, chapterId: chapter!.id };
}
const followRows = async (a: Person, b: Person) =>
  (
    await t.testDb.db.kysely
      .selectFrom('follows')
      .select('follower_id')
      .where('follower_id', '=', a.user.id)
      .where('followee_id', '=', b.user.id)
      .execute()
  ).length;

/** Waits until every job due by now (and the undo window) has run. */
async function settled() {
  await new Promise((resolve) => setTimeout(resolve, UNDO_WINDOW_MS + 50));
  await dueJobsDone(t.testDb.db);
}
const notices = async (who: Person) => (await call(t, 'GET', '/notifications', who.auth)).body.data;

describe('the block and mute routes', () => {
  it('need an account, a known user and someone other than yourself', async () => {
    const mira = await newUser();
    for (const what of ['block', 'mute']) {
      for (const method of ['POST', 'DELETE'] as const) {
        expect((await act(undefined, method, mira.user.username, what)).status).toBe(401);
        const unknown = await act(mira, method, 'nobody_by_this_name', what);
        expect(unknown.status).toBe(404);
        const self = await act(mira, method, mira.user.username, what);
        expect(self.status).toBe(400);
        expect(self.body.error.details.username).toBe(
          what === 'block' ? SAFETY_MESSAGES.cannotBlockSelf : SAFETY_MESSAGES.cannotMuteSelf,
        );
      }
    }
    for (const list of ['blocks', 'mutes'])
      expect((await call(t, 'GET', `/users/me/${list}`)).status).toBe(401);
  });

  it('are idempotent, list newest first with undo, and take a user id or any case', async () => {
    const mira = await newUser();
    const bram = await newUser();
    const cleo = await newUser();
    const first = await block(mira, bram);
    expect(first.body).toMatchObject({ message: 'Blocked', data: { blocked: true } });
    expect((await block(mira, bram)).body.data).toEqual({ blocked: true });
    await act(mira, 'POST', cleo.user.username.toUpperCase(), 'block');
    await act(mira, 'POST', bram.user.id, 'mute');
    const blocks = (await call(t, 'GET', '/users/me/blocks?limit=1', mira.auth)).body.data;
    expect(blocks).toMatchObject({ total: 2, page: 1, limit: 1 });
    expect(blocks.items).toHaveLength(1);
    expect(Object.keys(blocks.items[0]).sort()).toEqual(
      ['created_at', 'id', 'profile_pic', 'username'].sort(),
    );
    const all = (await call(t, 'GET', '/users/me/blocks', mira.auth)).body.data;
    expect(all.items.map((i: { id: string }) => i.id).sort()).toEqual(
      [bram.user.id, cleo.user.id].sort(),
    );
    const mutes = (await call(t, 'GET', '/users/me/mutes', mira.auth)).body.data;
    expect(mutes).toMatchObject({
      total: 1,
      items: [{ id: bram.user.id, username: bram.user.username }],
    });
    // Bram sees nothing of it.
    const bramsLists = (await call(t, 'GET', '/users/me/blocks', bram.auth)).body.data;
    expect(bramsLists.total).toBe(0);
    const profile = (await call(t, 'GET', `/users/${bram.user.username}`, mira.auth)).body.data;
    expect(profile).toMatchObject({ is_blocked: true, is_muted: true });
    const seenByBram = (await call(t, 'GET', `/users/${mira.user.username}`, bram.auth)).body.data;
    expect(seenByBram).toMatchObject({ is_blocked: false, is_muted: false });

    expect((await unblock(mira, bram)).body).toMatchObject({
      message: 'Unblocked',
      data: { blocked: false },
    });
    expect((await unblock(mira, bram)).status).toBe(200);
    expect((await unmute(mira, bram)).body).toMatchObject({
      message: 'Unmuted',
      data: { muted: false },
    });
    expect((await call(t, 'GET', '/users/me/blocks', mira.auth)).body.data.total).toBe(1);
    expect((await call(t, 'GET', '/users/me/mutes', mira.auth)).body.data.total).toBe(0);
  });
});

describe('a block', () => {
  it('ends the follows between the two, both ways, with their counts', async () => {
    const mira = await newUser();
    const bram = await newUser();
    await follow(bram, mira);
    await follow(mira, bram);
    await block(mira, bram);
    expect(await followRows(bram, mira)).toBe(0);
    expect(await followRows(mira, bram)).toBe(0);
    expect(await counterMismatches(t.testDb.db.kysely)).toEqual([]);
    const profile = (await call(t, 'GET', `/users/${mira.user.username}`)).body.data;
    expect(profile).toMatchObject({ followers_count: 0, following_count: 0 });
  });

  it('stops the blocked user from following, and the blocker until they unblock', async () => {
    const mira = await newUser();
    const bram = await newUser();
    await block(mira, bram);
    const refused = await follow(bram, mira);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(SAFETY_MESSAGES.followBlocked);
    const own = await follow(mira, bram);
    expect(own.status).toBe(403);
    expect(own.body.message).toBe(SAFETY_MESSAGES.followYouBlocked);
    expect(await followRows(bram, mira)).toBe(0);
    await unblock(mira, bram);
    expect((await follow(bram, mira)).status).toBe(200);
  });

  it("stops comments on the blocker's stories, and replies to and likes of their comments", async () => {
    const mira = await newUser();
    const bram = await newUser();
    const cleo = await newUser();
    const { chapterId } = await storyOf(mira);
    const other = await storyOf(cleo);
    const mirasComment = (await comment(mira, other.chapterId, 'Lovely opening.')).body.data;
    const before = (await comment(bram, chapterId, 'Before the block.')).body.data;
    await block(mira, bram);

    const refused = await comment(bram, chapterId, 'Still here?');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(SAFETY_MESSAGES.commentBlocked);
    const reply = await comment(bram, other.chapterId, 'Disagree.', { parent_id: mirasComment.id });
    expect(reply.status).toBe(403);
    expect(reply.body.message).toBe(SAFETY_MESSAGES.replyBlocked);
    const like = await call(t, 'POST', `/comments/${mirasComment.id}/like`, bram.auth);
    expect(like.status).toBe(403);
    expect(like.body.message).toBe(SAFETY_MESSAGES.likeBlocked);
    // Elsewhere Bram comments as before, and Mira still may comment on Cleo's story.
    expect((await comment(bram, other.chapterId, 'A fine chapter.')).status).toBe(201);
    // Bram's own earlier comment stays his to delete.
    expect((await call(t, 'DELETE', `/comments/${before.id}`, bram.auth)).status).toBe(200);
    await unblock(mira, bram);
    expect((await comment(bram, chapterId, 'Friends again.')).status).toBe(201);
    expect(COMMENT_MESSAGES.posted).toBeTruthy();
  });

  it("leaves the blocked user's comments and replies out of the blocker's threads, totals and counts", async () => {
    const mira = await newUser();
    const bram = await newUser();
    const cleo = await newUser();
    const { chapterId } = await storyOf(cleo);
    const top = (await comment(cleo, chapterId, 'First!')).body.data;
    await comment(bram, chapterId, 'Bram was here.');
    await comment(bram, chapterId, 'A reply from Bram.', { parent_id: top.id });
    await comment(mira, chapterId, 'A reply from Mira.', { parent_id: top.id });
    await block(mira, bram);

    const seen = await thread(mira, chapterId);
    expect(seen.total).toBe(1);
    expect(seen.items).toMatchObject([{ id: top.id, replies_count: 1 }]);
    const replies = (await call(t, 'GET', `/comments/${top.id}/replies`, mira.auth)).body.data;
    expect(replies.total).toBe(1);
    expect(replies.items.map((r: { body: string }) => r.body)).toEqual(['A reply from Mira.']);
    const counts = (await call(t, 'GET', `/chapters/${chapterId}/comment-counts`, mira.auth)).body;
    expect(counts.data.chapter).toBe(1);
    // Everyone else, visitors included, sees all of it.
    for (const who of [undefined, cleo, bram]) {
      const whole = await thread(who, chapterId);
      expect(whole.total).toBe(2);
      expect(whole.items.find((c: { id: string }) => c.id === top.id).replies_count).toBe(2);
    }
    await unblock(mira, bram);
    expect((await thread(mira, chapterId)).total).toBe(2);
  });
});

describe('a mute', () => {
  it("leaves the muted author's stories out of the muter's lists, search and feed only", async () => {
    const mira = await newUser();
    const bram = await newUser();
    const cleo = await newUser();
    const word = `Zephyrquill${Date.now()}`;
    const bramStory = (await storyOf(bram, { title: `${word} by Bram`, genre: 'Horror' })).story;
    const cleoStory = (await storyOf(cleo, { title: `${word} by Cleo`, genre: 'Horror' })).story;
    await follow(mira, bram);
    await follow(mira, cleo);
    await mute(mira, bram);
    const ids = (page: { items: { id: string }[] }) => page.items.map((s) => s.id);

    const urls = [
      '/stories?limit=100&sort=latest',
      '/stories?limit=100&genre=Horror',
      `/stories/search?q=${word}`,
      `/stories/search?q=${word}&sort=latest`,
      '/feed/following',
    ];
    for (const url of urls) {
      const visitor = url.startsWith('/feed') ? null : (await call(t, 'GET', url)).body.data;
      const muter = (await call(t, 'GET', url, mira.auth)).body.data;
      expect(ids(muter), url).not.toContain(bramStory.id);
      expect(ids(muter), url).toContain(cleoStory.id);
      if (visitor) {
        expect(ids(visitor), url).toContain(bramStory.id);
        expect(muter.total, url).toBe(visitor.total - 1);
      }
    }
    // Search leaves them out inside the search, so a muter's page is full: the newest match
    // is Bram's, and Mira's one-story page holds Cleo's instead of nothing.
    const newer = (await storyOf(bram, { title: `${word} again by Bram`, genre: 'Horror' })).story;
    const onePage = `/stories/search?q=${word}&sort=latest&limit=1`;
    expect(ids((await call(t, 'GET', onePage)).body.data)).toEqual([newer.id]);
    const muterPage = (await call(t, 'GET', onePage, mira.auth)).body.data;
    expect(ids(muterPage)).toEqual([cleoStory.id]);
    expect(muterPage.total).toBe(1);
    const ranked = (await call(t, 'GET', `/stories/search?q=${word}&limit=1`, mira.auth)).body.data;
    expect(ids(ranked)).toEqual([cleoStory.id]);
    const others = (await call(t, 'GET', '/stories?limit=100', cleo.auth)).body.data;
    expect(ids(others)).toContain(bramStory.id);
    expect((await call(t, 'GET', '/feed/following', mira.auth)).body.data.total).toBe(1);

    const home = (await call(t, 'GET', '/home', mira.auth)).body.data;
    const homeIds = Object.values(home).flatMap((cards) =>
      (cards as { id: string }[]).map((c) => c.id),
    );
    expect(homeIds).not.toContain(bramStory.id);
    const visitorHome = (await call(t, 'GET', '/home')).body.data;
    const visitorIds = Object.values(visitorHome).flatMap((cards) =>
      (cards as { id: string }[]).map((c) => c.id),
    );
    expect(visitorIds).toContain(bramStory.id);

    const similar = (await call(t, 'GET', `/stories/${cleoStory.id}/similar?limit=4`, mira.auth))
      .body.data;
    expect(similar.map((s: { id: string }) => s.id)).not.toContain(bramStory.id);
    const similarForVisitor = (await call(t, 'GET', `/stories/${cleoStory.id}/similar?limit=4`))
      .body.data;
    expect(similarForVisitor.map((s: { id: string }) => s.id)).toContain(bramStory.id);

    const authors = (await call(t, 'GET', '/users/authors?limit=100', mira.auth)).body.data;
    const visitorAuthors = (await call(t, 'GET', '/users/authors?limit=100')).body.data;
    expect(ids(authors)).not.toContain(bram.user.id);
    expect(ids(visitorAuthors)).toContain(bram.user.id);
    expect(authors.total).toBe(visitorAuthors.total - 1);

    await unmute(mira, bram);
    expect(ids((await call(t, 'GET', '/stories?limit=100', mira.auth)).body.data)).toContain(
      bramStory.id,
    );
  });

  it("counts only the muted author's stories the muter would see otherwise", async () => {
    const mira = await newUser();
    const bram = await newUser();
    const genre = 'Adventure';
    await storyOf(bram, { title: 'An all-ages one', genre });
    await storyOf(bram, { title: 'A mature one', genre, rating: 'mature' });
    const url = `/stories?limit=100&genre=${genre}`;
    const before = (await call(t, 'GET', url, mira.auth)).body.data.total;
    await mute(mira, bram);
    // Mira does not see mature stories: the list lost one story, not two.
    expect((await call(t, 'GET', url, mira.auth)).body.data.total).toBe(before - 1);
    const rated = `${url}&rating=general,teen`;
    expect((await call(t, 'GET', rated, mira.auth)).body.data.total).toBe(before - 1);
  });

  it("leaves the muted user's comments out of the muter's threads", async () => {
    const mira = await newUser();
    const bram = await newUser();
    const { chapterId } = await storyOf(mira);
    await comment(bram, chapterId, 'Muted words.');
    await mute(mira, bram);
    expect((await thread(mira, chapterId)).total).toBe(0);
    expect((await thread(undefined, chapterId)).total).toBe(1);
    // A mute is not a block: Bram may still comment.
    expect((await comment(bram, chapterId, 'More words.')).status).toBe(201);
  });
});

describe('notifications from blocked and muted people', () => {
  it('never tell the blocker or muter of follows, likes, comments, mentions or new chapters', async () => {
    const mira = await newUser();
    const bram = await newUser(); // blocked by Mira
    const cleo = await newUser(); // muted by Mira
    const dana = await newUser(); // neither
    const { story, chapterId } = await storyOf(mira);
    await block(mira, bram);
    await mute(mira, cleo);
    // Mira follows Cleo: a muted author's new chapter must not reach her either.
    await follow(mira, cleo);
    await follow(cleo, mira);
    await call(t, 'POST', `/stories/${story.id}/like`, cleo.auth);
    await call(t, 'POST', `/stories/${story.id}/like`, dana.auth);
    await comment(cleo, chapterId, 'A muted comment.');
    const elsewhere = await storyOf(dana);
    await comment(bram, elsewhere.chapterId, `Hey @${mira.user.username}`);
    await comment(cleo, elsewhere.chapterId, `Hi @${mira.user.username}`);
    const cleos = await createStory(t, cleo.auth);
    await call(t, 'POST', `/chapters`, cleo.auth, {
      story_id: cleos.id,
      title: 'Two',
      content: '<p>More.</p>',
      published: true,
    });
    await settled();
    const page = await notices(mira);
    // Only Dana's like; Cleo's like did not join its group.
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({
      type: 'story_like',
      actors_count: 1,
      actors: [{ id: dana.user.id }],
    });
    // Dana still hears of Bram's and Cleo's comments on her story.
    expect((await notices(dana)).total).toBeGreaterThan(0);
  });

  it('take what the blocked or muted person did out of notifications already there', async () => {
    const mira = await newUser();
    const bram = await newUser(); // to be blocked
    const cleo = await newUser(); // to be muted
    const dana = await newUser(); // neither
    const { story, chapterId } = await storyOf(mira);
    await follow(bram, mira);
    for (const who of [bram, cleo, dana])
      await call(t, 'POST', `/stories/${story.id}/like`, who.auth);
    await comment(cleo, chapterId, 'Before the mute.');
    await settled();
    const before = await notices(mira);
    expect(before.items.map((n: { type: string }) => n.type).sort()).toEqual([
      'comment',
      'follow',
      'story_like',
    ]);
    expect(before.items.find((n: { type: string }) => n.type === 'story_like').actors_count).toBe(
      3,
    );

    expect((await block(mira, bram)).status).toBe(200);
    expect((await mute(mira, cleo)).status).toBe(200);
    const after = await notices(mira);
    // Bram's follow and Cleo's comment are gone; the like names Dana alone.
    expect(after.items).toHaveLength(1);
    expect(after.items[0]).toMatchObject({
      type: 'story_like',
      actors_count: 1,
      actors: [{ id: dana.user.id }],
    });
    const unread = await call(t, 'GET', '/notifications/unread-count', mira.auth);
    expect(unread.body.data.count).toBe(1);
  });
});

describe('the account', () => {
  it('exports its blocks and mutes, and deleting either account removes them', async () => {
    const mira = await newUser();
    const bram = await newUser();
    const cleo = await newUser();
    await block(mira, bram);
    await mute(mira, cleo);
    await block(bram, mira);
    const res = await t.app.inject({ url: '/api/users/me/export', headers: mira.auth });
    const data = res.json();
    const exported = data.data ?? data;
    expect(exported.blocks).toMatchObject([{ username: bram.user.username }]);
    expect(exported.mutes).toMatchObject([{ username: cleo.user.username }]);

    const gone = await call(t, 'DELETE', '/users/me', bram.auth, { password: TEST_PASSWORD });
    expect(gone.status).toBe(200);
    const left = await t.testDb.db.kysely
      .selectFrom('blocks')
      .selectAll()
      .where((eb) =>
        eb.or([eb('blocker_id', '=', bram.user.id), eb('blocked_id', '=', bram.user.id)]),
      )
      .execute();
    expect(left).toEqual([]);
    expect((await call(t, 'GET', '/users/me/blocks', mira.auth)).body.data.total).toBe(0);
    expect((await call(t, 'GET', '/users/me/mutes', mira.auth)).body.data.total).toBe(1);
  });
});
