import fc from 'fast-check';
import { NASTY_STRINGS, type Pool, wellFormed } from './arbitraries.js';
import { paramArb } from './requests.js';

/** Bodies labelled JSON that are not, or that carry prototype-pollution keys. */
export const malformedJson = fc.oneof(
  fc.constantFrom(
    '',
    '{',
    '{"title":',
    '{"title": "x",}',
    "{'title': 'x'}",
    '{"title": NaN}',
    '{"a": 1e999999}',
    '{"__proto__": {"polluted": true}}',
    '{"constructor": {"prototype": {"polluted": true}}}',
    '{"a": [{"__proto__": {"polluted": true}}]}',
    '\uFEFF{"title": "x"}',
    '{"title": "x"} trailing',
    '/* comment */ {}',
    '[]',
    'null',
    '"string"',
    '\u0000',
    `${'['.repeat(20_000)}${']'.repeat(20_000)}`,
    `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`,
  ),
  fc.json().map((json) => json.slice(0, Math.max(0, json.length - 1))),
  fc.string({ unit: 'binary', maxLength: 60 }),
);

export const wrongContentType = fc.constantFrom(
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'application/json; charset=utf-16',
  'application/json; charset=nonsense',
  'application/vnd.api+json',
  'application/json, text/plain',
  'image/png',
  'application/octet-stream',
  ';;;',
  'x'.repeat(2000),
);

/** Something to send under a wrong content type. */
export const oddBody = fc.oneof(
  fc.jsonValue().map((v) => JSON.stringify(v)),
  fc.constantFrom('a=1&b=2', '<a/>', '__proto__[polluted]=1', 'constructor[prototype][polluted]=1'),
  fc.uint8Array({ maxLength: 256 }).map((bytes) => Buffer.from(bytes)),
);

const SEGMENTS = [
  'api',
  'stories',
  'users',
  'chapters',
  'me',
  'library',
  'auth',
  'docs',
  'static',
  'media',
  '..',
  '.',
  '%2e%2e',
  '%2E%2E%2F',
  '%2F',
  '%00',
  '%zz',
  '%',
  '',
  '~',
  ';',
  '*',
  ':id',
  '..%2f..%2fetc%2fpasswd',
  'x'.repeat(300),
];

/** Paths under /api made of route words, traversal, broken escapes and real ids. */
export const hostileUrl = (pool: Pool) =>
  fc
    .tuple(
      fc.array(fc.oneof(fc.constantFrom(...SEGMENTS), paramArb(pool)), {
        minLength: 1,
        maxLength: 6,
      }),
      fc.option(fc.constantFrom(...NASTY_STRINGS), { freq: 2 }),
    )
    .map(([segments, q]) => {
      const query =
        q === null ? '' : `?q=${wellFormed(q).replace(/[^\x21-\x7e]|#/gu, encodeURIComponent)}`;
      return `/api/${segments.join('/')}${query}`;
    });

export const anyMethod = fc.constantFrom(
  'GET',
  'POST',
  'PUT',
  'PATCH',
  'DELETE',
  'OPTIONS',
  'HEAD',
);
