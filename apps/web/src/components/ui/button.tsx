import { clsx } from 'clsx';
import { Slot } from 'radix-ui';
import type { ComponentProps } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'destructive' | 'link';
export type ButtonSize = 'sm' | 'md' | 'lg' | 'icon';

/**
 * Each variant and size is a component class of styles.css (`.btn`, `.btn-primary`, `.btn-md`…),
 * written there once instead of as a list of utilities in every button on a page. The size of
 * icons inside stays a utility, so that it outranks an icon's own classes as it always has.
 */
const variants: Record<ButtonVariant, string> = {
  primary: 'btn-primary',
  secondary: 'btn-secondary',
  outline: 'btn-outline',
  ghost: 'btn-ghost',
  destructive: 'btn-destructive',
  link: 'btn-link',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'btn-sm [&_svg]:size-4',
  md: 'btn-md [&_svg]:size-4',
  lg: 'btn-lg [&_svg]:size-5',
  icon: 'btn-icon [&_svg]:size-5',
};

/** Button classes for things that look like buttons but are links (`<Link className=...>`). */
export function buttonClasses({
  variant = 'primary',
  size = 'md',
  className,
}: {
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
} = {}): string {
  return clsx('btn', variants[variant], sizes[size], className);
}

type ButtonProps = ComponentProps<'button'> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Render the child element (e.g. a router Link) with button styles. */
  asChild?: boolean;
};

export function Button({ variant, size, asChild = false, className, type, ...props }: ButtonProps) {
  const classes = buttonClasses({ variant, size, className });
  if (asChild) return <Slot.Root className={classes} {...props} />;
  return <button type={type ?? 'button'} className={classes} {...props} />;
}
