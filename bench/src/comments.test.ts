import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import {
  type CommentChapter,
  countsRequests,
  describeChapters,
  sampleCommentChapters,
  THREAD_MIX,
  threadRequests,
} from './comments.js';
import type { Sql } from './library.js';
import { Random } from './random.js';

/** A library of `busy` chapters with 10 + i comments each and `quiet` chapters with none. */
function library(busy: number, quiet: number): Sql {
  const db = new Database(':memory:');
  db.exec(`
    create table stories (id text primary key, visibility text);
    create table chapters (id text primary key, story_id text, published integer, paragraph_keys text);
    create table comments (id text primary key, chapter_id text, parent_id text, paragraph_key text);
    insert into stories values ('open', 'public'), ('closed', 'private');
  `);
  const chapter = db.prepare('insert into chapters values (?, ?, 1, ?)');
  const comment = db.prepare('insert into comments values (?, ?, ?, ?)');
  for (let i = 0; i < busy; i++) {
    chapter.run(`busy${i}`, i === 0 ? 'closed' : 'open', JSON.stringify(['k0', 'k1', 'k2']));
    for (let n = 0; n < 10 + i; n++) {
      // Every third on paragraph k2, and one reply each, which counts for nothing.
      comment.run(`c${i}-${n}`, `busy${i}`, null, n % 3 === 0 ? 'k2' : null);
      comment.run(`r${i}-${n}`, `busy${i}`, `c${i}-${n}`, 'k1');
    }
  }
  for (let i = 0; i < quiet; i++) chapter.run(`quiet${i}`, 'open', null);
  return {
    all: async <T>(text: string, params: readonly unknown[] = []) =>
      db.prepare(text).all(...params) as T[],
    close: async () => {
      db.close();
    },
  };
}

describe('sampleCommentChapters', () => {
  it('alternates the busiest readable chapters with spread ones, with a paragraph that has comments', async () => {
    const sql = library(5, 3);
    const spread = [0, 1, 2].map((i) => ({ id: `quiet${i}`, storyId: 'open' }));
    const chapters = await sampleCommentChapters(sql, spread, new Random(1));
    // busy0 is on a private story: left out.
    expect(chapters.map((c) => c.id)).toEqual([
      'busy4',
      'quiet0',
      'busy3',
      'quiet1',
      'busy2',
      'quiet2',
      'busy1',
    ]);
    expect(chapters[0]).toEqual({ id: 'busy4', comments: 14, paragraph: 2, busy: true });
    expect(chapters[1]).toEqual({ id: 'quiet0', comments: 0, paragraph: null, busy: false });
    expect(describeChapters(chapters)).toBe(
      '4 chapters with the most top-level comments (14–11) alternated with 3 spread ones (100% without any)',
    );
  });
});

describe('threadRequests', () => {
  const chapters: CommentChapter[] = Array.from({ length: 4000 }, (_, i) => ({
    id: `c${i}`,
    comments: i,
    paragraph: i % 2 === 0 ? 3 : null,
    busy: i % 2 === 0,
  }));

  it('asks for each chapter’s first page in the mix of orders and threads', () => {
    const requests = threadRequests(chapters);
    expect(requests).toHaveLength(chapters.length);
    expect(threadRequests(chapters)).toEqual(requests);
    const kinds = new Map<string, number>();
    requests.forEach((r, i) => {
      const url = new URL(r.path, 'http://x');
      expect(url.pathname).toBe(`/api/chapters/c${i}/comments`);
      expect(url.searchParams.get('page')).toBe('1');
      expect(url.searchParams.get('limit')).toBe('20');
      const paragraph = url.searchParams.get('paragraph');
      if (paragraph !== null) expect(paragraph).toBe(i % 2 === 0 ? '3' : '0');
      const kind = `${url.searchParams.get('sort')}|${paragraph !== null}`;
      kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    });
    for (const [weight, { sort, onParagraph }] of THREAD_MIX) {
      const share = (kinds.get(`${sort}|${onParagraph}`) ?? 0) / requests.length;
      expect(Math.abs(share - weight / 100)).toBeLessThan(0.03);
    }
  });

  it('asks for the counts of the same chapters', () => {
    expect(countsRequests(chapters.slice(0, 2))).toEqual([
      { method: 'GET', path: '/api/chapters/c0/comment-counts' },
      { method: 'GET', path: '/api/chapters/c1/comment-counts' },
    ]);
  });
});
