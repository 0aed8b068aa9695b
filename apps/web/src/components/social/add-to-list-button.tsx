import { ListPlus } from 'lucide-react';
import type { ComponentProps } from 'react';
import { useNavigate } from 'react-router';
import { useAuthStore } from '../../stores/auth-store';
import { Button } from '../ui/button';
import { closedMenu, deferOverlay } from '../ui/deferred-overlay';

type Story = { storyId: string; title: string };
type TriggerProps = ComponentProps<'button'> & Story;

const CARD_TRIGGER =
  'relative z-10 inline-flex size-7 items-center justify-center rounded-md text-muted-foreground transition-colors hover:bg-accent hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring';

/** A story card's icon: the menu's trigger, and its stand-in until the menu's code is there. */
function CardTrigger({ storyId: _story, title, ...button }: TriggerProps) {
  return (
    <button
      type="button"
      className={CARD_TRIGGER}
      aria-label={`Add “${title}” to a reading list`}
      data-testid="add-to-list-card"
      {...closedMenu}
      {...button}
    >
      <ListPlus className="size-4" aria-hidden="true" />
    </button>
  );
}

/** The story page's labelled button, likewise. */
function PageTrigger({ storyId: _story, title: _title, ...button }: Partial<TriggerProps>) {
  return (
    <Button variant="secondary" data-testid="add-to-list" {...closedMenu} {...button}>
      <ListPlus aria-hidden="true" />
      Add to list
    </Button>
  );
}

// The menu, its dialog and form load when the reader reaches for the button: pages full of
// cards, and the story page, do not carry them.
const menu = (Trigger: typeof CardTrigger) =>
  deferOverlay<Story>(
    () =>
      import('./add-to-list-menu').then(
        ({ AddToListMenu }) =>
          function StoryListMenu({ defaultOpen, ...story }: Story & { defaultOpen?: boolean }) {
            return (
              <AddToListMenu
                storyId={story.storyId}
                trigger={<Trigger {...story} />}
                defaultOpen={defaultOpen}
              />
            );
          },
      ),
    Trigger,
    { whenIdle: false },
  );

/** A story card's "Add to list" (cards show it to signed-in readers). */
export const AddToListCardButton = menu(CardTrigger);

const PageMenu = menu(PageTrigger);

/** The story page's "Add to list": the menu for a signed-in reader; a visitor goes to sign in. */
export function AddToListButton(story: Story) {
  const signedIn = useAuthStore((state) => state.isAuthenticated);
  const navigate = useNavigate();
  if (!signedIn) {
    return (
      <Button variant="secondary" onClick={() => navigate('/auth/login')} data-testid="add-to-list">
        <ListPlus aria-hidden="true" />
        Add to list
      </Button>
    );
  }
  return <PageMenu {...story} />;
}
