import { describe, expect, it } from 'vitest';
import { LIMITS } from '../constants.js';
import {
  createStoryBody,
  multiLine,
  normalizeTags,
  STORY_MESSAGES,
  singleLine,
} from './stories.js';

describe('story text helpers', () => {
  it('normalizes tags from a list or a comma-joined string, first spelling wins', () => {
    expect(normalizeTags(' Quest, magic ,,MAGIC, quest ,Night')).toEqual([
      'Quest',
      'magic',
      'Night',
    ]);
    expect(normalizeTags(['a, b', ' ', 'B', 'c'])).toEqual(['a', 'b', 'c']);
  });

  it('strips control and bidi-override characters', () => {
    expect(singleLine(' a\tb\r\nc\u0000\u202Ed ')).toBe('a b cd');
    expect(multiLine('line\r\nnext\u0007\u2066')).toBe('line\nnext');
  });

  it('validates a new story with the spec messages', () => {
    const result = createStoryBody.safeParse({ title: ' ', tags: 'x'.repeat(LIMITS.tagMax + 1) });
    const messages = Object.fromEntries(
      (result.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]),
    );
    expect(messages).toEqual({
      title: STORY_MESSAGES.titleRequired,
      genre: STORY_MESSAGES.genreRequired,
      tags: STORY_MESSAGES.tagMax,
    });
  });

  it('reads chapters sent as a JSON string by the multipart form', () => {
    const parsed = createStoryBody.parse({
      title: 'T',
      genre: 'Poetry',
      chapters: JSON.stringify([{ content: '<p>x</p>' }]),
    });
    expect(parsed).toMatchObject({ visibility: 'public', tags: [], description: '' });
    expect(parsed.chapters).toEqual([{ content: '<p>x</p>' }]);
  });
});
