import { clsx } from 'clsx';
import { ChevronDown } from 'lucide-react';
import type { ComponentProps } from 'react';

/**
 * A styled native select: the platform's own picker on phones, full keyboard support and form
 * semantics for free. Pass `<option>` children.
 */
export function Select({ className, ...props }: ComponentProps<'select'>) {
  return (
    <div className={clsx('relative', className)}>
      <select
        className="h-10 w-full min-w-0 cursor-pointer appearance-none rounded-lg border border-input bg-background pl-3 pr-9 text-sm text-foreground transition-colors focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/40 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive"
        {...props}
      />
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute right-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
      />
    </div>
  );
}
