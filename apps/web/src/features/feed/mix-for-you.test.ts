import type { Story } from '@storyloom/shared';
import { describe, expect, it } from 'vitest';
import { mixForYou } from './mix-for-you';

const s = (id: string) => ({ id }) as Story;

describe('mixForYou', () => {
  it('alternates popular and latest and keeps each story once', () => {
    const mixed = mixForYou([s('a'), s('b'), s('c')], [s('b'), s('d')]);
    expect(mixed.map((story) => story.id)).toEqual(['a', 'b', 'd', 'c']);
  });

  it('handles an empty side', () => {
    expect(mixForYou([], [s('x')]).map((story) => story.id)).toEqual(['x']);
  });
});
