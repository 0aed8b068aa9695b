import { Bookmark } from 'lucide-react';
import { del, post } from '../../lib/api';
import { toast } from '../../stores/toast';
import { Button } from '../ui/button';
import { failureToast, useToggleAction } from './use-toggle-action';

interface SaveButtonProps {
  storyId: string;
  saved: boolean;
  invalidate?: readonly (readonly unknown[])[];
}

/** Save/Saved to the reader's library; a visitor is sent to sign in. */
export function SaveButton({ storyId, saved, invalidate }: SaveButtonProps) {
  const save = useToggleAction({
    initial: { active: saved, count: 0 },
    invalidate: [...(invalidate ?? []), ['library']],
    send: async (on) => {
      const path = `/library/${storyId}`;
      const result = await (on ? post<{ saved: boolean }>(path) : del<{ saved: boolean }>(path));
      return { active: result.saved, count: 0 };
    },
    onSuccess: (on) =>
      on ? toast.success('Saved to your library') : toast.success('Removed from saved'),
    onError: (on, error) =>
      failureToast(on ? 'Failed to save story' : 'Failed to remove from saved', error),
  });
  return (
    <Button
      variant={save.active ? 'secondary' : 'outline'}
      onClick={save.toggle}
      aria-pressed={save.active}
      data-testid="save-button"
    >
      <Bookmark className={save.active ? 'fill-current' : undefined} aria-hidden="true" />
      {save.active ? 'Saved' : 'Save'}
    </Button>
  );
}
