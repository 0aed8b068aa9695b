import { Bookmark } from 'lucide-react';
import { libraryKeys } from '../../api/library/keys';
import { saveToLibrary } from '../../api/library/save-to-library';
import { toast } from '../../stores/toast';
import { ToggleButton } from './toggle-button';
import { failureToast, useToggleAction } from './use-toggle-action';

const LABELS = ['Save', 'Saved'] as const;

interface SaveButtonProps {
  storyId: string;
  saved: boolean;
  invalidate?: readonly (readonly unknown[])[];
}

/** Save/Saved to the reader's library; a visitor is sent to sign in. */
export function SaveButton({ storyId, saved, invalidate }: SaveButtonProps) {
  const save = useToggleAction({
    initial: { active: saved, count: 0 },
    invalidate: [...(invalidate ?? []), libraryKeys.all],
    send: async (on) => {
      const result = await saveToLibrary(storyId, on);
      return { active: result.saved, count: 0 };
    },
    onSuccess: (on) =>
      on ? toast.success('Saved to your library') : toast.success('Removed from saved'),
    onError: (on, error) =>
      failureToast(on ? 'Failed to save story' : 'Failed to remove from saved', error),
  });
  return (
    <ToggleButton
      state={save}
      icon={Bookmark}
      labels={LABELS}
      variant="secondary"
      testId="save-button"
    />
  );
}
