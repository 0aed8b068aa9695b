import { clsx } from 'clsx';

/** Where a text stands against its limit: the counter shows from 90 % on, and over is an error. */
export function lengthLimit(value: string, max: number) {
  const length = value.length;
  return { length, max, over: length > max, near: length >= Math.floor(max * 0.9) };
}
export type LengthLimit = ReturnType<typeof lengthLimit>;

/** "n/max" beside a field's label, red once over; nothing while far from the limit. */
export function LengthCounter({
  limit,
  always = false,
  testId,
}: {
  limit: LengthLimit;
  /** Show the counter from the first character (the description's, as the spec has it). */
  always?: boolean;
  testId?: string;
}) {
  if (!always && !limit.near) return null;
  return (
    <span
      className={clsx(
        'text-xs tabular-nums',
        limit.over ? 'text-destructive' : 'text-muted-foreground',
      )}
      data-testid={testId}
    >
      {limit.length}/{limit.max}
    </span>
  );
}

/** The message under a field that is over its limit, linked by the input's aria-describedby. */
export function LengthError({ id, message }: { id: string; message: string }) {
  return (
    <p id={id} className="text-xs text-destructive" role="alert">
      {message}
    </p>
  );
}
