import type { Chapter, Story } from '@storyloom/shared';
import type { StoryDraft } from './drafts';
import type { Baseline, CoverChange, EditValues, SaveEvent } from './save-story';
import {
  type ChapterDraft,
  chapterFromServer,
  detailsFromStory,
  newChapter,
  type StoryDetails,
  type StorySettingsForm,
  sameChapters,
  sameDetails,
  sameSettings,
  settingsFromStory,
} from './story-form';

/** The edit form: what the author sees, what the server holds, and which chapter is open. */
export type EditState = {
  values: EditValues;
  baseline: Baseline;
  selectedKey: string;
  /** Bumped when chapter content is replaced from outside the editor (reload, restore). */
  revision: number;
};

export type EditAction =
  | { type: 'load'; story: Story; chapters: Chapter[] | null }
  | { type: 'details'; patch: Partial<StoryDetails> }
  | { type: 'settings'; patch: Partial<StorySettingsForm> }
  | { type: 'cover'; change: CoverChange }
  | { type: 'chapters'; chapters: ChapterDraft[]; select?: string }
  | { type: 'chapter'; key: string; patch: Partial<Omit<ChapterDraft, 'key'>> }
  | { type: 'select'; key: string }
  | { type: 'restore'; draft: StoryDraft }
  | { type: 'saved'; event: SaveEvent };

/**
 * From the loaded story and its chapters. `chapters` null means they failed to load: the form
 * falls back to a single empty new chapter (spec §8).
 */
export function loadState(
  story: Story,
  chapters: Chapter[] | null,
  previous?: EditState,
): EditState {
  const loaded = (chapters ?? []).map(chapterFromServer);
  const shown = loaded.length > 0 ? loaded : [newChapter(1)];
  const previousIndex = previous
    ? previous.values.chapters.findIndex((chapter) => chapter.key === previous.selectedKey)
    : 0;
  const selected = shown[Math.min(Math.max(previousIndex, 0), shown.length - 1)]!;
  const details = detailsFromStory(story);
  const settings = settingsFromStory(story);
  return {
    values: { details, settings, chapters: shown, cover: { kind: 'keep' } },
    baseline: {
      details,
      settings,
      chapters: loaded,
      coverUrl: story.cover_image,
      updatedAt: story.updated_at,
    },
    selectedKey: selected.key,
    revision: (previous?.revision ?? 0) + 1,
  };
}

function applySaved(state: EditState, event: SaveEvent): EditState {
  const { values, baseline } = state;
  switch (event.type) {
    case 'story-saved':
      return {
        ...state,
        baseline: {
          ...baseline,
          details: event.details,
          settings: event.settings,
          updatedAt: event.updatedAt,
        },
      };
    case 'cover-saved':
      return {
        ...state,
        values: { ...values, cover: { kind: 'keep' } },
        baseline: { ...baseline, coverUrl: event.coverUrl, updatedAt: event.updatedAt },
      };
    case 'chapter-created':
      return {
        ...state,
        values: {
          ...values,
          chapters: values.chapters.map((chapter) =>
            chapter.key === event.key ? { ...chapter, id: event.id } : chapter,
          ),
        },
      };
    case 'chapters-saved':
      return { ...state, baseline: { ...baseline, chapters: event.chapters } };
  }
}

export function editReducer(state: EditState, action: EditAction): EditState {
  const { values } = state;
  switch (action.type) {
    case 'load':
      return loadState(action.story, action.chapters, state);
    case 'details':
      return { ...state, values: { ...values, details: { ...values.details, ...action.patch } } };
    case 'settings':
      return { ...state, values: { ...values, settings: { ...values.settings, ...action.patch } } };
    case 'cover':
      return { ...state, values: { ...values, cover: action.change } };
    case 'chapters':
      return {
        ...state,
        values: { ...values, chapters: action.chapters },
        selectedKey: action.select ?? state.selectedKey,
      };
    case 'chapter':
      return {
        ...state,
        values: {
          ...values,
          chapters: values.chapters.map((chapter) =>
            chapter.key === action.key ? { ...chapter, ...action.patch } : chapter,
          ),
        },
      };
    case 'select':
      return { ...state, selectedKey: action.key };
    case 'restore': {
      const known = new Set(state.baseline.chapters.map((chapter) => chapter.id));
      const chapters = action.draft.chapters.map((chapter) =>
        chapter.id && known.has(chapter.id) ? chapter : { ...chapter, id: null },
      );
      const shown = chapters.length > 0 ? chapters : values.chapters;
      return {
        ...state,
        values: {
          ...values,
          details: action.draft.details,
          settings: action.draft.settings,
          chapters: shown,
        },
        selectedKey: shown[0]!.key,
        revision: state.revision + 1,
      };
    }
    case 'saved':
      return applySaved(state, action.event);
  }
}

/**
 * A stored draft is offered back when it is newer than what the server holds (started from
 * this version, or written after it) and differs from it.
 */
export function offerableDraft(draft: StoryDraft | null, state: EditState): StoryDraft | null {
  if (!draft) return null;
  const { baseline, values } = state;
  const newer =
    draft.baseUpdatedAt === baseline.updatedAt ||
    Date.parse(draft.savedAt) > Date.parse(baseline.updatedAt);
  const differs =
    !sameDetails(draft.details, values.details) ||
    !sameSettings(draft.settings, values.settings) ||
    !sameChapters(draft.chapters, values.chapters);
  return newer && differs ? draft : null;
}
