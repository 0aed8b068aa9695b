import { ListPlus } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';

const AddToListMenu = lazy(() =>
  import('./add-to-list-menu').then((m) => ({ default: m.AddToListMenu })),
);

const TRIGGER =
  'relative z-10 inline-flex size-7 items-center justify-center rounded-md text-muted-foreground transition-colors hover:bg-accent hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring';

/**
 * A story card's "Add to list" button. The menu (and its dialog and form) loads on the first
 * press, so the pages full of cards do not carry it: the home page has a script budget.
 */
export function AddToListCardButton({ storyId, title }: { storyId: string; title: string }) {
  const [armed, setArmed] = useState(false);
  const label = `Add “${title}” to a reading list`;
  const placeholder = (
    <button
      type="button"
      className={TRIGGER}
      aria-label={label}
      aria-haspopup="menu"
      onClick={() => setArmed(true)}
      data-testid="add-to-list-card"
    >
      <ListPlus className="size-4" aria-hidden="true" />
    </button>
  );
  if (!armed) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <AddToListMenu storyId={storyId} storyTitle={title} compact defaultOpen />
    </Suspense>
  );
}

export const CARD_TRIGGER_CLASSES = TRIGGER;
