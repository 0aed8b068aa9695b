import { clsx } from 'clsx';
import type { ComponentProps } from 'react';

/** A pulsing block that stands in for content while it loads; hidden from screen readers. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      aria-hidden="true"
      className={clsx('animate-pulse rounded-md bg-muted', className)}
      {...props}
    />
  );
}
