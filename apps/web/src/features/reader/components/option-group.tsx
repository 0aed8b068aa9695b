import { clsx } from 'clsx';
import { RadioGroup } from 'radix-ui';
import type { CSSProperties, ReactNode } from 'react';

export interface Option<T extends string> {
  value: T;
  label: string;
  /** Shown under the label (e.g. the typeface's name). */
  hint?: string;
  /** Drawn before the label (a swatch or an icon). */
  visual?: ReactNode;
  /** Styles the label (e.g. in its own font). */
  labelStyle?: CSSProperties;
}

interface OptionGroupProps<T extends string> {
  labelId: string;
  /** Says more about the choice (e.g. what holds until one is picked). */
  descriptionId?: string;
  /** Null: none picked yet. */
  value: T | null;
  onChange: (value: T) => void;
  options: readonly Option<T>[];
  columns: 3 | 4;
}

/** A compact radio group of buttons; arrow keys move between the options. */
export function OptionGroup<T extends string>({
  labelId,
  descriptionId,
  value,
  onChange,
  options,
  columns,
}: OptionGroupProps<T>) {
  return (
    <RadioGroup.Root
      aria-labelledby={labelId}
      aria-describedby={descriptionId}
      value={value}
      onValueChange={(next) => onChange(next as T)}
      className={clsx('grid gap-2', columns === 4 ? 'grid-cols-2 sm:grid-cols-4' : 'grid-cols-3')}
    >
      {options.map((option) => (
        <RadioGroup.Item
          key={option.value}
          value={option.value}
          className="flex min-h-11 flex-col items-center justify-center gap-1 rounded-lg border-2 border-border bg-background px-2 py-2 text-center text-sm transition-colors hover:border-primary/50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring data-[state=checked]:border-primary data-[state=checked]:bg-primary/10"
        >
          {option.visual}
          <span className="font-medium leading-tight" style={option.labelStyle}>
            {option.label}
          </span>
          {option.hint ? (
            <span className="text-xs leading-tight text-muted-foreground">{option.hint}</span>
          ) : null}
        </RadioGroup.Item>
      ))}
    </RadioGroup.Root>
  );
}
