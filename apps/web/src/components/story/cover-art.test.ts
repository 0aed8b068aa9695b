import { describe, expect, it } from 'vitest';
import { coverHues } from './cover-art';

describe('coverHues', () => {
  it('is deterministic per story and varies between stories', () => {
    expect(coverHues('0190a0a0-1')).toEqual(coverHues('0190a0a0-1'));
    const hues = new Set(['a', 'b', 'c', 'd', 'e', 'f'].map((s) => coverHues(`story-${s}`)[0]));
    expect(hues.size).toBeGreaterThan(3);
    for (const [a, b] of [coverHues('x'), coverHues('another id')]) {
      expect(a).toBeGreaterThanOrEqual(0);
      expect(a).toBeLessThan(360);
      expect(b).toBeGreaterThanOrEqual(0);
      expect(b).toBeLessThan(360);
    }
  });
});
