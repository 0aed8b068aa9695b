import { CircleAlert } from 'lucide-react';
import { type ReactNode, useId } from 'react';

/** What a field's control needs to be labelled, described and marked invalid. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

type FormFieldProps = {
  label: string;
  /** Shown after the label, e.g. "(optional)". */
  labelNote?: string;
  error?: string | undefined;
  /** Help under the control, e.g. a character count; linked with aria-describedby. */
  hint?: ReactNode;
  /** Renders the control (an Input, Select or Textarea) with the props it must carry. */
  children: (control: FieldControlProps) => ReactNode;
};

/** Red border and focus ring for a control marked aria-invalid. */
export const INVALID_CONTROL =
  'aria-invalid:border-destructive aria-invalid:focus-visible:border-destructive aria-invalid:focus-visible:outline-destructive/30';

/**
 * A labelled form control with its error and help underneath, both announced through
 * aria-describedby. Works with any control: the child gets the id and aria props to spread.
 */
export function FormField({ label, labelNote, error, hint, children }: FormFieldProps) {
  const id = useId();
  const ids = { control: `${id}control`, error: `${id}error`, hint: `${id}hint` };
  const describedBy = [error ? ids.error : null, hint ? ids.hint : null].filter(Boolean).join(' ');
  return (
    <div className="space-y-1.5">
      <label htmlFor={ids.control} className="block text-sm font-medium text-foreground">
        {label}
        {labelNote ? (
          <span className="ml-1.5 font-normal text-muted-foreground">{labelNote}</span>
        ) : null}
      </label>
      {children({
        id: ids.control,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
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
      {hint ? (
        <div id={ids.hint} className="text-xs text-muted-foreground">
          {hint}
        </div>
      ) : null}
    </div>
  );
}
