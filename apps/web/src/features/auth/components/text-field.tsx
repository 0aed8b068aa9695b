import { clsx } from 'clsx';
import { CircleAlert, Eye, EyeOff } from 'lucide-react';
import { type ComponentProps, type ReactNode, useId, useState } from 'react';
import { Input } from '../../../components/ui/input';

type FieldProps = Omit<ComponentProps<'input'>, 'id'> & {
  label: string;
  error?: string | undefined;
  /** Help under the input, linked with aria-describedby. */
  hint?: ReactNode;
  /** Beside the label, e.g. a "Forgot password?" link. */
  labelAside?: ReactNode;
  /** Under the input and its error, above the hint: e.g. a strength meter. */
  below?: ReactNode;
};

/** Red border and focus ring on inputs marked aria-invalid (outranks the Input's own border). */
const INVALID =
  'aria-invalid:border-destructive aria-invalid:focus-visible:border-destructive aria-invalid:focus-visible:outline-destructive/30';

type Ids = { input: string; error: string; hint: string };

function FieldFrame({
  ids,
  label,
  error,
  hint,
  labelAside,
  below,
  children,
}: Pick<FieldProps, 'label' | 'error' | 'hint' | 'labelAside' | 'below'> & {
  ids: Ids;
  children: ReactNode;
}) {
  return (
    <div className="space-y-1.5">
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={ids.input} className="text-sm font-medium text-foreground">
          {label}
        </label>
        {labelAside}
      </div>
      {children}
      {error ? (
        <p
          id={ids.error}
          className="flex items-start gap-1.5 text-sm text-destructive"
          data-testid="field-error"
        >
          <CircleAlert className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
          <span>{error}</span>
        </p>
      ) : null}
      {below}
      {hint ? (
        <p id={ids.hint} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

function useFieldIds(): Ids {
  const id = useId();
  return { input: `${id}input`, error: `${id}error`, hint: `${id}hint` };
}

function describedBy(ids: Ids, error: unknown, hint: unknown, extra?: string) {
  const parts = [error ? ids.error : null, hint ? ids.hint : null, extra ?? null];
  return parts.filter(Boolean).join(' ') || undefined;
}

/** A labelled input whose error sits under it and is announced through aria-describedby. */
export function TextField({
  label,
  error,
  hint,
  labelAside,
  below,
  className,
  ...input
}: FieldProps) {
  const ids = useFieldIds();
  return (
    <FieldFrame {...{ ids, label, error, hint, labelAside, below }}>
      <Input
        id={ids.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(ids, error, hint)}
        className={clsx(INVALID, className)}
        {...input}
      />
    </FieldFrame>
  );
}

/** A password field with a show/hide toggle. `describedById` links extra help such as a meter. */
export function PasswordField({
  label,
  error,
  hint,
  labelAside,
  below,
  className,
  describedById,
  onKeyDown,
  ...input
}: Omit<FieldProps, 'type'> & { describedById?: string }) {
  const ids = useFieldIds();
  const [visible, setVisible] = useState(false);
  return (
    <FieldFrame {...{ ids, label, error, hint, labelAside, below }}>
      <div className="relative">
        <Input
          id={ids.input}
          type={visible ? 'text' : 'password'}
          aria-keyshortcuts="Alt+F8"
          onKeyDown={(event) => {
            if (event.altKey && event.key === 'F8') {
              event.preventDefault();
              setVisible((v) => !v);
            }
            onKeyDown?.(event);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(ids, error, hint, describedById)}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          className={clsx('pr-11', INVALID, className)}
          {...input}
        />
        <button
          type="button"
          // Out of the Tab order, so Tab goes from the password to the form's next control (the
          // submit button); the keyboard shows and hides the password with Alt+F8, as Windows does.
          tabIndex={-1}
          onClick={() => setVisible((v) => !v)}
          // A toggle keeps one name; aria-pressed says whether the password is shown.
          aria-label={`Show ${label.toLowerCase()}`}
          aria-controls={ids.input}
          aria-pressed={visible}
          title={visible ? 'Hide password (Alt+F8)' : 'Show password (Alt+F8)'}
          className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-ring"
        >
          {visible ? (
            <EyeOff className="size-4" aria-hidden="true" />
          ) : (
            <Eye className="size-4" aria-hidden="true" />
          )}
        </button>
      </div>
    </FieldFrame>
  );
}
