import fc from 'fast-check';
import { createTokenService } from '../../modules/auth/tokens.js';
import { signRawToken } from '../factories.js';
import {
  corrupted,
  fuzzInput,
  fuzzObject,
  hostileValue,
  jsonSchemaOf,
  type Pool,
  queryString,
  shortHostileString,
  validish,
  wellFormed,
} from './arbitraries.js';
import { brokenImage, encodeParts, FILE_FIELDS, type Part } from './multipart-fuzz.js';
import type { Probe } from './prober.js';
import type { RegisteredRoute } from './routes.js';
import type { World } from './world.js';

/** Tokens that must be refused: garbage, the wrong kind, another key, `alg: none`, revoked. */
export function badTokens(jwtSecret: string, w: World): string[] {
  const tokens = createTokenService(jwtSecret);
  const foreign = createTokenService('another-secret-another-secret-42');
  const legacy = (claims: Record<string, unknown>) => signRawToken(jwtSecret, claims);
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const none = `${part({ alg: 'none', typ: 'JWT' })}.${part({ sub: w.owner.id, ver: 0, typ: 'access', iss: 'storyloom' })}.`;
  return [
    'Bearer garbage',
    'Bearer ',
    'Bearer a.b.c',
    `Bearer ${legacy({ sub: w.owner.id, ver: w.owner.tokenVersion, typ: 'refresh' })}`,
    `Bearer ${legacy({ sub: w.owner.id, sid: w.owner.sessionId, typ: 'refresh' })}`,
    `Bearer ${foreign.sign(w.owner.id, w.owner.sessionId)}`,
    `Bearer ${legacy({ sub: w.owner.id, ver: w.owner.tokenVersion + 1, typ: 'access' })}`,
    `Bearer ${tokens.sign(w.owner.id, '0191c4a0-0000-7000-8000-0000000000aa')}`,
    `Bearer ${tokens.sign(w.other.id, w.owner.sessionId)}`,
    `Bearer ${tokens.sign('0191c4a0-0000-7000-8000-000000000000', w.owner.sessionId)}`,
    `Bearer ${none}`,
    'Basic dXNlcjpwYXNz',
    `Bearer ${'x'.repeat(5000)}`,
  ];
}

/** Mostly the owner, so requests get past authentication into the handlers. */
export const authArb = (jwtSecret: string, w: World): fc.Arbitrary<Record<string, string>> =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constant(w.owner.auth) },
    { weight: 2, arbitrary: fc.constant(w.other.auth) },
    { weight: 1, arbitrary: fc.constantFrom(w.moderator.auth, w.admin.auth) },
    { weight: 1, arbitrary: fc.constant({}) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(...badTokens(jwtSecret, w)).map((a) => ({ authorization: a })),
    },
  );

export const poolOf = (w: World): Pool => ({
  ids: [
    w.publicStory.id,
    w.privateStory.id,
    w.publicChapter.id,
    w.draftChapter.id,
    w.privateChapter.id,
    w.publicComment.id,
    w.draftComment.id,
    w.privateComment.id,
    w.owner.id,
  ],
  usernames: [w.owner.username, w.other.username, 'me', 'search'],
  emails: [w.owner.email, w.other.email, 'nobody@example.com'],
});

/** A path param: a real id or name, or something hostile; escaped, or sloppily raw. */
export const paramArb = (pool: Pool) =>
  fc
    .tuple(
      fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom(...pool.ids, ...pool.usernames) },
        { weight: 1, arbitrary: corrupted(fc.constantFrom(...pool.ids, ...pool.usernames)) },
        { weight: 3, arbitrary: shortHostileString },
      ) as fc.Arbitrary<string>,
      fc.boolean(),
    )
    .map(([value, raw]) =>
      raw
        ? wellFormed(value).replace(/[^\x21-\x7e]|[#?/]/gu, encodeURIComponent)
        : encodeURIComponent(wellFormed(value)),
    );

function pathArb(route: RegisteredRoute, pool: Pool): fc.Arbitrary<string> {
  const count = [...route.url.matchAll(/:(\w+)|\*$/g)].length;
  if (count === 0) return fc.constant(route.url);
  return fc.array(paramArb(pool), { minLength: count, maxLength: count }).map((values) => {
    let i = 0;
    return route.url.replace(/:(\w+)|\*$/g, () => values[i++]!);
  });
}

export const isMultipart = (route: RegisteredRoute) =>
  JSON.stringify((route.schema as { consumes?: string[] } | undefined)?.consumes ?? []).includes(
    'multipart',
  );

const ENCODINGS = ['json', 'json', 'json', 'json', 'json', 'json', 'form', 'multipart', 'text'];

/**
 * The body as JSON, a urlencoded or multipart form (with an image, or as often a file that is
 * empty, cut short or not an image), or mislabelled text.
 */
function encode(encoding: string, value: unknown, file: { name: string; data: Buffer }) {
  const entries: [string, unknown][] =
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.entries(value)
      : [['value', value]];
  const text = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));
  switch (encoding) {
    case 'form':
      return { type: 'application/x-www-form-urlencoded', payload: queryString(entries, false) };
    case 'multipart': {
      const parts: Part[] = entries.map(([name, v]) => ({ name, data: Buffer.from(text(v)) }));
      parts.push({
        name: file.name,
        filename: 'cover.png',
        contentType: 'image/png',
        data: file.data,
      });
      return { type: 'multipart/form-data; boundary=fuzzb', payload: encodeParts(parts, 'fuzzb') };
    }
    case 'text':
      return { type: 'text/plain', payload: text(value) };
    default:
      return { type: 'application/json', payload: JSON.stringify(value) ?? 'null' };
  }
}

/** Requests for one route built from its schemas: plausible and hostile params, query and body. */
export function routeArb(
  route: RegisteredRoute,
  w: World,
  ctx: { jwtSecret: string; image: Buffer },
): fc.Arbitrary<Probe> {
  const pool = poolOf(w);
  const schema = route.schema as { querystring?: unknown; body?: unknown } | undefined;
  const query = jsonSchemaOf(schema?.querystring) ?? { type: 'object', properties: {} };
  const body = jsonSchemaOf(schema?.body);
  return fc
    .record({
      path: pathArb(route, pool),
      query: fc.oneof(validish(query, pool), fuzzObject(query, pool)),
      rawQuery: fc.boolean(),
      auth: authArb(ctx.jwtSecret, w),
      // No body schema: usually no body, sometimes junk.
      body: body
        ? fuzzInput(body, pool)
        : fc.oneof(
            { weight: 2, arbitrary: fc.constant(undefined) },
            { weight: 1, arbitrary: hostileValue },
          ),
      encoding: fc.constantFrom(...(route.method === 'GET' ? ['none'] : ENCODINGS)),
      file: fc.record({
        name: fc.constantFrom(...FILE_FIELDS),
        data: fc.oneof(fc.constant(ctx.image), brokenImage(ctx.image)),
      }),
    })
    .map(({ path, query: q, rawQuery, auth, body: value, encoding, file }): Probe => {
      const entries = Object.entries(q as Record<string, unknown>);
      const qs = queryString(entries, rawQuery);
      const url = `${path}${qs ? `?${qs}` : ''}`;
      if (encoding === 'none' || value === undefined)
        return { method: route.method, url, headers: auth };
      const { type, payload } = encode(encoding, value, file);
      return { method: route.method, url, headers: { ...auth, 'content-type': type }, payload };
    });
}
