import fc from 'fast-check';
import { z } from 'zod';

/** The part of JSON Schema the route schemas use. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  maxItems?: number;
  pattern?: string;
}

/** The input side of a route's zod schema, as JSON Schema (transforms and refinements drop out). */
export function jsonSchemaOf(schema: unknown): JsonSchema | undefined {
  if (!(schema instanceof z.ZodType)) return undefined;
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** Keys that poison a careless object merge. */
export const PROTO_KEYS = ['__proto__', 'constructor', 'prototype'] as const;

/** Strings that have broken servers before: traversal, injection, encodings, odd unicode. */
export const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\r\n\r\nX-Injected: 1',
  '../../../../etc/passwd',
  '..\\..\\..\\windows\\win.ini',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '....//....//etc/passwd',
  '/etc/passwd',
  'C:\\boot.ini',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  "' OR '1'='1' --",
  '"; DROP TABLE users; --',
  '%',
  '%%',
  '%zz',
  '%u0000',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe
  '${7*7}',
  '{{7*7}}',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '-1',
  '0x10',
  '9007199254740993',
  'true',
  '[]',
  '{}',
  '\uFEFFbom',
  '\u202Eevil\u202C',
  '\uD800',
  '\uDFFF\uD800',
  'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚̚o̙̔ͮ̇͐̇',
  '𝕿𝖍𝖊 𝖗𝖔𝖆𝖉',
  '👩‍👩‍👧‍👦🏳️‍🌈',
  'ﷺ',
  'Ω≈ç√∫˜µ≤≥÷',
  '田中さんにあげて下さい',
  'ثم نفس سقطت وبالتحديد',
  'admin@example.com',
  'a@b.co',
  '0191c4a0-0000-7000-8000-000000000000',
  '00000000-0000-0000-0000-000000000000',
  'public',
  'private',
  'Fantasy',
  'ALL',
];

/** Long strings: past every field limit, and past the 1 MiB body limit. */
const HUGE = fc
  .constantFrom(257, 2_001, 70_000, 1_100_000)
  .chain((n) =>
    fc
      .constantFrom('a', 'é', '𝕬', '<p>', ' ')
      .map((unit) => unit.repeat(Math.ceil(n / unit.length))),
  );

/** Hostile text short enough for a URL: path params, query values. */
export const shortHostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.constantFrom(101, 201, 3000).map((n) => 'a'.repeat(n)) },
);

/** Hostile text for bodies, up to past the 1 MiB body limit. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 9, arbitrary: shortHostileString },
  { weight: 1, arbitrary: HUGE },
);

/** An object whose own keys may include `__proto__` (JSON.stringify then writes it out). */
export function objectOf(entries: [string, unknown][]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of entries) {
    Object.defineProperty(out, key, {
      value,
      enumerable: true,
      configurable: true,
      writable: true,
    });
  }
  return out;
}

const scalar = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 1.5, -0, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Any JSON value of the wrong shape: wrong types, nesting, prototype-pollution keys. */
export const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 4, arbitrary: hostileString },
    { weight: 3, arbitrary: scalar },
    { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 4 }) },
    {
      weight: 1,
      arbitrary: fc
        .array(
          fc.tuple(
            fc.oneof(fc.constantFrom(...PROTO_KEYS), fc.string({ maxLength: 8 })),
            tie('value'),
          ),
          { maxLength: 3 },
        )
        .map(objectOf),
    },
  ),
})).value;

/** Characters a valid-looking text may still smuggle in. */
const SMUGGLED = [
  '\u0000',
  '\u0001',
  '\u001b',
  '\u007f',
  '\uD800',
  '\u202E',
  '\uFEFF',
  '\r\n',
  '%00',
];

/** NUL first: PostgreSQL cannot store it in text, SQLite can. */
const smuggled = fc.oneof(
  { weight: 2, arbitrary: fc.constant('\u0000') },
  { weight: 3, arbitrary: fc.constantFrom(...SMUGGLED) },
);

/** A plausible value with a NUL, control, lone-surrogate or bidi character spliced into it. */
export const corrupted = (arb: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> =>
  fc.tuple(arb, smuggled, fc.nat()).map(([value, char, at]) => {
    if (typeof value !== 'string') return value;
    const i = at % (value.length + 1);
    return `${value.slice(0, i)}${char}${value.slice(i)}`;
  });

/** Interesting real values (ids, names, emails of the test world) the generators mix in. */
export interface Pool {
  ids: string[];
  usernames: string[];
  emails: string[];
}

/** Values the schema (roughly) accepts, so fuzzing reaches past validation into the handlers. */
export function validish(schema: JsonSchema, pool: Pool): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return fc.oneof(...variants.map((s) => validish(s, pool)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string': {
      const min = schema.minLength ?? 0;
      const max = Math.min(schema.maxLength ?? 80, 80);
      const pattern = schema.pattern ? new RegExp(schema.pattern) : null;
      if (pattern?.test('a@b.co'))
        return fc.oneof(fc.constantFrom(...pool.emails), fc.emailAddress());
      const fits = (s: string) => s.length >= min && s.length <= max;
      const free = pattern
        ? fc.stringMatching(pattern, { size: 'small' }).filter(fits)
        : fc.string({ minLength: min, maxLength: Math.max(min, max) });
      const known = [...pool.ids, ...pool.usernames].filter(fits);
      return known.length > 0 ? fc.oneof(fc.constantFrom(...known), free) : free;
    }
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1_000_000 });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(schema.items ? validish(schema.items, pool) : hostileValue, {
        maxLength: Math.min(schema.maxItems ?? 4, 4),
      });
    case 'object':
      return validObject(schema, pool);
    default:
      return hostileValue;
  }
}

/** An object the schema accepts: required fields always, optional ones sometimes. */
function validObject(schema: JsonSchema, pool: Pool): fc.Arbitrary<Record<string, unknown>> {
  const required = new Set(schema.required ?? []);
  const fields = Object.entries(schema.properties ?? {}).map(([key, s]) =>
    (required.has(key)
      ? validish(s, pool)
      : fc.option(validish(s, pool), { nil: undefined, freq: 2 })
    ).map((value) => [key, value] as const),
  );
  return fc
    .tuple(...fields)
    .map((entries) =>
      objectOf(
        entries.filter((e): e is readonly [string, unknown] => e[1] !== undefined) as [
          string,
          unknown,
        ][],
      ),
    );
}

/** Plausible input (to reach the handler), plausible with hostile parts, or plain hostile. */
export const fuzzInput = (schema: JsonSchema, pool: Pool): fc.Arbitrary<unknown> =>
  fc.oneof(
    { weight: 3, arbitrary: validish(schema, pool) },
    { weight: 3, arbitrary: fuzzObject(schema, pool) },
    { weight: 1, arbitrary: hostileValue },
  );

/** A value for one field: usually plausible, often hostile. */
export const fuzzValue = (schema: JsonSchema, pool: Pool): fc.Arbitrary<unknown> =>
  fc.oneof(
    { weight: 3, arbitrary: validish(schema, pool) },
    { weight: 2, arbitrary: hostileValue },
    { weight: 2, arbitrary: corrupted(validish(schema, pool)) },
  );

/** An object for a schema: its fields (some missing, some hostile) plus unknown and poison keys. */
export function fuzzObject(schema: JsonSchema, pool: Pool): fc.Arbitrary<Record<string, unknown>> {
  const fields = Object.entries(schema.properties ?? {}).map(([key, s]) =>
    fc
      .option(fuzzValue(s, pool), { nil: undefined, freq: 4 })
      .map((value) => [key, value] as const),
  );
  const extras = fc.array(
    fc.tuple(
      fc.oneof(fc.constantFrom(...PROTO_KEYS), fc.constantFrom(...NASTY_STRINGS), fc.string()),
      hostileValue,
    ),
    { maxLength: 2 },
  );
  return fc
    .tuple(fc.tuple(...fields), extras)
    .map(([known, extra]) =>
      objectOf([
        ...known.filter((entry): entry is readonly [string, unknown] => entry[1] !== undefined),
        ...extra,
      ] as [string, unknown][]),
    );
}

/** Lone surrogates become U+FFFD, as a browser would send them (encodeURIComponent throws). */
export const wellFormed = (s: string) =>
  s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

/** A value as a query string or form field carries it: text, or a repeated key for a list. */
export function asText(value: unknown): string | string[] {
  if (typeof value === 'string') return value;
  if (Array.isArray(value))
    return value.map((v) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? '')));
  return JSON.stringify(value) ?? '';
}

/** `a=1&a=2&b=…`; `raw` leaves characters unescaped, as a sloppy or hostile client would. */
export function queryString(entries: [string, unknown][], raw: boolean): string {
  const encode = raw
    ? (s: string) => wellFormed(s).replace(/[#&\s]/g, encodeURIComponent)
    : (s: string) => encodeURIComponent(wellFormed(s));
  return entries
    .flatMap(([key, value]) => [asText(value)].flat().map((v) => `${encode(key)}=${encode(v)}`))
    .join('&');
}
