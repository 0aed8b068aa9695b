import { type Chapter, STORY_MESSAGES, type Story } from '@storyloom/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useReducer, useState } from 'react';
import { useNavigate } from 'react-router';
import { storyChaptersQueryOptions } from '../../../api/chapters/get-story-chapters';
import { useDeleteStory } from '../../../api/stories/delete-story';
import { storyQueryOptions } from '../../../api/stories/get-story';
import { storyKeys } from '../../../api/stories/keys';
import { useObjectUrl } from '../../../components/ui/file-upload';
import { useAuthStore } from '../../../stores/auth-store';
import { toast } from '../../../stores/toast';
import { FIELD_IDS } from '../components/story-details-fields';
import { EDITOR_MESSAGES } from '../messages';
import { addChapter, moveChapter, removeChapter } from '../model/chapters';
import { draftKey, readDraft, removeDraft, type StoryDraft } from '../model/drafts';
import { editReducer, loadState, offerableDraft } from '../model/edit-state';
import { failureMessage } from '../model/errors';
import { saveApi } from '../model/save-api';
import { isDirty, saveStory } from '../model/save-story';
import type { ChapterDraft, StoryDetails, StorySettingsForm } from '../model/story-form';
import { publishProblem, saveProblem } from '../model/validation';
import { useDraftAutosave } from './use-draft-autosave';
import { useFocusField } from './use-focus-field';
import { useLeaveGuard } from './use-leave-guard';

export type EditTab = 'details' | 'chapters' | 'settings';

/** State and actions of /stories/{id}/edit (spec §2 "Edit story", §4, §5, §8). */
export function useEditForm(story: Story, chapters: Chapter[] | null) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const focusField = useFocusField();
  const userId = useAuthStore((s) => s.user?.id ?? null);
  const key = userId ? draftKey(userId, story.id) : null;

  const [state, dispatch] = useReducer(editReducer, undefined, () => loadState(story, chapters));
  const [tab, setTab] = useState<EditTab>('details');
  const [saving, setSaving] = useState(false);
  const [offer, setOffer] = useState<StoryDraft | null>(() =>
    offerableDraft(key ? readDraft(key) : null, state),
  );
  const deleteStory = useDeleteStory();

  const { values, baseline } = state;
  const dirty = isDirty(values, baseline);
  const guard = useLeaveGuard(dirty);

  const draft = useMemo(
    () =>
      dirty
        ? {
            baseUpdatedAt: baseline.updatedAt,
            details: values.details,
            settings: values.settings,
            chapters: values.chapters,
          }
        : null,
    [dirty, baseline.updatedAt, values.details, values.settings, values.chapters],
  );
  const autosave = useDraftAutosave(key, draft, { paused: offer !== null });

  const replacedCover = useObjectUrl(values.cover.kind === 'replace' ? values.cover.file : null);
  const coverUrl =
    values.cover.kind === 'replace'
      ? replacedCover
      : values.cover.kind === 'remove'
        ? null
        : baseline.coverUrl;

  const restore = () => {
    if (!offer) return;
    dispatch({ type: 'restore', draft: offer });
    setOffer(null);
  };
  const discardOffer = () => {
    if (key) removeDraft(key);
    setOffer(null);
  };

  const chapterActions = {
    select: (chapterKey: string) => dispatch({ type: 'select', key: chapterKey }),
    add: () => {
      const { chapters: next, added } = addChapter(values.chapters);
      dispatch({ type: 'chapters', chapters: next, select: added.key });
    },
    remove: (chapterKey: string) => {
      const next = removeChapter(values.chapters, chapterKey);
      if (!next) {
        toast.error(STORY_MESSAGES.lastChapterTitle, STORY_MESSAGES.lastChapter);
        return;
      }
      const index = values.chapters.findIndex((chapter) => chapter.key === chapterKey);
      const select =
        chapterKey === state.selectedKey ? next[Math.min(index, next.length - 1)]!.key : undefined;
      dispatch({ type: 'chapters', chapters: next, ...(select ? { select } : {}) });
    },
    move: (chapterKey: string, delta: -1 | 1) =>
      dispatch({ type: 'chapters', chapters: moveChapter(values.chapters, chapterKey, delta) }),
    change: (chapterKey: string, patch: Partial<Pick<ChapterDraft, 'title' | 'content'>>) =>
      dispatch({ type: 'chapter', key: chapterKey, patch }),
    /** Marks it published here only; Save Changes publishes it (spec §4). */
    publish: (chapterKey: string) => {
      const chapter = values.chapters.find((c) => c.key === chapterKey);
      if (!chapter) return;
      const problem = publishProblem(chapter);
      if (problem) {
        toast.error(problem.title, problem.description);
        return;
      }
      dispatch({ type: 'chapter', key: chapterKey, patch: { published: true } });
      toast.info(EDITOR_MESSAGES.chapterMarkedTitle, EDITOR_MESSAGES.chapterMarkedDescription);
    },
  };

  const save = async () => {
    if (saving || !dirty) return;
    const problem = saveProblem(values.details, values.chapters);
    if (problem) {
      toast.error(problem.title, problem.description);
      if (problem.field === 'content') {
        setTab('chapters');
        if (problem.chapterKey) chapterActions.select(problem.chapterKey);
      } else {
        setTab('details');
        focusField(FIELD_IDS[problem.field]);
      }
      return;
    }
    setSaving(true);
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
    if (key) removeDraft(key);
    void queryClient.invalidateQueries({ queryKey: storyKeys.all });
    toast.success(STORY_MESSAGES.storyUpdated, EDITOR_MESSAGES.storyUpdatedDescription);
    setSaving(false);
  };

  const remove = (onDone: () => void) =>
    deleteStory.mutate(story.id, {
      onSuccess: () => {
        autosave.stop();
        if (key) removeDraft(key);
        guard.allowNextNavigation();
        onDone();
        toast.success(STORY_MESSAGES.storyDeleted, EDITOR_MESSAGES.storyDeletedDescription);
        void navigate('/my-stories', { replace: true });
      },
      onError: () => toast.error(EDITOR_MESSAGES.errorTitle, EDITOR_MESSAGES.deleteFailed),
    });

  return {
    state,
    values,
    dirty,
    saving,
    tab,
    setTab,
    coverUrl,
    setDetails: (patch: Partial<StoryDetails>) => dispatch({ type: 'details', patch }),
    setSettings: (patch: Partial<StorySettingsForm>) => dispatch({ type: 'settings', patch }),
    replaceCover: (file: File) => dispatch({ type: 'cover', change: { kind: 'replace', file } }),
    removeCover: () =>
      dispatch({
        type: 'cover',
        change: baseline.coverUrl ? { kind: 'remove' } : { kind: 'keep' },
      }),
    chapterActions,
    offer,
    restore,
    discardOffer,
    save,
    remove,
    deleting: deleteStory.isPending,
    blocker: guard.blocker,
  };
}
