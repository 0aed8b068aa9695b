import Database from 'better-sqlite3';
import pg from 'pg';
import type { Ledger } from './workload.js';

/** The rows the checks need, read straight from the database file or server. */
export interface Snapshot {
  users: {
    id: string;
    email: string;
    followers_count: number;
    following_count: number;
    stories_count: number;
  }[];
  stories: {
    id: string;
    author_id: string;
    title: string;
    visibility: string;
    votes_count: number;
    chapters_count: number;
    reads_count: number;
    popular_score: number;
  }[];
  chapters: {
    id: string;
    story_id: string;
    title: string;
    position: number;
    published: number;
    reads_count: number;
    content: string;
  }[];
  story_tags: { story_id: string; tag: string }[];
  likes: { user_id: string; story_id: string }[];
  saves: { user_id: string; story_id: string }[];
  follows: { follower_id: string; followee_id: string }[];
  chapter_reads: { chapter_id: string; reader_key: string; story_id: string }[];
  reading_progress: { user_id: string; story_id: string; chapter_id: string }[];
}

const QUERIES: Record<keyof Snapshot, string> = {
  users: 'select id, email, followers_count, following_count, stories_count from users',
  stories:
    'select id, author_id, title, visibility, votes_count, chapters_count, reads_count, popular_score from stories',
  chapters: 'select id, story_id, title, position, published, reads_count, content from chapters',
  story_tags: 'select story_id, tag from story_tags',
  likes: 'select user_id, story_id from likes',
  saves: 'select user_id, story_id from saves',
  follows: 'select follower_id, followee_id from follows',
  chapter_reads: 'select chapter_id, reader_key, story_id from chapter_reads',
  reading_progress: 'select user_id, story_id, chapter_id from reading_progress',
};

const NUMERIC = new Set([
  'followers_count',
  'following_count',
  'stories_count',
  'votes_count',
  'chapters_count',
  'reads_count',
  'popular_score',
  'position',
  'published',
]);

/** PostgreSQL hands bigints and uuids back as strings; make both engines look alike. */
function normalize<T>(rows: Record<string, unknown>[]): T[] {
  return rows.map((row) => {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(row)) out[k] = NUMERIC.has(k) ? Number(v) : String(v);
    return out as T;
  });
}

export interface SqliteHealth {
  integrity: string;
  foreignKeyViolations: number;
}

/**
 * Opens the SQLite file read-only (as a crashed server left it: the WAL is read, not
 * checkpointed, so the next server start still does its own recovery) and snapshots it.
 */
export function snapshotSqlite(file: string): { snapshot: Snapshot; health: SqliteHealth } {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const snapshot = {} as Record<keyof Snapshot, unknown>;
    for (const [table, query] of Object.entries(QUERIES)) {
      snapshot[table as keyof Snapshot] = normalize(
        db.prepare(query).all() as Record<string, unknown>[],
      );
    }
    const integrity = (db.pragma('integrity_check') as { integrity_check: string }[])
      .map((r) => r.integrity_check)
      .join('; ');
    const foreignKeyViolations = (db.pragma('foreign_key_check') as unknown[]).length;
    return { snapshot: snapshot as Snapshot, health: { integrity, foreignKeyViolations } };
  } finally {
    db.close();
  }
}

export async function snapshotPostgres(url: string): Promise<Snapshot> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const snapshot = {} as Record<keyof Snapshot, unknown>;
    for (const [table, query] of Object.entries(QUERIES)) {
      const { rows } = await client.query(query);
      snapshot[table as keyof Snapshot] = normalize(rows);
    }
    return snapshot as Snapshot;
  } finally {
    await client.end();
  }
}

export interface Verification {
  failures: string[];
  figures: {
    users: number;
    stories: number;
    chapters: number;
    likes: number;
    saves: number;
    follows: number;
    chapterReads: number;
    /** Acknowledged writes whose effect was looked up and found. */
    ackedWritesChecked: number;
    /** Pairs (like/save/follow/position) whose final state was known and matched. */
    pairsChecked: number;
    /** Pairs left unknown by an unanswered write (either state is allowed). */
    pairsUnknown: number;
    /** Stories whose creation was never answered but which committed (whole). */
    unansweredStoriesPresent: number;
    countersChecked: number;
  };
}

const countBy = <T>(rows: T[], key: (r: T) => string): Map<string, number> => {
  const m = new Map<string, number>();
  for (const r of rows) m.set(key(r), (m.get(key(r)) ?? 0) + 1);
  return m;
};

/** Checks the snapshot against everything the ledger says was acknowledged, and every counter. */
export function verify(ledger: Ledger, snap: Snapshot): Verification {
  const failures: string[] = [];
  const fail = (message: string) => {
    if (failures.length < 50) failures.push(message);
    else if (failures.length === 50) failures.push('… more failures not shown');
  };
  let ackedWritesChecked = 0;
  let countersChecked = 0;
  let pairsChecked = 0;
  let pairsUnknown = 0;
  let unansweredStoriesPresent = 0;

  const usersById = new Map(snap.users.map((u) => [u.id, u]));
  const usersByEmail = new Map(snap.users.map((u) => [u.email, u]));
  const storiesById = new Map(snap.stories.map((s) => [s.id, s]));
  const chaptersById = new Map(snap.chapters.map((c) => [c.id, c]));

  // Accounts.
  for (const u of ledger.users) {
    if (!u.signupAcked) continue;
    const row = usersByEmail.get(u.email);
    if (!row || row.id !== u.id) fail(`acknowledged sign-up of ${u.email} is missing`);
    else ackedWritesChecked += 1;
  }

  // Stories: every acknowledged one present; every present one whole.
  for (const s of ledger.stories.values()) {
    const row = storiesById.get(s.id);
    if (!row) fail(`acknowledged story ${s.id} (${s.title}) is missing`);
    else if (
      row.title !== s.title ||
      row.author_id !== s.authorId ||
      row.visibility !== s.visibility
    )
      fail(`story ${s.id} differs from what was acknowledged`);
    else ackedWritesChecked += 1;
  }
  const tagsByStory = new Map<string, string[]>();
  for (const t of snap.story_tags)
    tagsByStory.set(t.story_id, [...(tagsByStory.get(t.story_id) ?? []), t.tag]);
  const chaptersByStory = new Map<string, Snapshot['chapters']>();
  for (const c of snap.chapters)
    chaptersByStory.set(c.story_id, [...(chaptersByStory.get(c.story_id) ?? []), c]);

  for (const row of snap.stories) {
    const attempt = ledger.storyAttempts.get(row.title);
    if (!attempt) {
      fail(`story ${row.id} '${row.title}' was never sent`);
      continue;
    }
    if (!attempt.acked) unansweredStoriesPresent += 1;
    const tags = (tagsByStory.get(row.id) ?? []).sort();
    if (tags.join(',') !== [...attempt.tags].sort().join(','))
      fail(`story ${row.id} has tags [${tags}] instead of [${attempt.tags}]`);
    const chapters = chaptersByStory.get(row.id) ?? [];
    const fromCreate = chapters.filter((c) => attempt.chapterTitles.includes(c.title));
    if (fromCreate.length !== attempt.chapterTitles.length)
      fail(
        `story ${row.id} kept ${fromCreate.length} of its ${attempt.chapterTitles.length} chapters`,
      );
    for (const c of fromCreate)
      if (c.published !== 1) fail(`chapter ${c.id} sent with its story is not published`);
    for (const c of chapters) {
      if (attempt.chapterTitles.includes(c.title)) continue;
      const added = ledger.chapterAttempts.get(c.title);
      if (!added || added.storyId !== row.id)
        fail(`chapter ${c.id} '${c.title}' was never sent to ${row.id}`);
      else if (Boolean(c.published) !== added.published)
        fail(`chapter ${c.id} has the wrong published flag`);
      if (!c.content.includes(c.title)) fail(`chapter ${c.id} lost its content`);
    }
    const positions = chapters.map((c) => c.position).sort((a, b) => a - b);
    if (positions.some((p, i) => p !== i + 1))
      fail(`story ${row.id} chapter positions are [${positions}], not 1…${positions.length}`);
  }
  for (const a of ledger.chapterAttempts.values()) {
    if (!a.id) continue;
    const row = chaptersById.get(a.id);
    if (!row || row.story_id !== a.storyId || row.title !== a.title)
      fail(`acknowledged chapter ${a.id} is missing`);
    else ackedWritesChecked += 1;
  }

  // Likes, saves, follows and reading positions whose last write is known.
  const likes = new Set(snap.likes.map((r) => `${r.user_id}|${r.story_id}`));
  const saves = new Set(snap.saves.map((r) => `${r.user_id}|${r.story_id}`));
  const follows = new Set(snap.follows.map((r) => `${r.follower_id}|${r.followee_id}`));
  const progress = new Map(
    snap.reading_progress.map((r) => [`${r.user_id}|${r.story_id}`, r.chapter_id]),
  );
  for (const [key, state] of ledger.pairs) {
    if (state.pendingEpoch !== -1 || state.ackEpoch < 0) {
      pairsUnknown += 1;
      continue;
    }
    const [kind, a, b] = key.split('|') as [string, string, string];
    const pair = `${a}|${b}`;
    let ok: boolean;
    if (kind === 'progress') ok = progress.get(pair) === state.value;
    else {
      const set = kind === 'like' ? likes : kind === 'save' ? saves : follows;
      ok = set.has(pair) === state.value;
    }
    if (!ok) fail(`${kind} ${pair}: acknowledged ${String(state.value)}, database disagrees`);
    else pairsChecked += 1;
  }

  // Reads.
  const readKeys = new Set(snap.chapter_reads.map((r) => `${r.chapter_id}|${r.reader_key}`));
  for (const key of ledger.reads) {
    if (!readKeys.has(key)) fail(`acknowledged read ${key} is missing`);
    else ackedWritesChecked += 1;
  }
  const anonByChapter = countBy(
    snap.chapter_reads.filter((r) => r.reader_key.startsWith('anon:')),
    (r) => r.chapter_id,
  );
  for (const [chapter, n] of ledger.anonReads) {
    const found = anonByChapter.get(chapter) ?? 0;
    if (found < n) fail(`chapter ${chapter}: ${n} visitor reads acknowledged, ${found} stored`);
    else ackedWritesChecked += n;
  }

  // Every counter equals the rows it counts.
  const check = (what: string, stored: number, counted: number) => {
    countersChecked += 1;
    if (stored !== counted) fail(`${what} is ${stored} but ${counted} rows`);
  };
  const likesByStory = countBy(snap.likes, (r) => r.story_id);
  const publishedByStory = countBy(
    snap.chapters.filter((c) => c.published === 1),
    (c) => c.story_id,
  );
  const readsByStory = countBy(snap.chapter_reads, (r) => r.story_id);
  const readsByChapter = countBy(snap.chapter_reads, (r) => r.chapter_id);
  const followers = countBy(snap.follows, (r) => r.followee_id);
  const following = countBy(snap.follows, (r) => r.follower_id);
  const publicStories = countBy(
    snap.stories.filter((s) => s.visibility === 'public'),
    (s) => s.author_id,
  );
  for (const s of snap.stories) {
    check(`story ${s.id} votes_count`, s.votes_count, likesByStory.get(s.id) ?? 0);
    check(`story ${s.id} chapters_count`, s.chapters_count, publishedByStory.get(s.id) ?? 0);
    check(`story ${s.id} reads_count`, s.reads_count, readsByStory.get(s.id) ?? 0);
    check(`story ${s.id} popular_score`, s.popular_score, s.reads_count + 10 * s.votes_count);
  }
  for (const c of snap.chapters)
    check(`chapter ${c.id} reads_count`, c.reads_count, readsByChapter.get(c.id) ?? 0);
  for (const r of snap.chapter_reads) {
    if (chaptersById.get(r.chapter_id)?.story_id !== r.story_id)
      fail(`read of ${r.chapter_id} filed under the wrong story`);
  }
  for (const u of snap.users) {
    check(`user ${u.id} followers_count`, u.followers_count, followers.get(u.id) ?? 0);
    check(`user ${u.id} following_count`, u.following_count, following.get(u.id) ?? 0);
    check(`user ${u.id} stories_count`, u.stories_count, publicStories.get(u.id) ?? 0);
  }
  for (const r of snap.likes)
    if (!usersById.has(r.user_id) || !storiesById.has(r.story_id))
      fail(`dangling like ${r.user_id}|${r.story_id}`);

  return {
    failures,
    figures: {
      users: snap.users.length,
      stories: snap.stories.length,
      chapters: snap.chapters.length,
      likes: snap.likes.length,
      saves: snap.saves.length,
      follows: snap.follows.length,
      chapterReads: snap.chapter_reads.length,
      ackedWritesChecked,
      pairsChecked,
      pairsUnknown,
      unansweredStoriesPresent,
      countersChecked,
    },
  };
}
