import { describe, expect, it } from 'vitest';
import { groupDigits } from './format-number.js';

describe('groupDigits', () => {
  it('writes what toLocaleString("en-US") writes for counts and limits', () => {
    for (const n of [0, 7, 999, 1000, 12_345, 100_000, 999_999, 1_000_000, 123_456_789, -4321]) {
      expect(groupDigits(n)).toBe(n.toLocaleString('en-US'));
    }
  });

  it('keeps a fraction as it is', () => {
    expect(groupDigits(1234.5)).toBe('1,234.5');
    expect(groupDigits(-0.25)).toBe('-0.25');
  });

  it('passes non-finite values through', () => {
    expect(groupDigits(Number.NaN)).toBe('NaN');
    expect(groupDigits(Number.POSITIVE_INFINITY)).toBe('Infinity');
  });
});
