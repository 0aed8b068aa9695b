import { LIST_MESSAGES } from '@storyloom/shared';
import { clsx } from 'clsx';
import { Check, ListPlus, Lock, Plus } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useCreateList, useToggleListStory } from '../../api/lists/change-lists';
import { useMyLists } from '../../api/lists/get-lists';
import { useAuthStore } from '../../stores/auth-store';
import { toast } from '../../stores/toast';
import { Button } from '../ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../ui/dropdown-menu';
import { CARD_TRIGGER_CLASSES } from './add-to-list-card-button';
import { ListFormDialog } from './list-form-dialog';
import { failureToast } from './use-toggle-action';

type Props = {
  storyId: string;
  storyTitle: string;
  /** On a story card: an icon button; on the story page: a labelled one. */
  compact?: boolean;
  /** Open at once (a card's button that loaded this menu on its first press). */
  defaultOpen?: boolean;
};

/**
 * "Add to list": the reader's lists, each ticked when it holds the story; choosing one adds or
 * takes the story out, and "New list…" makes one with the story in it. A visitor goes to sign in.
 */
export function AddToListMenu({
  storyId,
  storyTitle,
  compact = false,
  defaultOpen = false,
}: Props) {
  const signedIn = useAuthStore((state) => state.isAuthenticated);
  const navigate = useNavigate();
  const [open, setOpen] = useState(defaultOpen);
  const [creating, setCreating] = useState(false);
  const lists = useMyLists({ storyId, enabled: open && signedIn });
  const toggle = useToggleListStory();
  const create = useCreateList();

  const choose = async (id: string, name: string, on: boolean) => {
    try {
      await toggle.mutateAsync({ id, storyId, on });
      toast.success(on ? LIST_MESSAGES.added(name) : LIST_MESSAGES.removed(name));
    } catch (error) {
      failureToast(on ? 'Could not add to the list' : 'Could not remove from the list', error);
    }
  };

  const trigger = compact ? (
    <button
      type="button"
      className={CARD_TRIGGER_CLASSES}
      aria-label={`Add “${storyTitle}” to a reading list`}
      data-testid="add-to-list-card"
    >
      <ListPlus className="size-4" aria-hidden="true" />
    </button>
  ) : (
    <Button variant="secondary" data-testid="add-to-list">
      <ListPlus aria-hidden="true" />
      Add to list
    </Button>
  );

  if (!signedIn)
    return compact ? null : (
      <Button variant="secondary" onClick={() => navigate('/auth/login')} data-testid="add-to-list">
        <ListPlus aria-hidden="true" />
        Add to list
      </Button>
    );

  return (
    <>
      <DropdownMenu open={open} onOpenChange={setOpen}>
        <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
        <DropdownMenuContent
          className="max-h-80 w-64 overflow-y-auto"
          data-testid="add-to-list-menu"
        >
          <DropdownMenuLabel>Add to reading list</DropdownMenuLabel>
          {lists.isPending ? (
            <p className="px-2.5 py-2 text-sm text-muted-foreground">Loading your lists…</p>
          ) : lists.isError ? (
            <p className="px-2.5 py-2 text-sm text-destructive">Could not load your lists</p>
          ) : lists.data.length === 0 ? (
            <p className="px-2.5 py-2 text-sm text-muted-foreground">No lists yet</p>
          ) : (
            lists.data.map((list) => (
              <DropdownMenuItem
                key={list.id}
                role="menuitemcheckbox"
                aria-checked={list.has_story ?? false}
                disabled={toggle.isPending}
                onSelect={(event) => {
                  event.preventDefault();
                  void choose(list.id, list.name, !list.has_story);
                }}
                data-testid="add-to-list-item"
              >
                <Check
                  aria-hidden="true"
                  className={clsx(list.has_story ? 'opacity-100 !text-primary' : 'opacity-0')}
                />
                <span className="min-w-0 flex-1 truncate">{list.name}</span>
                {list.visibility === 'private' ? (
                  <Lock aria-label="Private" className="!size-3.5" />
                ) : null}
              </DropdownMenuItem>
            ))
          )}
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => setCreating(true)} data-testid="add-to-new-list">
            <Plus aria-hidden="true" />
            New list…
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <ListFormDialog
        open={creating}
        onOpenChange={setCreating}
        title="New reading list"
        submitLabel="Create and add"
        pending={create.isPending || toggle.isPending}
        onSubmit={async (fields) => {
          const list = await create.mutateAsync(fields);
          await choose(list.id, list.name, true);
        }}
      />
    </>
  );
}
