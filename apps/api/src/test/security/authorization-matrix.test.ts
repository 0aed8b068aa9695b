import { errorEnvelope } from '@storyloom/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../app.js';
import { injectOrStream } from '../streams.js';
import { reportFigures } from './figures.js';
import { sweepForLeaks } from './leak-sweep.js';
import { type Case, type Entry, expectedFor, MATRIX, ROLES, type Role } from './matrix.js';
import { apiRoutes, createAppWithRoutes, type RegisteredRoute } from './routes.js';
import {
  type Answer,
  type Auth,
  createWorld,
  injectOptions,
  leakedMarkers,
  type Marker,
  type World,
} from './world.js';

/**
 * Calls every API route as a visitor, another signed-in user, a moderator, an admin and the
 * owner (the author), against a public
 * story, a private story and unpublished chapters, and checks the status and the envelope. The
 * table is MATRIX (matrix.ts); the routes are the ones the server itself registered.
 */
let t: TestApp;
let routes: RegisteredRoute[];
let world: World;
const markers: Marker[] = [];
/** Every answer given to someone, for the leak sweep. */
const answers: Answer[] = [];
/** Route × role × resource calls made and checked. */
let checks = 0;
let sweepAnswers = 0;

beforeAll(async () => {
  ({ t, routes } = await createAppWithRoutes({ env: { RATE_LIMIT_FACTOR: '1000' } }));
  world = await createWorld(t);
  markers.push(...world.markers);
});
afterAll(async () => {
  const entries = Object.values(MATRIX);
  reportFigures('authorization-matrix', {
    routes: Object.keys(MATRIX).length,
    roles: ROLES.length,
    cases: entries.reduce((n, e) => n + e.cases.length, 0),
    route_role_resource_checks: checks,
    sweep_answers: sweepAnswers,
    answers_scanned_for_leaks: answers.length,
    private_markers: markers.length,
  });
  await t?.close();
});

const authOf = (w: World, role: Role): Auth | undefined =>
  role === 'visitor' ? undefined : w[role].auth;
const callerOf = (w: World, role: Role): string | null => (role === 'visitor' ? null : w[role].id);

/**
 * The error code a refusal must carry: private stories say so; drafts, another user's
 * sessions and comments nobody else may read just don't exist (a comment id alone must not
 * tell that its story is private).
 */
function expectedCode(status: number, on: Case['on'], entry: Entry): string | undefined {
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) {
    return entry.plainNotFound ||
      on === 'draft chapter' ||
      on === 'own account' ||
      on.startsWith('comment on')
      ? 'not_found'
      : 'story_private';
  }
  return undefined;
}

/** Problems with one answer, as readable lines (empty when it is right). */
function judge(entry: Entry, c: Case, expected: number, status: number, text: string): string[] {
  const problems: string[] = [];
  if (status !== expected) problems.push(`status ${status}, expected ${expected}`);
  if (status >= 400) {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return [...problems, 'error answer is not JSON'];
    }
    const parsed = errorEnvelope.safeParse(body);
    if (!parsed.success) problems.push('error answer is not the error envelope');
    const code = expectedCode(status, c.on, entry);
    if (parsed.success && status === expected && code && parsed.data.error.code !== code) {
      problems.push(`error.code ${parsed.data.error.code}, expected ${code}`);
    }
  } else if (!entry.raw) {
    const body = JSON.parse(text) as { success?: unknown; data?: unknown };
    if (body.success !== true || !('data' in body)) problems.push('not the success envelope');
  }
  return problems;
}

async function runEntry(key: string, entry: Entry): Promise<string[]> {
  const [method, pattern] = key.split(' ') as [string, string];
  const problems: string[] = [];
  for (const c of entry.cases) {
    const w = entry.mutates ? await createWorld(t) : world;
    if (w !== world) markers.push(...w.markers);
    for (const role of ROLES) {
      const request = await c.request(w, role, t);
      const options = injectOptions(method, pattern, request, authOf(w, role));
      const res = await injectOrStream(t, pattern, {
        ...options,
        method,
        url: options.url as string,
      });
      checks += 1;
      answers.push({
        what: `${key} as ${role} on ${c.on}`,
        callerId: callerOf(w, role),
        status: res.statusCode,
        text: res.body,
      });
      for (const problem of judge(
        entry,
        c,
        expectedFor(c.expect, role),
        res.statusCode,
        res.body,
      )) {
        problems.push(`${role} on ${c.on}: ${problem} — ${res.body.slice(0, 200)}`);
      }
    }
  }
  return problems;
}

describe('authorization matrix', () => {
  it('has an entry for every API route the server registers, and none for a route it lacks', () => {
    const registered = apiRoutes(routes).map((r) => r.key);
    expect(registered.length).toBeGreaterThan(40);
    const missing = registered.filter((key) => !(key in MATRIX));
    const stale = Object.keys(MATRIX).filter((key) => !registered.includes(key));
    expect(
      missing,
      `routes without an authorization matrix entry (add them to MATRIX in matrix.ts): ${missing.join(', ')}`,
    ).toEqual([]);
    expect(
      stale,
      `matrix entries for routes the server no longer has: ${stale.join(', ')}`,
    ).toEqual([]);
  });

  for (const [key, entry] of Object.entries(MATRIX)) {
    it(key, async () => {
      expect(
        routes.some((r) => r.key === key),
        `${key} is not a route of the server`,
      ).toBe(true);
      expect(await runEntry(key, entry)).toEqual([]);
    });
  }
});

describe('private data never reaches anyone but its author', () => {
  it('no answer of the matrix to a visitor or another user carries a private marker', () => {
    expect(answers.length).toBeGreaterThan(100);
    const leaks = answers.flatMap((a) =>
      leakedMarkers(a.text, a.callerId, markers).map((m) => `${a.what}: ${m.what}`),
    );
    expect(leaks).toEqual([]);
  });

  it('lists, search, profiles, feeds, counts, library, likes and exports hide private stories and drafts', async () => {
    const result = await sweepForLeaks(t);
    answers.push(...result.answers);
    markers.push(...result.markers);
    sweepAnswers = result.answers.length;
    expect(result.problems).toEqual([]);
  });
});
