import { type Chapter, STORY_MESSAGES, type Story, TRASH_MESSAGES } from '@storyloom/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { storyChaptersQueryOptions } from '../../../api/chapters/get-story-chapters';
import { useDeleteStory } from '../../../api/stories/delete-story';
import { storyQueryOptions } from '../../../api/stories/get-story';
import { storyKeys } from '../../../api/stories/keys';
import { trashKeys } from '../../../api/trash/keys';
import { restoreAndRefresh } from '../../../api/trash/restore';
import { toast } from '../../../stores/toast';
import { EDITOR_MESSAGES } from '../messages';
import { loadState } from '../model/editor-state';
import { failureMessage } from '../model/errors';
import { saveApi } from '../model/save-api';
import { isDirty, saveStory } from '../model/save-story';
import { saveProblem } from '../model/validation';
import { useLeaveGuard } from './use-leave-guard';
import { useStoryForm } from './use-story-form';

/** /stories/{id}/edit: the story form over what the server holds, saved step by step. */
export function useEditForm(story: Story, chapters: Chapter[] | null) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useStoryForm(story.id, () => loadState(story, chapters));
  const { values, baseline, dispatch, dropDraft } = form;
  const [saving, setSaving] = useState(false);
  const deleteStory = useDeleteStory();
  const dirty = isDirty(values, baseline);
  const guard = useLeaveGuard(dirty);

  const save = async () => {
    if (saving || !dirty) return;
    const problem = saveProblem(values.details, values.chapters);
    if (problem) {
      form.showProblem(problem);
      return;
    }
    setSaving(true);
    const kept = new Set(values.chapters.map((chapter) => chapter.id));
    const trashed = baseline.chapters.filter((chapter) => chapter.id && !kept.has(chapter.id));
    try {
      await saveStory(values, baseline, saveApi(story.id), (event) =>
        dispatch({ type: 'saved', event }),
      );
    } catch (error) {
      // Every step that went through is in the baseline now; what failed stays unsaved.
      toast.error(EDITOR_MESSAGES.errorTitle, failureMessage(error, EDITOR_MESSAGES.saveFailed));
      setSaving(false);
      return;
    }
    try {
      const [fresh, freshChapters] = await Promise.all([
        queryClient.fetchQuery(storyQueryOptions(story.id)),
        queryClient.fetchQuery(storyChaptersQueryOptions(story.id, { publishedOnly: false })),
      ]);
      dispatch({ type: 'load', story: fresh, chapters: freshChapters });
    } catch {
      // Saved, but the reload failed: the form already holds what was saved.
    }
    dropDraft();
    void queryClient.invalidateQueries({ queryKey: storyKeys.all });
    if (trashed.length > 0) {
      void queryClient.invalidateQueries({ queryKey: trashKeys.all });
      toast({
        type: 'success',
        title: STORY_MESSAGES.storyUpdated,
        description: EDITOR_MESSAGES.chaptersTrashedDescription(trashed.length),
        action: { label: 'Recently deleted', onClick: () => void navigate('/recently-deleted') },
      });
    } else {
      toast.success(STORY_MESSAGES.storyUpdated, EDITOR_MESSAGES.storyUpdatedDescription);
    }
    setSaving(false);
  };

  const remove = (onDone: () => void) =>
    deleteStory.mutate(story.id, {
      onSuccess: () => {
        dropDraft({ stop: true });
        guard.allowNextNavigation();
        onDone();
        // It went to Recently deleted (decision 027): say so, and offer it back.
        toast({
          type: 'success',
          title: STORY_MESSAGES.storyDeleted,
          description: EDITOR_MESSAGES.storyDeletedDescription,
          duration: 10_000,
          action: {
            label: 'Undo',
            // Runs after this page is gone (it navigated to My Stories): no mutation hook.
            onClick: () =>
              void restoreAndRefresh(queryClient, { kind: 'story', id: story.id }).then(
                () => toast.success(TRASH_MESSAGES.storyRestored),
                () => toast.error(EDITOR_MESSAGES.errorTitle, EDITOR_MESSAGES.restoreFailed),
              ),
          },
        });
        void navigate('/my-stories', { replace: true });
      },
      onError: () => toast.error(EDITOR_MESSAGES.errorTitle, EDITOR_MESSAGES.deleteFailed),
    });

  return {
    ...form,
    dirty,
    saving,
    save,
    remove,
    deleting: deleteStory.isPending,
    blocker: guard.blocker,
  };
}
