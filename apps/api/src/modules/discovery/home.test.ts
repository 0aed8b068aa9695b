import { DISCOVERY } from '@storyloom/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser } from '../../test/factories.js';
import { call, createStory } from '../../test/stories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.testDb.db.kysely;
const CARD_KEYS = [
  'author',
  'comments_count',
  'cover_thumb',
  'genre',
  'id',
  'rating',
  'reads_count',
  'title',
  'votes_count',
];
type Card = {
  id: string;
  title: string;
  description?: string;
  comments_count: number;
  author: Record<string, unknown>;
};
type Home = { featured: Card[]; most_popular: Card[]; trending: Card[]; latest: Card[] };

describe('GET /home', () => {
  it('fills each section from its order, never shows a story twice, and sends cards only', async () => {
    const author = await createUser(t.testDb.db, t.config);
    const { home } = DISCOVERY;
    // 40 public stories: n is the popularity rank (0 the most popular); trending runs the
    // other way round, and the newest are the middle ones, so the orders overlap in part.
    const ids: string[] = [];
    for (let n = 0; n < 40; n++) {
      const story = await createStory(t, author.auth, { title: `Story ${n}` });
      ids.push(story.id);
      await db()
        .updateTable('stories')
        .set({
          popular_score: 1000 - n,
          trending_score: n,
          // Story 0's counter has drifted below zero: a card shows 0, never a negative.
          comments_count: n === 0 ? -1 : n * 3,
          published_at: new Date(
            Date.UTC(2026, 0, 1) + Math.abs(20 - n) * -86_400_000,
          ).toISOString(),
        })
        .where('id', '=', story.id)
        .execute();
    }
    // The most popular of all, but private: on no section.
    const hidden = await createStory(t, author.auth, { title: 'Hidden', visibility: 'private' });
    await db()
      .updateTable('stories')
      .set({ popular_score: 5000, trending_score: 5000 })
      .where('id', '=', hidden.id)
      .execute();

    const res = await call(t, 'GET', '/home');
    expect(res.status).toBe(200);
    const data = res.body.data as Home;
    const titles = (cards: Card[]) => cards.map((card) => card.title);
    const popular = Array.from({ length: 10 }, (_, n) => `Story ${n}`);
    expect(titles(data.featured)).toEqual(popular.slice(0, home.featured));
    expect(titles(data.most_popular)).toEqual(popular.slice(home.featured));
    // Trending: highest n first (39, 38, …), none of the popular ten.
    expect(titles(data.trending)).toEqual(
      Array.from({ length: home.trending }, (_, i) => `Story ${39 - i}`),
    );
    // Latest: published_at is highest at n = 20 and falls away on both sides (a tie goes to
    // the newer id, the higher n); skips what Trending (32–39) and the popular ten show.
    expect(titles(data.latest)).toEqual([
      'Story 20',
      'Story 21',
      'Story 19',
      'Story 22',
      'Story 18',
      'Story 23',
      'Story 17',
      'Story 24',
    ]);
    const all = [...data.featured, ...data.most_popular, ...data.trending, ...data.latest];
    expect(new Set(all.map((card) => card.id)).size).toBe(all.length);
    expect(all.map((card) => card.id)).not.toContain(hidden.id);
    const keys = (card: Card) => Object.keys(card).sort();
    for (const card of [...data.featured, ...data.trending, ...data.latest]) {
      expect(keys(card)).toEqual(CARD_KEYS);
    }
    // Every card carries its story's comments figure, as the other story cards do.
    for (const card of all) {
      const n = Number(card.title.replace('Story ', ''));
      expect(card.comments_count, card.title).toBe(n * 3);
    }
    // Most Popular shows its stories' summaries.
    for (const card of data.most_popular) {
      expect(keys(card)).toEqual([...CARD_KEYS, 'description'].sort());
      expect(card.description).toBe('A walk that never ends.');
    }
  });

  it('documents the comments figure of a card in the OpenAPI document', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    for (const name of ['StoryCard', 'StorySummaryCard']) {
      const schema = spec.components.schemas[name];
      expect(schema.properties, name).toHaveProperty('comments_count');
      expect(schema.required, name).toContain('comments_count');
    }
  });

  it('names the author by username alone, whatever their profile privacy', async () => {
    const shy = await createUser(t.testDb.db, t.config, { profile_pic: '/media/avatars/shy.jpg' });
    await call(t, 'PUT', '/users/me/settings', shy.auth, { profileVisibility: 'private' });
    const story = await createStory(t, shy.auth, { title: 'Shy author' });
    await db()
      .updateTable('stories')
      .set({ popular_score: 9000 })
      .where('id', '=', story.id)
      .execute();
    for (const auth of [undefined, shy.auth]) {
      const data = (await call(t, 'GET', '/home', auth)).body.data as Home;
      const card = data.featured.find((c) => c.title === 'Shy author');
      expect(card?.author).toEqual({ username: shy.user.username });
    }
  });
});
