import { clsx } from 'clsx';
import { LayoutGrid, List } from 'lucide-react';

export type StoryLayout = 'grid' | 'list';

/** Grid or list: two buttons whose aria-pressed tells which layout is on. */
export function ViewToggle({
  view,
  onChange,
  className,
}: {
  view: StoryLayout;
  onChange: (view: StoryLayout) => void;
  className?: string;
}) {
  return (
    <fieldset
      className={clsx('flex gap-1 rounded-lg border p-0.5', className)}
      data-testid="view-toggle"
    >
      <legend className="sr-only">View</legend>
      {(
        [
          { value: 'grid', label: 'Grid view', Icon: LayoutGrid },
          { value: 'list', label: 'List view', Icon: List },
        ] as const
      ).map(({ value, label, Icon }) => (
        <button
          key={value}
          type="button"
          aria-label={label}
          title={label}
          aria-pressed={view === value}
          onClick={() => onChange(value)}
          className="inline-flex h-9 flex-1 items-center justify-center rounded-md px-3 text-muted-foreground transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring aria-pressed:bg-primary/15 aria-pressed:text-primary sm:flex-none"
        >
          <Icon className="size-4" aria-hidden="true" />
        </button>
      ))}
    </fieldset>
  );
}
