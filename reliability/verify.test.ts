import { describe, expect, it } from 'vitest';
import { type Snapshot, verify } from './support/verify.js';
import { Ledger } from './support/workload.js';

// The checker the chaos tests rely on must itself catch each kind of damage it claims to.

function world(): { ledger: Ledger; snap: Snapshot } {
  const ledger = new Ledger();
  ledger.users.push(
    { username: 'a', email: 'a@x', id: 'ua', signedUp: true, signupAcked: true },
    { username: 'b', email: 'b@x', id: 'ub', signedUp: true, signupAcked: true },
  );
  ledger.storyAttempts.set('S-1', {
    title: 'S-1',
    authorId: 'ua',
    visibility: 'public',
    tags: ['t1'],
    chapterTitles: ['C-1-0', 'C-1-1'],
    acked: true,
  });
  ledger.stories.set('s1', {
    id: 's1',
    title: 'S-1',
    authorId: 'ua',
    visibility: 'public',
    publishedChapters: ['c1', 'c2'],
  });
  ledger.chapterAttempts.set('A-1', { title: 'A-1', storyId: 's1', published: false, id: 'c3' });
  ledger.ack('like|ub|s1', true);
  ledger.ack('follow|ub|ua', true);
  ledger.ack('save|ub|s1', false);
  ledger.ack('progress|ub|s1', 'c2');
  ledger.reads.add('c2|ub');
  const chapter = (id: string, title: string, position: number, published: number, reads = 0) => ({
    id,
    story_id: 's1',
    title,
    position,
    published,
    reads_count: reads,
    content: `<p>${title}</p>`,
  });
  const snap: Snapshot = {
    users: [
      { id: 'ua', email: 'a@x', followers_count: 1, following_count: 0, stories_count: 1 },
      { id: 'ub', email: 'b@x', followers_count: 0, following_count: 1, stories_count: 0 },
    ],
    stories: [
      {
        id: 's1',
        author_id: 'ua',
        title: 'S-1',
        visibility: 'public',
        votes_count: 1,
        chapters_count: 2,
        reads_count: 1,
        popular_score: 11,
      },
    ],
    chapters: [
      chapter('c1', 'C-1-0', 1, 1),
      chapter('c2', 'C-1-1', 2, 1, 1),
      chapter('c3', 'A-1', 3, 0),
    ],
    story_tags: [{ story_id: 's1', tag: 't1' }],
    likes: [{ user_id: 'ub', story_id: 's1' }],
    saves: [],
    follows: [{ follower_id: 'ub', followee_id: 'ua' }],
    chapter_reads: [{ chapter_id: 'c2', reader_key: 'ub', story_id: 's1' }],
    reading_progress: [{ user_id: 'ub', story_id: 's1', chapter_id: 'c2' }],
  };
  return { ledger, snap };
}

describe('the chaos verifier', () => {
  it('accepts a database that matches what was acknowledged', () => {
    const { ledger, snap } = world();
    const result = verify(ledger, snap);
    expect(result.failures).toEqual([]);
    expect(result.figures.pairsChecked).toBe(4);
  });

  const damage: [string, (w: ReturnType<typeof world>) => void, RegExp][] = [
    ['a lost like', ({ snap }) => snap.likes.pop(), /like ub\|s1/],
    ['a counter off by one', ({ snap }) => (snap.stories[0]!.votes_count = 2), /votes_count/],
    ['a half-written story', ({ snap }) => snap.chapters.splice(0, 1), /kept 1 of its 2/],
    ['a lost sign-up', ({ snap }) => snap.users.splice(1, 1), /sign-up of b@x/],
    ['a lost chapter', ({ snap }) => snap.chapters.pop(), /chapter c3 is missing/],
    ['a lost read', ({ snap }) => snap.chapter_reads.pop(), /read c2\|ub is missing/],
    ['a wrong position', ({ snap }) => (snap.reading_progress[0]!.chapter_id = 'c1'), /progress/],
    ['a gap in chapter order', ({ snap }) => (snap.chapters[2]!.position = 5), /positions/],
    [
      'a save that came back',
      ({ snap }) => snap.saves.push({ user_id: 'ub', story_id: 's1' }),
      /save/,
    ],
    [
      'a story nobody sent',
      ({ snap }) => snap.stories.push({ ...snap.stories[0]!, id: 's9', title: 'S-9' }),
      /never sent/,
    ],
  ];
  for (const [what, harm, message] of damage) {
    it(`reports ${what}`, () => {
      const w = world();
      harm(w);
      const { failures } = verify(w.ledger, w.snap);
      expect(failures.join('\n')).toMatch(message);
    });
  }

  it('allows either state for a pair whose last write went unanswered', () => {
    const w = world();
    w.ledger.unknown('like|ub|s1');
    w.snap.likes.pop();
    w.snap.stories[0]!.votes_count = 0;
    w.snap.stories[0]!.popular_score = 1;
    expect(verify(w.ledger, w.snap).failures).toEqual([]);
  });

  it('trusts a later incarnation of the server to settle an unanswered write', () => {
    const w = world();
    w.ledger.unknown('like|ub|s1');
    w.ledger.epoch += 1;
    w.ledger.ack('like|ub|s1', false);
    expect(verify(w.ledger, w.snap).failures.join('\n')).toMatch(/like ub\|s1/);
  });
});
