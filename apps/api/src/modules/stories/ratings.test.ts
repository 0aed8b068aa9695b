import { RATING_MESSAGES, type Rating, STORY_SORTS } from '@storyloom/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createUser } from '../../test/factories.js';
import { call, createStory } from '../../test/stories.js';

/** Ratings and warnings (issue 21, docs/decisions/023-ratings.md). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Auth = { authorization: string } | undefined;
type User = Awaited<ReturnType<typeof createUser>>;
const newUser = () => createUser(t.testDb.db, t.config);

const showMature = async (user: User, on: boolean) => {
  const res = await call(t, 'PUT', '/users/me/settings', user.auth, { showMatureContent: on });
  expect(res.status).toBe(200);
};

const ids = (items: { id: string }[]) => items.map((item) => item.id).sort();
const get = async (url: string, auth?: Auth) => {
  const res = await call(t, 'GET', url, auth);
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
};

describe('a story’s rating and warnings', () => {
  let author: User;
  beforeAll(async () => {
    author = await newUser();
  });

  it('are set on create, carried by the payload, and mature_content follows the rating', async () => {
    const story = await createStory(t, author.auth, {
      rating: 'explicit',
      warnings: ['self_harm', 'violence', 'violence'],
    });
    expect(story.rating).toBe('explicit');
    // Deduplicated, in the fixed list's order.
    expect(story.warnings).toEqual(['violence', 'self_harm']);
    expect(story.settings.mature_content).toBe(true);
    const plain = await createStory(t, author.auth);
    expect(plain).toMatchObject({ rating: 'general', warnings: [] });
    expect(plain.settings.mature_content).toBe(false);
    const row = await t.testDb.db.kysely
      .selectFrom('stories')
      .select(['rating', 'mature_content'])
      .where('id', '=', story.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ rating: 'explicit', mature_content: 1 });
  });

  it('maps the old Mature Content flag onto the rating', async () => {
    const story = await createStory(t, author.auth, { rating: 'teen', mature_content: false });
    const patch = async (body: object) => {
      const res = await call(t, 'PATCH', `/stories/${story.id}`, author.auth, body);
      expect(res.status).toBe(200);
      return res.body.data as { rating: Rating; settings: { mature_content: boolean } };
    };
    // On lifts Teen to Mature; on again leaves it; Explicit stays Explicit under the flag.
    expect((await patch({ settings: { mature_content: true } })).rating).toBe('mature');
    expect((await patch({ mature_content: true })).rating).toBe('mature');
    expect((await patch({ rating: 'explicit' })).settings.mature_content).toBe(true);
    expect((await patch({ mature_content: true })).rating).toBe('explicit');
    // Off lowers Mature or Explicit to Teen.
    expect(await patch({ mature_content: false })).toMatchObject({
      rating: 'teen',
      settings: { mature_content: false },
    });
    // A rating given with the flag wins, nested or flat.
    expect((await patch({ rating: 'general', mature_content: true })).rating).toBe('general');
    expect((await patch({ settings: { rating: 'mature' }, mature_content: false })).rating).toBe(
      'mature',
    );
    expect(
      (await patch({ settings: { warnings: 'abuse, violence' } })) as unknown as {
        warnings: string[];
      },
    ).toMatchObject({ warnings: ['violence', 'abuse'] });
  });

  it('refuses an unknown rating or warning with a 400 naming the field, and changes nothing', async () => {
    const story = await createStory(t, author.auth, { rating: 'teen' });
    const cases: [object, string][] = [
      [{ rating: 'adult' }, 'rating'],
      [{ warnings: ['violence', 'spoilers'] }, 'warnings'],
      [{ warnings: `violence${',x'.repeat(600)}` }, 'warnings'],
    ];
    for (const [body, field] of cases) {
      const res = await call(t, 'PATCH', `/stories/${story.id}`, author.auth, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.success).toBe(false);
      expect(JSON.stringify(res.body.error.details)).toContain(field);
    }
    const bad = await call(t, 'POST', '/stories/json', author.auth, {
      title: 'Bad rating',
      genre: 'Fantasy',
      rating: 'R',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.rating).toBe(RATING_MESSAGES.ratingInvalid);
    const after = await get(`/stories/${story.id}`, author.auth);
    expect(after).toMatchObject({ rating: 'teen', warnings: [] });
  });
});

describe('who sees mature stories', () => {
  let author: User;
  let optedOut: User;
  let optedIn: User;
  const story: Record<Rating, string> = { general: '', teen: '', mature: '', explicit: '' };
  const all = () => Object.values(story).sort();
  const allAges = () => [story.general, story.teen].sort();

  beforeAll(async () => {
    author = await newUser();
    optedOut = await newUser();
    optedIn = await newUser();
    await showMature(optedIn, true);
    // Poetry is this block's alone: its totals are exactly these four stories.
    for (const rating of ['general', 'teen', 'mature', 'explicit'] as const) {
      const created = await createStory(t, author.auth, {
        title: `Quillfeather ${rating}`,
        genre: 'Poetry',
        rating,
      });
      story[rating] = created.id;
    }
    for (const reader of [optedOut, optedIn]) {
      const res = await call(t, 'POST', `/users/${author.user.username}/follow`, reader.auth);
      expect(res.status).toBe(200);
    }
  });

  it('GET /stories leaves Mature and Explicit out for visitors and opted-out readers, in every sort, with the right total', async () => {
    for (const sort of STORY_SORTS) {
      const url = `/stories?genre=Poetry&sort=${sort}`;
      for (const auth of [undefined, optedOut.auth]) {
        const page = await get(url, auth);
        expect(ids(page.items)).toEqual(allAges());
        expect(page.total).toBe(2);
      }
      const page = await get(url, optedIn.auth);
      expect(ids(page.items)).toEqual(all());
      expect(page.total).toBe(4);
      expect(page.items.find((item: { id: string }) => item.id === story.mature).rating).toBe(
        'mature',
      );
    }
    // Across genres too: no mature story on any visitor's page.
    const everything = await get('/stories?limit=100');
    expect(ids(everything.items)).not.toContain(story.mature);
    expect(ids(everything.items)).not.toContain(story.explicit);
  });

  it('a rating filter narrows what the viewer may see, and never widens it', async () => {
    expect(ids((await get('/stories?genre=Poetry&rating=general')).items)).toEqual([story.general]);
    const none = await get('/stories?genre=Poetry&rating=mature,explicit');
    expect(none).toMatchObject({ items: [], total: 0 });
    const adults = await get('/stories?genre=Poetry&rating=Mature,explicit', optedIn.auth);
    expect(ids(adults.items)).toEqual([story.mature, story.explicit].sort());
    expect(adults.total).toBe(2);
    const teenUp = await get('/stories?genre=Poetry&rating=teen,mature', optedIn.auth);
    expect(teenUp.total).toBe(2);
    const bad = await call(t, 'GET', '/stories?rating=general,adult');
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.rating).toBe(RATING_MESSAGES.ratingInvalid);
  });

  it('search leaves them out the same way and takes the rating filter', async () => {
    for (const sort of ['relevance', 'latest', 'popular'] as const) {
      const url = `/stories/search?q=quillfeather&sort=${sort}`;
      const visitor = await get(url);
      expect(ids(visitor.items)).toEqual(allAges());
      expect(visitor.total).toBe(2);
      expect(ids((await get(url, optedOut.auth)).items)).toEqual(allAges());
      const opted = await get(url, optedIn.auth);
      expect(ids(opted.items)).toEqual(all());
      expect(opted.total).toBe(4);
    }
    const byGenre = await get('/stories/search?q=quillfeather&genre=Poetry', optedIn.auth);
    expect(byGenre.total).toBe(4);
    const explicit = await get('/stories/search?q=quillfeather&rating=explicit', optedIn.auth);
    expect(ids(explicit.items)).toEqual([story.explicit]);
    expect(explicit.total).toBe(1);
    expect((await get('/stories/search?q=quillfeather&rating=explicit')).total).toBe(0);
  });

  it('home, More Like This, the feed and others’ profiles leave them out unless opted in', async () => {
    const homeIds = (home: Record<string, { id: string }[]>) =>
      Object.values(home).flatMap((section) => section.map((card) => card.id));
    for (const auth of [undefined, optedOut.auth]) {
      const shown = homeIds(await get('/home', auth));
      expect(shown).toContain(story.general);
      expect(shown).not.toContain(story.mature);
      expect(shown).not.toContain(story.explicit);
    }
    const opted = homeIds(await get('/home', optedIn.auth));
    expect(opted).toEqual(expect.arrayContaining(all()));

    const similar = `/stories/${story.general}/similar`;
    expect(ids(await get(similar))).toEqual([story.teen]);
    expect(ids(await get(similar, optedIn.auth))).toEqual(
      [story.teen, story.mature, story.explicit].sort(),
    );

    const feed = await get('/feed/following?limit=50', optedOut.auth);
    expect(ids(feed.items)).toEqual(allAges());
    expect(feed.total).toBe(2);
    const feedIn = await get('/feed/following?limit=50', optedIn.auth);
    expect(ids(feedIn.items)).toEqual(all());
    expect(feedIn.total).toBe(4);

    const profile = `/users/${author.user.username}/stories?limit=50`;
    for (const auth of [undefined, optedOut.auth]) {
      const page = await get(profile, auth);
      expect(ids(page.items)).toEqual(allAges());
      expect(page.total).toBe(2);
    }
    expect((await get(profile, optedIn.auth)).total).toBe(4);
    // An author always sees all their own.
    expect((await get(profile, author.auth)).total).toBe(4);
    expect((await get('/users/me/stories?limit=50', author.auth)).total).toBe(4);
  });

  it('a mature story by its link still answers everyone who may read it', async () => {
    for (const auth of [undefined, optedOut.auth, optedIn.auth]) {
      const found = await get(`/stories/${story.explicit}`, auth);
      expect(found).toMatchObject({ id: story.explicit, rating: 'explicit' });
      const chapters = await get(`/chapters/by-story/${story.explicit}`, auth);
      expect(chapters.length).toBe(1);
    }
  });

  it('turning the switch on or off changes the lists at once, and this node’s totals follow a rating change', async () => {
    const reader = await newUser();
    expect((await get('/stories?genre=Poetry', reader.auth)).total).toBe(2);
    await showMature(reader, true);
    expect((await get('/stories?genre=Poetry', reader.auth)).total).toBe(4);
    await showMature(reader, false);
    expect((await get('/stories?genre=Poetry', reader.auth)).total).toBe(2);

    // The totals are cached (decision 006); a rating change adjusts them on this node at once.
    const res = await call(t, 'PATCH', `/stories/${story.teen}`, author.auth, {
      rating: 'mature',
    });
    expect(res.status).toBe(200);
    expect((await get('/stories?genre=Poetry')).total).toBe(1);
    expect((await get('/stories?genre=Poetry', optedIn.auth)).total).toBe(4);
    expect((await get('/stories?genre=Poetry&rating=mature', optedIn.auth)).total).toBe(2);
    await call(t, 'PATCH', `/stories/${story.teen}`, author.auth, { rating: 'teen' });
    expect((await get('/stories?genre=Poetry')).total).toBe(2);
    expect((await get('/stories?genre=Poetry&rating=mature', optedIn.auth)).total).toBe(1);
  });
});
