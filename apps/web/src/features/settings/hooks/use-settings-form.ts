import type { UserSettings } from '@storyloom/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { feedKeys } from '../../../api/feed/keys';
import { mySettingsQueryOptions } from '../../../api/me/get-my-settings';
import { meKeys } from '../../../api/me/keys';
import { saveMySettings } from '../../../api/me/save-my-settings';
import { storyKeys } from '../../../api/stories/keys';
import { userKeys } from '../../../api/users/keys';
import { useAuthStore } from '../../../stores/auth-store';
import { toast } from '../../../stores/toast';
import { useUiStore } from '../../../stores/ui-store';
import { SETTINGS_TOASTS } from '../messages';
import { changedSettings, clearDraft, readDraft, writeDraft } from '../model/settings-draft';

/**
 * The settings form: loaded from the server; any change marks it unsaved
 * and is kept in local storage until saved; the theme applies at once; Save writes the changed
 * fields to the server, applies the theme and clears the mark.
 */
export function useSettingsForm() {
  const userId = useAuthStore((state) => state.user?.id ?? null);
  const setTheme = useUiStore((state) => state.setTheme);
  const queryClient = useQueryClient();
  const query = useQuery(mySettingsQueryOptions());
  const server = query.data;
  const [draft, setDraft] = useState<UserSettings | null>(null);

  // Unsaved changes from an earlier visit (or before a reload) come back over the server's.
  useEffect(() => {
    if (server && userId) setDraft((current) => current ?? readDraft(userId, server));
  }, [server, userId]);

  const values = draft ?? server;
  const changes = server && draft ? changedSettings(server, draft) : {};
  const dirty = Object.keys(changes).length > 0;

  const update = <K extends keyof UserSettings>(key: K, value: UserSettings[K]) => {
    if (!values || !server) return;
    const next = { ...values, [key]: value };
    setDraft(next);
    if (userId && Object.keys(changedSettings(server, next)).length > 0) writeDraft(userId, next);
    else clearDraft();
    if (key === 'theme') setTheme(value as UserSettings['theme']);
  };

  const save = useMutation({
    mutationFn: () => saveMySettings(changes),
    onSuccess: (saved) => {
      // Every reader of the settings (the story form's default visibility) sees them at once.
      queryClient.setQueryData(meKeys.settings, saved);
      // Show mature content decides what every story list holds (docs/decisions/023-ratings.md).
      if (changes.showMatureContent !== undefined) {
        for (const queryKey of [storyKeys.all, feedKeys.all, userKeys.storiesAll])
          void queryClient.invalidateQueries({ queryKey });
      }
      setDraft(null);
      clearDraft();
      setTheme(saved.theme);
      toast.success(SETTINGS_TOASTS.saved);
    },
    onError: () => toast.error(...SETTINGS_TOASTS.saveFailed),
  });

  return {
    query,
    values,
    dirty,
    update,
    save: () => {
      if (dirty && !save.isPending) save.mutate();
    },
    saving: save.isPending,
  };
}

export type SettingsForm = ReturnType<typeof useSettingsForm>;
