import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { TestApp } from '../app.js';
import { reportFigures } from './figures.js';
import {
  anyMethod,
  hostileUrl,
  malformedJson,
  oddBody,
  wrongContentType,
} from './http-arbitraries.js';
import { MATRIX } from './matrix.js';
import { brokenImage, encodeParts, FILE_FIELDS, hostileMultipart } from './multipart-fuzz.js';
import { createProber } from './prober.js';
import { authArb, isMultipart, poolOf, routeArb } from './requests.js';
import { apiRoutes, createAppWithRoutes, type RegisteredRoute } from './routes.js';
import { createSnapshotter, installWriteCounters } from './snapshot.js';
import { createWorld, type World } from './world.js';

/**
 * Property-based fuzzing of every API route with inputs derived from its own zod schemas, mixed
 * with hostile values (wrong types, huge strings, odd unicode, nulls, prototype-pollution keys,
 * path traversal, malformed JSON and multipart, wrong content types, bad tokens). Every answer
 * must be below 500, an error must be the error envelope, and a rejected request must leave the
 * database and the data directory exactly as they were (prober.ts).
 *
 * Deterministic by default (fixed seed). FUZZ_RUNS raises the runs per route (default 16; each
 * HTTP-layer property runs 8× that), FUZZ_SEED picks another seed.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 92_026);
const RUNS = Math.max(1, Number(process.env.FUZZ_RUNS ?? 16));

let t: TestApp;
let routes: RegisteredRoute[];
let image: Buffer;
let shared: World;
let fuzz: ReturnType<typeof createProber>;

beforeAll(async () => {
  ({ t, routes } = await createAppWithRoutes({
    // Follows and likes are told at once, so the queue settles between cases.
    env: { RATE_LIMIT_FACTOR: '1000', NOTIFY_UNDO_WINDOW_MS: '0' },
  }));
  image = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#335577' } })
    .png()
    .toBuffer();
  await installWriteCounters(t.testDb.db);
  fuzz = createProber(t, createSnapshotter(t.testDb.db, t.config.dataDir), SEED);
  shared = await createWorld(t);
});
afterAll(async () => {
  if (fuzz) reportFigures('fuzz', { seed: SEED, runs_per_route: RUNS, ...fuzz.figures() });
  await t?.close();
});

const registered = (key: string) => {
  const route = routes.find((r) => r.key === key);
  if (!route) throw new Error(`${key} is not a route of the server`);
  return route;
};
const isRaw = (route: RegisteredRoute) => MATRIX[route.key]?.raw === true;

describe('fuzzing every route with inputs from its schema', () => {
  for (const key of Object.keys(MATRIX)) {
    it(key, async () => {
      const route = registered(key);
      // A write gets its own world: a fuzzed success may delete or sign out its people.
      const w = route.method === 'GET' ? shared : await createWorld(t);
      const requests = routeArb(route, w, { jwtSecret: t.config.jwtSecret, image });
      await fuzz.run(
        fc.asyncProperty(requests, (p) => fuzz.probe('schema', p, isRaw(route))),
        RUNS,
      );
    });
  }
});

describe('fuzzing the HTTP layer', () => {
  let w: World;
  beforeAll(async () => {
    w = await createWorld(t);
  });
  const pick = (list: () => RegisteredRoute[]) => fc.nat().map((i) => list()[i % list().length]!);
  const writes = () => apiRoutes(routes).filter((r) => r.method !== 'GET');
  /** The route's URL with the owner (or the owner's public story) in its params. */
  const urlOf = (route: RegisteredRoute) =>
    route.url
      .replace(':username', w.owner.username)
      .replace(/:\w+/g, w.publicStory.id)
      .replace(/\*$/, 'x');
  const send = (
    property: string,
    route: RegisteredRoute,
    headers: Record<string, string>,
    payload: string | Buffer,
  ) =>
    fuzz.probe(
      property,
      { method: route.method, url: urlOf(route), headers, payload },
      isRaw(route),
    );
  const auth = () => authArb(t.config.jwtSecret, w);

  it('answers malformed JSON with a 4xx envelope and changes nothing', async () => {
    await fuzz.run(
      fc.asyncProperty(pick(writes), auth(), malformedJson, (route, headers, payload) =>
        send('malformed JSON', route, { ...headers, 'content-type': 'application/json' }, payload),
      ),
      RUNS * 8,
    );
  });

  it('answers wrong content types with a 4xx envelope and changes nothing', async () => {
    await fuzz.run(
      fc.asyncProperty(
        pick(writes),
        auth(),
        wrongContentType,
        oddBody,
        (route, headers, type, payload) =>
          send('wrong content type', route, { ...headers, 'content-type': type }, payload),
      ),
      RUNS * 8,
    );
  });

  it('survives malformed multipart, hostile file names and traversal on upload routes', async () => {
    const uploads = () => apiRoutes(routes).filter(isMultipart);
    const fields = ['title', 'description', 'genre', 'tags', 'visibility', 'chapters'];
    await fuzz.run(
      fc.asyncProperty(
        pick(uploads),
        auth(),
        hostileMultipart([...fields, 'username', 'password'], image),
        (route, headers, form) =>
          send(
            `multipart (${form.breakage})`,
            route,
            { ...headers, 'content-type': form.contentType },
            form.payload,
          ),
      ),
      RUNS * 8,
    );
  });

  it('never answers an empty, cut-short or unreadable image with a 5xx, nor keeps it', async () => {
    const uploads = () => apiRoutes(routes).filter(isMultipart);
    // Its own owner, signed in (the fuzzed writes above may have signed the shared one out),
    // and a form each upload route would take, so the file is what gets judged.
    const own = await createWorld(t);
    const fields = [
      { name: 'title', data: Buffer.from('Fuzzed cover') },
      { name: 'genre', data: Buffer.from('Drama') },
    ];
    await fuzz.run(
      fc.asyncProperty(
        pick(uploads),
        fc.constantFrom(...FILE_FIELDS),
        brokenImage(image),
        (route, name, data) =>
          fuzz.probe(
            'broken image',
            {
              method: route.method,
              url: route.url.replace(/:\w+/g, own.publicStory.id),
              headers: { ...own.owner.auth, 'content-type': 'multipart/form-data; boundary=fuzzb' },
              payload: encodeParts(
                [...fields, { name, filename: 'cover.png', contentType: 'image/png', data }],
                'fuzzb',
              ),
            },
            false,
          ),
      ),
      RUNS * 8,
    );
  });

  it('answers hostile URLs and methods with an envelope, never a 5xx', async () => {
    await fuzz.run(
      fc.asyncProperty(anyMethod, hostileUrl(poolOf(w)), auth(), (method, url, headers) =>
        fuzz.probe('hostile URL', { method, url, headers }, true),
      ),
      RUNS * 8,
    );
  });
});
