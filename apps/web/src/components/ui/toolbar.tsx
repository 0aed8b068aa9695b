import { clsx } from 'clsx';
import { Toolbar as ToolbarPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';

/** A toolbar: one tab stop, arrow keys move between its controls. Give it an aria-label. */
export function Toolbar({ className, ...props }: ComponentProps<typeof ToolbarPrimitive.Root>) {
  return (
    <ToolbarPrimitive.Root
      className={clsx('flex flex-wrap items-center gap-1', className)}
      {...props}
    />
  );
}

const toggleClasses =
  'inline-flex size-9 items-center justify-center rounded-lg text-muted-foreground transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-50 aria-pressed:bg-primary/15 aria-pressed:text-primary [&_svg]:size-4';

type ToolbarToggleProps = Omit<ComponentProps<typeof ToolbarPrimitive.Button>, 'aria-pressed'> & {
  /** The control's name (also its tooltip). */
  label: string;
  pressed: boolean;
};

/** An on/off button in a toolbar: `aria-pressed` tells whether the format is active. */
export function ToolbarToggle({ label, pressed, className, ...props }: ToolbarToggleProps) {
  return (
    <ToolbarPrimitive.Button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      className={clsx(toggleClasses, className)}
      {...props}
    />
  );
}

export function ToolbarSeparator({
  className,
  ...props
}: ComponentProps<typeof ToolbarPrimitive.Separator>) {
  return (
    <ToolbarPrimitive.Separator className={clsx('mx-1 h-6 w-px bg-border', className)} {...props} />
  );
}
