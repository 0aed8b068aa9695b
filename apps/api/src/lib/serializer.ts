import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { z } from 'zod';

/**
 * How answers become JSON (docs/decisions/020-speed-every-visitor-gets.md).
 *
 * Answers are built by presenters, which decide field by field what leaves the server (never a
 * row as it is). The bytes sent are `JSON.stringify` of what the route returned, in every mode.
 * Outside production each answer is also held to its route's response schema first: a field of
 * the wrong type, a missing one, or one the schema does not name fails the request, so a
 * presenter that drifts from the contract (or starts to send more than it declares) fails the
 * tests. Production skips that check: zod's walk over a page of 12 stories cost about ten times
 * what turning it into JSON does.
 */
export class ResponseContractError extends Error {
  constructor(method: string, url: string, detail: string) {
    super(`${method} ${url}: the answer does not match its response schema: ${detail}`);
    this.name = 'ResponseContractError';
  }
}

/** Paths in `sent` (as JSON would carry it) that `kept` (the schema's output) lacks. */
function undeclared(sent: unknown, kept: unknown, path: string, out: string[]): void {
  if (Array.isArray(sent) && Array.isArray(kept)) {
    for (const [i, item] of sent.entries()) undeclared(item, kept[i], `${path}[${i}]`, out);
    return;
  }
  if (sent === null || typeof sent !== 'object' || kept === null || typeof kept !== 'object') {
    return;
  }
  const keptRecord = kept as Record<string, unknown>;
  for (const [key, value] of Object.entries(sent)) {
    const at = path ? `${path}.${key}` : key;
    if (!(key in keptRecord)) out.push(at);
    else undeclared(value, keptRecord[key], at, out);
  }
}

export function createSerializerCompiler({
  checked,
}: {
  checked: boolean;
}): FastifySerializerCompiler<z.ZodType> {
  return ({ schema: given, method, url }) => {
    // A response schema is a zod type, or an object whose `properties` is one.
    const schema: z.ZodType =
      given instanceof z.ZodType ? given : (given as { properties: z.ZodType }).properties;
    return (data) => {
      const json = JSON.stringify(data);
      if (!checked) return json;
      // What a client receives is the JSON, so that is what is held to the schema.
      const sent: unknown = json === undefined ? undefined : JSON.parse(json);
      const result = z.safeEncode(schema, sent);
      if (!result.success) throw new ResponseContractError(method, url, result.error.message);
      const extra: string[] = [];
      undeclared(sent, result.data, '', extra);
      if (extra.length > 0) {
        throw new ResponseContractError(method, url, `undeclared fields ${extra.join(', ')}`);
      }
      return json;
    };
  };
}
