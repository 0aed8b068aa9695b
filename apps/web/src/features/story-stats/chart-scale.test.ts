import { describe, expect, it } from 'vitest';
import { labelEvery, niceTicks, steepestDrop } from './chart-scale';

describe('niceTicks', () => {
  it('covers the maximum with steps of 1, 2 or 5 × 10^n', () => {
    expect(niceTicks(0)).toEqual([0, 1]);
    expect(niceTicks(3)).toEqual([0, 1, 2, 3]);
    expect(niceTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(niceTicks(95)).toEqual([0, 50, 100]);
    expect(niceTicks(1_000_000)).toEqual([0, 500_000, 1_000_000]);
    const big = niceTicks(1_234_567);
    expect(big[big.length - 1]).toBeGreaterThanOrEqual(1_234_567);
    expect(big.length).toBeLessThanOrEqual(6);
  });
});

describe('labelEvery', () => {
  it('prints about `room` labels, always the last', () => {
    const shown = Array.from({ length: 30 }, (_, i) => i).filter(labelEvery(30, 6));
    expect(shown.length).toBeLessThanOrEqual(7);
    expect(shown[shown.length - 1]).toBe(29);
    expect(Array.from({ length: 5 }, (_, i) => i).filter(labelEvery(5, 10))).toEqual([
      0, 1, 2, 3, 4,
    ]);
  });
});

describe('steepestDrop', () => {
  it('names the chapter after the largest fall', () => {
    expect(steepestDrop([100, 90, 40, 35])).toEqual({ index: 2, lost: 50 });
    expect(steepestDrop([5, 5, 6])).toBeNull();
    expect(steepestDrop([])).toBeNull();
  });
});
