import { clsx } from 'clsx';
import type { ComponentProps } from 'react';

/** A rounding given in `className` (e.g. `rounded-full` for an avatar) replaces the default. */
const ROUNDED = /(^|\s)rounded(-|\s|$)/;

/** A pulsing block that stands in for content while it loads; hidden from screen readers. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      aria-hidden="true"
      className={clsx(
        'animate-pulse bg-muted',
        !ROUNDED.test(className ?? '') && 'rounded-md',
        className,
      )}
      {...props}
    />
  );
}
