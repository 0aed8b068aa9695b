import { clsx } from 'clsx';
import { CircleAlert, CircleCheck, Info } from 'lucide-react';
import type { ReactNode } from 'react';

type Tone = 'error' | 'success' | 'info';

const styles: Record<Tone, string> = {
  error: 'border-destructive/30 bg-destructive/10 text-destructive',
  success: 'border-success/30 bg-success/10 text-success',
  info: 'border-info/30 bg-info/10 text-info',
};
const icons = { error: CircleAlert, success: CircleCheck, info: Info };

/**
 * A message about the whole form. Errors are alerts (announced at once); other tones are polite
 * status messages. Render it only when there is something to say, so each one is announced.
 */
export function FormAlert({
  tone = 'error',
  children,
  className,
  id,
  testId,
}: {
  tone?: Tone;
  children: ReactNode;
  className?: string;
  id?: string;
  testId?: string;
}) {
  const Icon = icons[tone];
  return (
    <div
      id={id}
      role={tone === 'error' ? 'alert' : 'status'}
      data-testid={testId}
      className={clsx(
        'flex items-start gap-2.5 rounded-lg border px-3.5 py-3 text-sm font-medium',
        styles[tone],
        className,
      )}
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div className="min-w-0 flex-1 text-pretty">{children}</div>
    </div>
  );
}
