import { passwordStrength } from '@storyloom/shared';
import { clsx } from 'clsx';

type Label = ReturnType<typeof passwordStrength>['label'];

const tones: Record<Label, { bar: string; text: string }> = {
  Weak: { bar: 'bg-destructive', text: 'text-destructive' },
  Fair: { bar: 'bg-warning', text: 'text-warning' },
  Good: { bar: 'bg-info', text: 'text-info' },
  Strong: { bar: 'bg-success', text: 'text-success' },
};

const SEGMENTS = 4;

/** What earns points, for the password field's hint. */
export const PASSWORD_HINT =
  'Use 8 or more characters with upper and lower case letters, a number and a symbol.';

/**
 * The sign-up strength meter: four segments, one per 25 points, and the label.
 * Hidden until something is typed; `id` lets the password input point at it.
 */
export function PasswordStrengthMeter({ password, id }: { password: string; id: string }) {
  if (!password) return <div id={id} hidden />;
  const { score, label } = passwordStrength(password);
  const filled = score / 25;
  const tone = tones[label];
  return (
    <div id={id} className="space-y-1.5 pt-1" data-testid="password-strength">
      {/* The bar is decoration; the label below says the same in words. */}
      <div className="grid grid-cols-4 gap-1" aria-hidden="true" data-score={score}>
        {Array.from({ length: SEGMENTS }, (_, index) => (
          <span
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed segments that never reorder
            key={index}
            className={clsx(
              'h-1.5 rounded-full transition-colors',
              index < filled ? tone.bar : 'bg-muted',
            )}
          />
        ))}
      </div>
      <p className="text-xs text-muted-foreground">
        Password strength:{' '}
        <span className={clsx('font-semibold', tone.text)} data-testid="password-strength-label">
          {label}
        </span>
      </p>
    </div>
  );
}
