import { MESSAGES } from '@storyloom/shared';
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';

/** Where the first string holding a NUL character sits in `value` (walked without recursion). */
function nulPath(value: unknown): (string | number)[] | null {
  const stack: [unknown, (string | number)[]][] = [[value, []]];
  while (stack.length > 0) {
    const [current, path] = stack.pop()!;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return path;
    } else if (current !== null && typeof current === 'object') {
      for (const [key, child] of Object.entries(current)) stack.push([child, [...path, key]]);
    }
  }
  return null;
}

const refuseNul = (value: unknown, ctx: z.RefinementCtx) => {
  const path = nulPath(value);
  if (path) ctx.addIssue({ code: 'custom', path, message: MESSAGES.nulCharacter });
};

/**
 * The zod validator, refusing path params and bodies whose parsed value still holds a NUL
 * character (fields that strip control characters have already dropped theirs; a multipart
 * field may carry JSON that decodes to one). No field needs it, and PostgreSQL cannot store it:
 * both databases answer the same 400. Queries are left to their schemas: search splits `q` into
 * words and never refuses it.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) =>
  zodValidatorCompiler(
    route.httpPart === 'body' || route.httpPart === 'params'
      ? { ...route, schema: route.schema.superRefine(refuseNul) }
      : route,
  );
