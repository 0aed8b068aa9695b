import { STORY_MESSAGES } from '@storyloom/shared';
import { useCallback, useMemo, useReducer, useState } from 'react';
import { useObjectUrl } from '../../../components/ui/file-upload';
import { useAuthStore } from '../../../stores/auth-store';
import { toast } from '../../../stores/toast';
import { FIELD_IDS } from '../components/story-details-fields';
import { EDITOR_MESSAGES } from '../messages';
import { addChapter, moveChapter, removeChapter } from '../model/chapters';
import { draftToKeep, offerableDraft } from '../model/draft-offer';
import { draftKey, readDraft, removeDraft, type StoryDraft } from '../model/drafts';
import { type EditorState, editReducer, isNewStory } from '../model/editor-state';
import type { ChapterDraft, StoryDetails, StorySettingsForm } from '../model/story-form';
import { type Problem, publishProblem } from '../model/validation';
import { useDraftAutosave } from './use-draft-autosave';
import { useFocusField } from './use-focus-field';

export type EditorTab = 'details' | 'chapters' | 'settings';

/**
 * The story form both editor pages share (`storyId` null for a new story): its fields, cover
 * and chapters; the work kept in browser storage as the author types and offered back when
 * they return (docs/decisions/012); and where a refused submit sends the author.
 */
export function useStoryForm(storyId: string | null, initial: () => EditorState) {
  const userId = useAuthStore((s) => s.user?.id ?? null);
  const key = userId ? draftKey(userId, storyId) : null;
  const focusField = useFocusField();
  const [state, dispatch] = useReducer(editReducer, undefined, initial);
  const [tab, setTab] = useState<EditorTab>('details');
  const [offer, setOffer] = useState<StoryDraft | null>(() =>
    offerableDraft(key ? readDraft(key) : null, state),
  );

  const { values, baseline } = state;
  const isNew = isNewStory(baseline);
  const draft = useMemo(() => draftToKeep(values, baseline), [values, baseline]);
  const autosave = useDraftAutosave(key, draft, { paused: offer !== null });

  const replacedCover = useObjectUrl(values.cover.kind === 'replace' ? values.cover.file : null);
  const coverUrl =
    values.cover.kind === 'replace'
      ? replacedCover
      : values.cover.kind === 'remove'
        ? null
        : baseline.coverUrl;

  const select = (chapterKey: string) => dispatch({ type: 'select', key: chapterKey });
  const chapterActions = {
    select,
    add: () => {
      const { chapters: next, added } = addChapter(values.chapters, isNew);
      dispatch({ type: 'chapters', chapters: next, select: added.key });
    },
    remove: (chapterKey: string) => {
      const next = removeChapter(values.chapters, chapterKey);
      if (!next) {
        toast.error(STORY_MESSAGES.lastChapterTitle, STORY_MESSAGES.lastChapter);
        return;
      }
      const index = values.chapters.findIndex((chapter) => chapter.key === chapterKey);
      const selected =
        chapterKey === state.selectedKey ? next[Math.min(index, next.length - 1)]!.key : undefined;
      dispatch({ type: 'chapters', chapters: next, ...(selected ? { select: selected } : {}) });
    },
    move: (chapterKey: string, delta: -1 | 1) =>
      dispatch({ type: 'chapters', chapters: moveChapter(values.chapters, chapterKey, delta) }),
    change: (chapterKey: string, patch: Partial<Pick<ChapterDraft, 'title' | 'content'>>) =>
      dispatch({ type: 'chapter', key: chapterKey, patch }),
    /** Marks it published here only; saving publishes it. */
    publish: (chapterKey: string) => {
      const chapter = values.chapters.find((c) => c.key === chapterKey);
      if (!chapter) return;
      const problem = publishProblem(chapter);
      if (problem) {
        toast.error(problem.title, problem.description);
        return;
      }
      // Publishing now replaces any schedule.
      dispatch({ type: 'chapter', key: chapterKey, patch: { published: true, publishAt: null } });
      toast.info(EDITOR_MESSAGES.chapterMarkedTitle, EDITOR_MESSAGES.chapterMarkedDescription);
    },
    /** Schedules it (or cancels the schedule, with null) here only; saving sends it. */
    schedule: (chapterKey: string, at: string | null) => {
      const chapter = values.chapters.find((c) => c.key === chapterKey);
      if (!chapter) return;
      const problem = at ? publishProblem(chapter) : null;
      if (problem) {
        toast.error(problem.title, problem.description);
        return;
      }
      dispatch({ type: 'chapter', key: chapterKey, patch: { publishAt: at } });
      if (at)
        toast.info(
          EDITOR_MESSAGES.chapterScheduledTitle,
          EDITOR_MESSAGES.chapterScheduledDescription,
        );
    },
  };

  /** Says what is missing and takes the author there: the chapter, or the field, focused. */
  const showProblem = (problem: Problem) => {
    toast.error(problem.title, problem.description);
    if (problem.field === 'content') {
      setTab('chapters');
      if (problem.chapterKey) select(problem.chapterKey);
    } else {
      setTab('details');
      focusField(FIELD_IDS[problem.field]);
    }
  };

  const { stop } = autosave;
  /** The stored draft is done with (saved); with `stop`, for good (published, deleted). */
  const dropDraft = useCallback(
    (options: { stop?: boolean } = {}) => {
      if (options.stop) stop();
      if (key) removeDraft(key);
    },
    [key, stop],
  );

  return {
    state,
    values,
    baseline,
    isNew,
    dispatch,
    tab,
    setTab,
    coverUrl,
    offer,
    restore: () => {
      if (!offer) return;
      dispatch({ type: 'restore', draft: offer });
      setOffer(null);
    },
    discardOffer: () => {
      if (key) removeDraft(key);
      setOffer(null);
    },
    chapterActions,
    showProblem,
    dropDraft,
    setDetails: (patch: Partial<StoryDetails>) => dispatch({ type: 'details', patch }),
    setSettings: (patch: Partial<StorySettingsForm>) => dispatch({ type: 'settings', patch }),
    replaceCover: (file: File) => dispatch({ type: 'cover', change: { kind: 'replace', file } }),
    removeCover: () =>
      dispatch({
        type: 'cover',
        change: baseline.coverUrl ? { kind: 'remove' } : { kind: 'keep' },
      }),
  };
}

export type StoryForm = ReturnType<typeof useStoryForm>;
