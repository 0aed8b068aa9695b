import { isBlankHtml } from './content';
import type { StoryDraft } from './drafts';
import { type EditorState, isNewStory } from './editor-state';
import { type Baseline, type EditValues, isDirty } from './save-story';
import {
  type ChapterDraft,
  type StoryDetails,
  sameChapters,
  sameDetails,
  sameSettings,
} from './story-form';

/** Anything worth keeping in a new story: a draft of an untouched form is not kept. */
export const hasWork = (details: StoryDetails, chapters: readonly ChapterDraft[]) =>
  details.title.trim() !== '' ||
  details.description.trim() !== '' ||
  details.genre !== '' ||
  details.tags.length > 0 ||
  chapters.length > 1 ||
  chapters.some((chapter) => !isBlankHtml(chapter.content));

/**
 * What to keep in browser storage: a new story's work, an existing story's unsaved changes;
 * null when there is nothing to keep.
 */
export function draftToKeep(
  values: EditValues,
  baseline: Baseline,
): Omit<StoryDraft, 'savedAt'> | null {
  const keep = isNewStory(baseline)
    ? hasWork(values.details, values.chapters)
    : isDirty(values, baseline);
  if (!keep) return null;
  return {
    baseUpdatedAt: baseline.updatedAt,
    details: values.details,
    settings: values.settings,
    chapters: values.chapters,
  };
}

/**
 * A stored draft is offered back when it holds work: for a new story, any; for an existing one,
 * when it is newer than what the server holds (started from this version, or written after it)
 * and differs from it.
 */
export function offerableDraft(draft: StoryDraft | null, state: EditorState): StoryDraft | null {
  if (!draft) return null;
  const { baseline, values } = state;
  if (baseline.updatedAt === null) return hasWork(draft.details, draft.chapters) ? draft : null;
  const newer =
    draft.baseUpdatedAt === baseline.updatedAt ||
    Date.parse(draft.savedAt) > Date.parse(baseline.updatedAt);
  const differs =
    !sameDetails(draft.details, values.details) ||
    !sameSettings(draft.settings, values.settings) ||
    !sameChapters(draft.chapters, values.chapters);
  return newer && differs ? draft : null;
}
