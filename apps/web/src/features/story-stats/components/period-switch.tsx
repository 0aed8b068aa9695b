import { STATS, type StatsWindow } from '@storyloom/shared';
import { clsx } from 'clsx';

/** 7 / 30 / 365 days: a row of toggle buttons, the chosen one pressed. */
export function PeriodSwitch({
  value,
  onChange,
}: {
  value: StatsWindow;
  onChange: (days: StatsWindow) => void;
}) {
  return (
    <fieldset className="m-0 inline-flex min-w-0 items-center gap-1 rounded-xl border-0 bg-muted p-1 text-muted-foreground">
      <legend className="sr-only">Period</legend>
      {STATS.windows.map((days) => (
        <button
          key={days}
          type="button"
          aria-pressed={value === days}
          onClick={() => onChange(days)}
          className={clsx(
            'h-9 rounded-lg px-3 text-sm font-medium whitespace-nowrap transition-colors hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
            value === days && 'bg-background text-foreground shadow-sm',
          )}
        >
          {days} days
        </button>
      ))}
    </fieldset>
  );
}
