import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button, type ButtonVariant } from '../ui/button';

interface ToggleButtonProps {
  /** A `useToggleAction` result. */
  state: { active: boolean; toggle: () => void };
  icon: LucideIcon;
  /** The label off, then on. */
  labels: readonly [string, string];
  /** The variant while on; off is always outline. */
  variant: ButtonVariant;
  testId: string;
  /** After the label (a count, say). */
  children?: ReactNode;
}

/** A pressed/unpressed switch whose icon fills while on (Like, Save). */
export function ToggleButton({
  state,
  icon: Icon,
  labels,
  variant,
  testId,
  children,
}: ToggleButtonProps) {
  const { active, toggle } = state;
  return (
    <Button
      variant={active ? variant : 'outline'}
      onClick={toggle}
      aria-pressed={active}
      data-testid={testId}
    >
      <Icon className={active ? 'fill-current' : undefined} aria-hidden="true" />
      {active ? labels[1] : labels[0]}
      {children}
    </Button>
  );
}
