import { passwordStrength } from '@storyloom/shared';
import { describe, expect, it } from 'vitest';

// The meter on the sign-up and reset pages shows the shared score.
describe('passwordStrength', () => {
  it('scores 25 points per rule', () => {
    expect(passwordStrength('')).toEqual({ score: 0, label: 'Weak' });
    expect(passwordStrength('abcdefgh')).toEqual({ score: 25, label: 'Weak' });
    expect(passwordStrength('abcdEFGH')).toEqual({ score: 50, label: 'Fair' });
    expect(passwordStrength('abcdEFG1')).toEqual({ score: 75, label: 'Good' });
    expect(passwordStrength('abcdEF1!')).toEqual({ score: 100, label: 'Strong' });
  });

  it('needs both cases for the case point and counts short passwords', () => {
    expect(passwordStrength('ABCDEFGH').score).toBe(25);
    expect(passwordStrength('aB1!').score).toBe(75);
    expect(passwordStrength('aB1!').label).toBe('Good');
  });

  it('treats spaces and accents as symbols', () => {
    expect(passwordStrength('a b').score).toBe(25);
    expect(passwordStrength('é').score).toBe(25);
  });
});
