import { clsx } from 'clsx';
import { type ReactNode, useId } from 'react';
import { Switch } from '../../../components/ui/switch';

/** A card of related settings with a heading. */
export function SettingsSection({
  title,
  description,
  children,
  className,
}: {
  title: string;
  description?: string;
  children: ReactNode;
  className?: string;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className={clsx('rounded-2xl border bg-card p-5 text-card-foreground sm:p-6', className)}
    >
      <h2 id={id} className="text-base font-semibold">
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-muted-foreground">{description}</p> : null}
      <div className="mt-4 divide-y">{children}</div>
    </section>
  );
}

/** A labelled on/off setting. */
export function SwitchRow({
  label,
  description,
  checked,
  onCheckedChange,
  disabled,
  badge,
  testId,
}: {
  label: string;
  description?: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
  badge?: ReactNode;
  testId?: string;
}) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4 py-4 first:pt-0 last:pb-0">
      <div className="min-w-0">
        <label htmlFor={id} className="flex flex-wrap items-center gap-2 text-sm font-medium">
          {label}
          {badge}
        </label>
        {description ? (
          <p id={`${id}-description`} className="mt-0.5 text-sm text-muted-foreground">
            {description}
          </p>
        ) : null}
      </div>
      <Switch
        id={id}
        checked={checked}
        onCheckedChange={onCheckedChange}
        disabled={disabled}
        aria-describedby={description ? `${id}-description` : undefined}
        data-testid={testId}
      />
    </div>
  );
}

/** A setting whose control sits under its label (choices, selects, buttons). */
export function FieldRow({
  label,
  description,
  children,
  labelId,
  descriptionId,
}: {
  label: string;
  description?: string;
  children: ReactNode;
  /** Id for the label, so a group can point at it with aria-labelledby. */
  labelId?: string;
  /** Id for the description, so the control can point at it with aria-describedby. */
  descriptionId?: string;
}) {
  return (
    <div className="space-y-3 py-4 first:pt-0 last:pb-0">
      <div>
        <p id={labelId} className="text-sm font-medium">
          {label}
        </p>
        {description ? (
          <p id={descriptionId} className="mt-0.5 text-sm text-muted-foreground">
            {description}
          </p>
        ) : null}
      </div>
      {children}
    </div>
  );
}
