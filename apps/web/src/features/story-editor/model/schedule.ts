import { LIMITS, STORY_MESSAGES } from '@storyloom/shared';

const pad = (n: number) => String(n).padStart(2, '0');

/** The browser's time zone by name ("Europe/Paris"): what the schedule field is in. */
export const localZoneName = (): string =>
  Intl.DateTimeFormat().resolvedOptions().timeZone || 'your local time';

/** An instant as a `datetime-local` value ("2026-11-26T15:30") in the browser's zone. */
export function toLocalInput(value: string | number | Date): string {
  const d = new Date(value);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

const LOCAL_INPUT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/;

/**
 * A `datetime-local` value read in the browser's zone, checked as the server checks it: an
 * ISO instant (UTC), or the message saying what is wrong.
 */
export function scheduleFromInput(
  value: string,
  now: number = Date.now(),
): { at: string } | { error: string } {
  // A date-time without an offset is local time (ECMAScript Date.parse).
  const at = LOCAL_INPUT.test(value) ? new Date(value).getTime() : Number.NaN;
  if (Number.isNaN(at)) return { error: STORY_MESSAGES.scheduleInvalid };
  if (at <= now) return { error: STORY_MESSAGES.scheduleInPast };
  if (at > now + LIMITS.scheduleMaxDays * 86_400_000)
    return { error: STORY_MESSAGES.scheduleTooFar };
  return { at: new Date(at).toISOString() };
}
