import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createSerializerCompiler, ResponseContractError } from './serializer.js';

const schema = z.object({
  id: z.string(),
  author: z.object({ username: z.string() }),
  tags: z.array(z.string()),
  published_at: z.string().nullable(),
  is_liked: z.boolean().optional(),
});
const route = { schema, method: 'GET', url: '/things/:id', httpStatus: '200' };
const answer = {
  id: 'a',
  author: { username: 'mira' },
  tags: ['sea'],
  published_at: null,
};

describe('response serializer', () => {
  const checked = createSerializerCompiler({ checked: true })(route);
  const unchecked = createSerializerCompiler({ checked: false })(route);

  it('sends JSON.stringify of the answer, checked or not', () => {
    expect(checked(answer)).toBe(JSON.stringify(answer));
    expect(unchecked(answer)).toBe(JSON.stringify(answer));
    expect(checked({ ...answer, is_liked: undefined })).toBe(JSON.stringify(answer));
  });

  it('when checked, refuses a field the schema does not declare, at any depth', () => {
    expect(() => checked({ ...answer, email: 'x@example.com' })).toThrow(ResponseContractError);
    expect(() => checked({ ...answer, author: { username: 'mira', email: 'x' } })).toThrow(
      /undeclared fields author\.email/,
    );
  });

  it('when checked, refuses a missing field or a wrong type', () => {
    const { tags: _, ...withoutTags } = answer;
    expect(() => checked(withoutTags)).toThrow(ResponseContractError);
    expect(() => checked({ ...answer, published_at: 5 })).toThrow(/GET \/things\/:id/);
  });

  it('unchecked, sends what it is given (production: the presenters decide)', () => {
    expect(unchecked({ ...answer, extra: 1 })).toBe(JSON.stringify({ ...answer, extra: 1 }));
  });
});
