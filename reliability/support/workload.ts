import { randomBytes } from 'node:crypto';
import { call, dataOf, type Outcome } from './http.js';

/**
 * A write workload over HTTP that remembers what the server acknowledged.
 *
 * Each client is one user doing one request at a time, so the state of a (user, thing) pair
 * only ever changes through that client, in order. A write that got a 2xx is acknowledged and
 * must be in the database; one that got no answer may or may not be. `epoch` counts server
 * incarnations: a write left unanswered in one incarnation cannot land after a write
 * acknowledged by a later one, so that later write decides the pair's state again.
 */

export const PASSWORD = 'chaos-password-1';
const GENRES = ['Fantasy', 'Mystery', 'Romance', 'Sci-Fi', 'Drama', 'Horror'];

const nonce = () => randomBytes(6).toString('hex');
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
const chance = (p: number) => Math.random() < p;

/** The last acknowledged value of one (user, thing) pair and whether a later write is unknown. */
export interface PairState {
  value: string | boolean;
  /** Epoch of the newest unanswered write not yet overtaken by an acknowledged one; -1 if none. */
  pendingEpoch: number;
  ackEpoch: number;
}

export interface StoryAttempt {
  title: string;
  authorId: string;
  visibility: 'public' | 'private';
  tags: string[];
  chapterTitles: string[];
  acked: boolean;
}

export interface ChapterAttempt {
  title: string;
  storyId: string;
  published: boolean;
  /** Set when acknowledged. */
  id?: string;
}

export interface AckedStory {
  id: string;
  title: string;
  authorId: string;
  visibility: 'public' | 'private';
  /** Published chapter ids known to the workload (readable by others). */
  publishedChapters: string[];
}

export interface UserRecord {
  username: string;
  email: string;
  id?: string;
  token?: string;
  /** Sign-up answered 201 (or 409 after an unanswered attempt of ours: the row exists). */
  signedUp: boolean;
  signupAcked: boolean;
}

export type OpName =
  | 'signup'
  | 'login'
  | 'createStory'
  | 'listChapters'
  | 'addChapter'
  | 'like'
  | 'save'
  | 'follow'
  | 'read'
  | 'anonRead';

export interface OpStats {
  sent: number;
  acked: number;
  unanswered: number;
  /** Unanswered because no answer came in time (a hang), rather than a broken connection. */
  timeouts: number;
  /** HTTP status (as a string) -> count, for answers that were not 2xx. */
  rejected: Record<string, number>;
}

export class Ledger {
  epoch = 0;
  readonly prefix = `c${nonce().slice(0, 4)}`;
  readonly users: UserRecord[] = [];
  readonly storyAttempts = new Map<string, StoryAttempt>();
  readonly chapterAttempts = new Map<string, ChapterAttempt>();
  readonly stories = new Map<string, AckedStory>();
  /** `like|user|story`, `save|user|story`, `follow|user|user`, `progress|user|story`. */
  readonly pairs = new Map<string, PairState>();
  /** `chapter|user` of every acknowledged signed-in read. */
  readonly reads = new Set<string>();
  /** chapter -> acknowledged visitor reads that answered counted: true. */
  readonly anonReads = new Map<string, number>();
  readonly stats = new Map<OpName, OpStats>();
  /** Answers no healthy server should give (for the crash test: every non-2xx). */
  readonly unexpected: string[] = [];
  /** Requests refused with 429 where the workload allows it (WorkloadOptions.allowRateLimited). */
  rateLimited = 0;

  record(op: OpName, outcome: Outcome): void {
    let s = this.stats.get(op);
    if (!s) {
      s = { sent: 0, acked: 0, unanswered: 0, timeouts: 0, rejected: {} };
      this.stats.set(op, s);
    }
    s.sent += 1;
    if (outcome.kind !== 'response') {
      s.unanswered += 1;
      if (outcome.kind === 'timeout') s.timeouts += 1;
    } else if (outcome.status >= 200 && outcome.status < 300) s.acked += 1;
    else s.rejected[outcome.status] = (s.rejected[outcome.status] ?? 0) + 1;
  }

  ack(key: string, value: string | boolean): void {
    const state = this.pairs.get(key);
    if (!state) {
      this.pairs.set(key, { value, pendingEpoch: -1, ackEpoch: this.epoch });
      return;
    }
    state.value = value;
    state.ackEpoch = this.epoch;
    if (state.pendingEpoch < this.epoch) state.pendingEpoch = -1;
  }

  unknown(key: string): void {
    const state = this.pairs.get(key);
    if (state) state.pendingEpoch = Math.max(state.pendingEpoch, this.epoch);
    else this.pairs.set(key, { value: '', pendingEpoch: this.epoch, ackEpoch: -1 });
  }

  /** Total acknowledged writes (reads of lists excluded). */
  ackedWrites(): number {
    let n = 0;
    for (const [op, s] of this.stats) if (op !== 'listChapters' && op !== 'login') n += s.acked;
    return n;
  }

  summary(): Record<string, OpStats> {
    return Object.fromEntries([...this.stats].sort(([a], [b]) => a.localeCompare(b)));
  }

  total(field: 'sent' | 'acked' | 'unanswered' | 'timeouts'): number {
    let n = 0;
    for (const s of this.stats.values()) n += s[field];
    return n;
  }
}

export interface WorkloadOptions {
  baseURL: string;
  ledger: Ledger;
  /** Treat a 503 envelope as an expected answer (the database is down on purpose). */
  allowUnavailable?: boolean;
  /**
   * Treat a 429 as an expected answer: with the product's own rate limits (RATE_LIMIT_FACTOR=1)
   * a client writing back to back on a fast machine passes 60 story writes a minute, and the
   * refusal writes nothing. Counted in `Ledger.rateLimited`.
   */
  allowRateLimited?: boolean;
  timeoutMs?: number;
  /** Sees every call and its outcome (e.g. to sort answers by phase). */
  observe?: (label: string, outcome: Outcome) => void;
}

type Answer = Extract<Outcome, { kind: 'response' }>;

/** One simulated user issuing writes until told to stop. */
export class WorkloadClient {
  private readonly user: UserRecord;

  constructor(
    private readonly options: WorkloadOptions,
    index: number,
  ) {
    const { ledger } = options;
    const username = `${ledger.prefix}u${index}${nonce().slice(0, 4)}`;
    this.user = {
      username,
      email: `${username}@chaos.example`,
      signedUp: false,
      signupAcked: false,
    };
    ledger.users.push(this.user);
  }

  private get ledger() {
    return this.options.ledger;
  }

  private async send(
    op: OpName,
    method: string,
    path: string,
    extra: { json?: unknown; form?: Record<string, string>; anonymous?: boolean; ua?: string } = {},
  ): Promise<Outcome> {
    const outcome = await call(this.options.baseURL, method, path, {
      token: extra.anonymous ? undefined : this.user.token,
      json: extra.json,
      form: extra.form,
      userAgent: extra.ua,
      timeoutMs: this.options.timeoutMs,
    });
    this.ledger.record(op, outcome);
    this.options.observe?.(`${method} ${path}`, outcome);
    if (outcome.kind === 'response' && (outcome.status < 200 || outcome.status >= 300)) {
      const expected503 = this.options.allowUnavailable && outcome.status === 503;
      const signupTaken = op === 'signup' && outcome.status === 409;
      const rateLimited = this.options.allowRateLimited && outcome.status === 429;
      if (rateLimited) this.ledger.rateLimited += 1;
      if (!expected503 && !signupTaken && !rateLimited) {
        this.ledger.unexpected.push(
          `${method} ${path} -> ${outcome.status} ${JSON.stringify(outcome.body)}`,
        );
      }
    }
    return outcome;
  }

  /** Runs steps until `stop()` is true; resolves once its last request has settled. */
  async run(stop: () => boolean): Promise<void> {
    while (!stop()) {
      const answered = await this.step();
      // After an error, don't spin against a server that is down.
      if (!answered) await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** One request; true when it was answered 2xx. */
  async step(): Promise<boolean> {
    const u = this.user;
    if (!u.signedUp) return this.signup();
    if (!u.token) return this.login();
    const ownStories = [...this.ledger.stories.values()].filter((s) => s.authorId === u.id);
    const others = [...this.ledger.stories.values()].filter(
      (s) => s.visibility === 'public' && s.authorId !== u.id && s.publishedChapters.length > 0,
    );
    const needsChapters = ownStories.find(
      (s) => s.visibility === 'public' && s.publishedChapters.length === 0,
    );
    if (needsChapters && chance(0.5)) return this.listChapters(needsChapters);
    const roll = Math.random();
    if (roll < 0.14 || ownStories.length === 0) return this.createStory();
    if (roll < 0.28) return this.addChapter(pick(ownStories));
    if (others.length === 0) return this.createStory();
    if (roll < 0.46) return this.toggle('like', pick(others));
    if (roll < 0.6) return this.toggle('save', pick(others));
    if (roll < 0.72) return this.follow();
    if (roll < 0.92) return this.read(pick(others));
    return this.anonRead(pick(others));
  }

  private async signup(): Promise<boolean> {
    const u = this.user;
    const o = await this.send('signup', 'POST', '/api/auth/signup', {
      json: { username: u.username, email: u.email, password: PASSWORD },
    });
    if (o.kind === 'response' && o.status === 201) {
      u.signedUp = true;
      u.signupAcked = true;
      u.id = dataOf<{ id: string }>(o).id;
      return true;
    }
    // 409: an earlier attempt of ours that got no answer did create the account.
    if (o.kind === 'response' && o.status === 409) u.signedUp = true;
    return false;
  }

  private async login(): Promise<boolean> {
    const u = this.user;
    const o = await this.send('login', 'POST', '/api/auth/token', {
      form: { username: u.email, password: PASSWORD },
    });
    if (!isAnswer(o) || o.status !== 200) return false;
    u.token = o.body?.access_token;
    if (!u.id) {
      const me = await this.send('login', 'GET', '/api/users/me');
      if (!isAnswer(me) || me.status !== 200) {
        u.token = undefined;
        return false;
      }
      u.id = dataOf<{ id: string }>(me).id;
    }
    return true;
  }

  private async createStory(): Promise<boolean> {
    const u = this.user;
    const id = nonce();
    const attempt: StoryAttempt = {
      title: `S-${id}`,
      authorId: u.id!,
      visibility: chance(0.85) ? 'public' : 'private',
      tags: Array.from({ length: 1 + Math.floor(Math.random() * 3) }, (_, i) => `t${i}${id}`),
      chapterTitles: Array.from(
        { length: 1 + Math.floor(Math.random() * 3) },
        (_, i) => `C-${id}-${i}`,
      ),
      acked: false,
    };
    this.ledger.storyAttempts.set(attempt.title, attempt);
    const o = await this.send('createStory', 'POST', '/api/stories/json', {
      json: {
        title: attempt.title,
        description: `Chaos story ${id}`,
        genre: pick(GENRES),
        tags: attempt.tags,
        visibility: attempt.visibility,
        chapters: attempt.chapterTitles.map((title) => ({
          title,
          content: `<p>${title} ${'words '.repeat(40)}</p>`,
        })),
      },
    });
    if (!isAnswer(o) || o.status !== 201) return false;
    attempt.acked = true;
    const storyId = dataOf<{ id: string }>(o).id;
    this.ledger.stories.set(storyId, {
      id: storyId,
      title: attempt.title,
      authorId: u.id!,
      visibility: attempt.visibility,
      publishedChapters: [],
    });
    return true;
  }

  private async listChapters(story: AckedStory): Promise<boolean> {
    const o = await this.send('listChapters', 'GET', `/api/chapters/by-story/${story.id}`);
    if (!isAnswer(o) || o.status !== 200) return false;
    const items = dataOf<{ id: string }[]>(o);
    story.publishedChapters = items.map((c) => c.id);
    return true;
  }

  private async addChapter(story: AckedStory): Promise<boolean> {
    const attempt: ChapterAttempt = {
      title: `A-${nonce()}`,
      storyId: story.id,
      published: chance(0.7),
    };
    this.ledger.chapterAttempts.set(attempt.title, attempt);
    const o = await this.send('addChapter', 'POST', '/api/chapters', {
      json: {
        story_id: story.id,
        title: attempt.title,
        content: `<p>${attempt.title} ${'more words '.repeat(30)}</p>`,
        published: attempt.published,
      },
    });
    if (!isAnswer(o) || o.status !== 201) return false;
    attempt.id = dataOf<{ id: string }>(o).id;
    if (attempt.published && story.visibility === 'public' && story.publishedChapters.length > 0)
      story.publishedChapters.push(attempt.id);
    return true;
  }

  private async toggle(kind: 'like' | 'save', story: AckedStory): Promise<boolean> {
    const key = `${kind}|${this.user.id}|${story.id}`;
    const current = this.ledger.pairs.get(key);
    const on = current?.pendingEpoch === -1 ? current.value !== true : chance(0.6);
    const path = kind === 'like' ? `/api/stories/${story.id}/like` : `/api/library/${story.id}`;
    const o = await this.send(kind, on ? 'POST' : 'DELETE', path);
    return this.settle(key, on, o);
  }

  private async follow(): Promise<boolean> {
    const others = this.ledger.users.filter((x) => x.id && x.signedUp && x.id !== this.user.id);
    if (others.length === 0) return this.createStory();
    const target = pick(others);
    const key = `follow|${this.user.id}|${target.id}`;
    const current = this.ledger.pairs.get(key);
    const on = current?.pendingEpoch === -1 ? current.value !== true : chance(0.7);
    const o = await this.send(
      'follow',
      'POST',
      `/api/users/${target.id}/${on ? 'follow' : 'unfollow'}`,
    );
    return this.settle(key, on, o);
  }

  private async read(story: AckedStory): Promise<boolean> {
    const chapterId = pick(story.publishedChapters);
    const key = `progress|${this.user.id}|${story.id}`;
    const o = await this.send('read', 'POST', `/api/chapters/${chapterId}/progress`);
    if (isAnswer(o) && o.status === 200) this.ledger.reads.add(`${chapterId}|${this.user.id}`);
    return this.settle(key, chapterId, o);
  }

  private async anonRead(story: AckedStory): Promise<boolean> {
    const chapterId = pick(story.publishedChapters);
    const o = await this.send('anonRead', 'POST', `/api/chapters/${chapterId}/progress`, {
      anonymous: true,
      ua: `chaos-visitor-${nonce()}`,
    });
    if (!isAnswer(o) || o.status !== 200) return false;
    if (dataOf<{ counted: boolean }>(o).counted) {
      this.ledger.anonReads.set(chapterId, (this.ledger.anonReads.get(chapterId) ?? 0) + 1);
    }
    return true;
  }

  /** Records a pair write: acknowledged with its value, or unknown when unanswered. */
  private settle(key: string, value: string | boolean, o: Outcome): boolean {
    if (isAnswer(o) && o.status >= 200 && o.status < 300) {
      this.ledger.ack(key, value);
      return true;
    }
    // A 4xx answer changed nothing. No answer, or a 5xx (the database may have committed
    // before the connection to it broke), leaves the pair unknown.
    if (o.kind !== 'response' || o.status >= 500) this.ledger.unknown(key);
    return false;
  }
}

const isAnswer = (o: Outcome): o is Answer => o.kind === 'response';
