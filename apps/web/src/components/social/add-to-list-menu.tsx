import { LIST_MESSAGES } from '@storyloom/shared';
import { clsx } from 'clsx';
import { Check, Lock, Plus } from 'lucide-react';
import { type ReactElement, useState } from 'react';
import { useCreateList, useToggleListStory } from '../../api/lists/change-lists';
import { useMyLists } from '../../api/lists/get-lists';
import { useAuthStore } from '../../stores/auth-store';
import { toast } from '../../stores/toast';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../ui/dropdown-menu';
import { ListFormDialog } from './list-form-dialog';
import { failureToast } from './use-toggle-action';

type Props = {
  storyId: string;
  /** The button that opens it (add-to-list-button.tsx: a card's icon, the story page's label). */
  trigger: ReactElement;
  /** Open at once (its button loaded this menu on its first press). */
  defaultOpen?: boolean;
};

/**
 * "Add to list": the reader's lists, each ticked when it holds the story; choosing one adds or
 * takes the story out, and "New list…" makes one with the story in it. Loaded on the first
 * press of its button (add-to-list-button.tsx), which sends a visitor to sign in instead.
 */
export function AddToListMenu({ storyId, trigger, defaultOpen = false }: Props) {
  const signedIn = useAuthStore((state) => state.isAuthenticated);
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

  if (!signedIn) return null; // add-to-list-button.tsx sends a visitor to sign in

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
