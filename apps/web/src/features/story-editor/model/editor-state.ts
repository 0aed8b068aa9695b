import type { Chapter, Story, Visibility } from '@storyloom/shared';
import { applySaved } from './apply-saved';
import type { StoryDraft } from './drafts';
import type { Baseline, CoverChange, EditValues, SaveEvent } from './save-story';
import {
  type ChapterDraft,
  chapterFromServer,
  DEFAULT_SETTINGS,
  detailsFromStory,
  emptyDetails,
  newChapter,
  type StoryDetails,
  type StorySettingsForm,
  settingsFromStory,
} from './story-form';

/**
 * The story form, for a new story and for an existing one alike: what the author sees
 * (`values`), what the server holds (`baseline`), and which chapter is open. A new story is the
 * empty baseline: no server version, no chapters, no cover.
 */
export type EditorState = {
  values: EditValues;
  baseline: Baseline;
  selectedKey: string;
  /** Bumped when chapter content is replaced from outside the editor (reload, restore). */
  revision: number;
  /** The author picked a visibility: the default from their settings no longer applies. */
  visibilityChosen: boolean;
};

export type EditorAction =
  | { type: 'load'; story: Story; chapters: Chapter[] | null }
  | { type: 'default-visibility'; visibility: Visibility }
  | { type: 'details'; patch: Partial<StoryDetails> }
  | { type: 'settings'; patch: Partial<StorySettingsForm> }
  | { type: 'cover'; change: CoverChange }
  | { type: 'chapters'; chapters: ChapterDraft[]; select?: string }
  | { type: 'chapter'; key: string; patch: Partial<Omit<ChapterDraft, 'key'>> }
  | { type: 'select'; key: string }
  | { type: 'restore'; draft: StoryDraft }
  | { type: 'saved'; event: SaveEvent }
  | { type: 'revision-restored'; chapter: Chapter };

/** The story is not on the server yet: it is created, chapters and all, in one call. */
export const isNewStory = (baseline: Baseline) => baseline.updatedAt === null;

/** The form of a new story: one empty chapter, published with the story when it is created. */
export function newStoryState(): EditorState {
  const first = newChapter(1, true);
  return {
    values: {
      details: emptyDetails(),
      settings: DEFAULT_SETTINGS,
      chapters: [first],
      cover: { kind: 'keep' },
    },
    baseline: {
      details: emptyDetails(),
      settings: DEFAULT_SETTINGS,
      chapters: [],
      coverUrl: null,
      updatedAt: null,
    },
    selectedKey: first.key,
    revision: 0,
    visibilityChosen: false,
  };
}

/**
 * From the loaded story and its chapters. `chapters` null means they failed to load: the form
 * falls back to a single empty new chapter.
 */
export function loadState(
  story: Story,
  chapters: Chapter[] | null,
  previous?: EditorState,
): EditorState {
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
    visibilityChosen: true,
  };
}

/**
 * A draft's work over the form. Chapters the server no longer has become new ones; in a new
 * story every chapter is published with it.
 */
function restore(state: EditorState, draft: StoryDraft): EditorState {
  const { values, baseline } = state;
  const known = new Set(baseline.chapters.map((chapter) => chapter.id));
  const publishAll = isNewStory(baseline);
  const chapters = draft.chapters.map((chapter) => ({
    ...chapter,
    id: chapter.id && known.has(chapter.id) ? chapter.id : null,
    published: publishAll || chapter.published,
  }));
  const shown = chapters.length > 0 ? chapters : values.chapters;
  return {
    ...state,
    values: { ...values, details: draft.details, settings: draft.settings, chapters: shown },
    selectedKey: shown[0]!.key,
    revision: state.revision + 1,
    visibilityChosen: true,
  };
}

/** The chapter has edits the server does not hold (or is not on the server yet). */
export function chapterIsDirty(chapter: ChapterDraft, baseline: Baseline): boolean {
  const saved = chapter.id ? baseline.chapters.find((c) => c.id === chapter.id) : undefined;
  return !saved || saved.title !== chapter.title || saved.content !== chapter.content;
}

/**
 * A revision restored on the server (History panel): that chapter's title and text, in the
 * form and in the baseline, and the editor starts over from them. Other unsaved work stays.
 */
function revisionRestored(state: EditorState, restored: Chapter): EditorState {
  const { values, baseline } = state;
  const patch = { title: restored.title, content: restored.content };
  const apply = (chapter: ChapterDraft) =>
    chapter.id === restored.id ? { ...chapter, ...patch } : chapter;
  return {
    ...state,
    values: { ...values, chapters: values.chapters.map(apply) },
    baseline: { ...baseline, chapters: baseline.chapters.map(apply) },
    revision: state.revision + 1,
  };
}

export function editReducer(state: EditorState, action: EditorAction): EditorState {
  const { values } = state;
  switch (action.type) {
    case 'load':
      return loadState(action.story, action.chapters, state);
    case 'default-visibility':
      if (state.visibilityChosen) return state;
      return {
        ...state,
        values: { ...values, details: { ...values.details, visibility: action.visibility } },
      };
    case 'details':
      return {
        ...state,
        values: { ...values, details: { ...values.details, ...action.patch } },
        visibilityChosen: state.visibilityChosen || action.patch.visibility !== undefined,
      };
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
    case 'restore':
      return restore(state, action.draft);
    case 'saved':
      return applySaved(state, action.event);
    case 'revision-restored':
      return revisionRestored(state, action.chapter);
  }
}
