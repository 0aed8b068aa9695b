import { clsx } from 'clsx';
import { CircleCheck, type LucideIcon } from 'lucide-react';
import { RadioGroup } from 'radix-ui';

export type RadioCardOption<T extends string> = {
  value: T;
  label: string;
  description?: string;
  icon?: LucideIcon;
};

type RadioCardsProps<T extends string> = {
  /** Accessible name of the group (or pass `aria-labelledby`). */
  'aria-label'?: string;
  'aria-labelledby'?: string;
  value: T;
  onValueChange: (value: T) => void;
  options: readonly RadioCardOption<T>[];
  disabled?: boolean;
  className?: string;
};

/** A radio group drawn as selectable cards; arrow keys move between them. */
export function RadioCards<T extends string>({
  value,
  onValueChange,
  options,
  disabled,
  className,
  ...labelling
}: RadioCardsProps<T>) {
  return (
    <RadioGroup.Root
      value={value}
      onValueChange={(next) => onValueChange(next as T)}
      disabled={disabled}
      className={clsx('grid gap-3 sm:grid-cols-2', className)}
      {...labelling}
    >
      {options.map(({ value: optionValue, label, description, icon: Icon }) => (
        <RadioGroup.Item
          key={optionValue}
          value={optionValue}
          className="group relative flex items-start gap-3 rounded-xl border-2 border-border bg-card p-4 text-left transition-colors hover:border-primary/50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50 data-[state=checked]:border-primary data-[state=checked]:bg-primary/5"
        >
          {Icon ? (
            <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-muted text-muted-foreground group-data-[state=checked]:bg-primary group-data-[state=checked]:text-primary-foreground">
              <Icon className="size-5" aria-hidden="true" />
            </span>
          ) : null}
          <span className="min-w-0 flex-1">
            <span className="block font-medium text-foreground">{label}</span>
            {description ? (
              <span className="mt-0.5 block text-sm text-muted-foreground">{description}</span>
            ) : null}
          </span>
          <RadioGroup.Indicator className="text-primary">
            <CircleCheck className="size-5" aria-hidden="true" />
          </RadioGroup.Indicator>
        </RadioGroup.Item>
      ))}
    </RadioGroup.Root>
  );
}
