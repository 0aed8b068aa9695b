import { STORY_MESSAGES } from '@storyloom/shared';
import { describe, expect, it } from 'vitest';
import { scheduleFromInput, toLocalInput } from './schedule';

const NOW = new Date(2026, 10, 26, 14, 0).getTime();

describe('scheduleFromInput', () => {
  it('reads the field in the local zone and answers the instant in UTC', () => {
    const result = scheduleFromInput('2026-11-26T15:30', NOW);
    expect(result).toEqual({ at: new Date(2026, 10, 26, 15, 30).toISOString() });
  });

  it('takes seconds too', () => {
    expect(scheduleFromInput('2026-11-26T14:00:05', NOW)).toEqual({
      at: new Date(2026, 10, 26, 14, 0, 5).toISOString(),
    });
  });

  it('refuses a time in the past, a bad value and one too far ahead', () => {
    expect(scheduleFromInput('2026-11-26T13:59', NOW)).toEqual({
      error: STORY_MESSAGES.scheduleInPast,
    });
    expect(scheduleFromInput('', NOW)).toEqual({ error: STORY_MESSAGES.scheduleInvalid });
    expect(scheduleFromInput('tomorrow', NOW)).toEqual({ error: STORY_MESSAGES.scheduleInvalid });
    expect(scheduleFromInput('2028-01-01T00:00', NOW)).toEqual({
      error: STORY_MESSAGES.scheduleTooFar,
    });
  });

  it('round-trips through the field', () => {
    const at = new Date(2026, 11, 1, 9, 5);
    expect(scheduleFromInput(toLocalInput(at), NOW)).toEqual({ at: at.toISOString() });
  });
});
