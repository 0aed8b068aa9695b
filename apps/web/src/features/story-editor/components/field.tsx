import { clsx } from 'clsx';
import type { ReactNode } from 'react';

type FieldProps = {
  id: string;
  label: string;
  /** Beside the label, e.g. a character counter. */
  aside?: ReactNode;
  hint?: ReactNode;
  hintId?: string;
  required?: boolean;
  className?: string;
  children: ReactNode;
};

/** A label above a control, an optional aside (counter) and hint below. */
export function Field({
  id,
  label,
  aside,
  hint,
  hintId,
  required,
  className,
  children,
}: FieldProps) {
  return (
    <div className={clsx('space-y-1.5', className)}>
      <div className="flex items-baseline justify-between gap-3">
        <span className="text-sm font-medium text-foreground">
          <label htmlFor={id}>{label}</label>
          {/* The input carries `required`; the star is for sighted users only. */}
          {required ? (
            <span className="ml-0.5 text-destructive" aria-hidden="true">
              *
            </span>
          ) : null}
        </span>
        {aside}
      </div>
      {children}
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
