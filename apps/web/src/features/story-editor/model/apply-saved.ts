import type { EditorState } from './editor-state';
import type { SaveEvent } from './save-story';

/**
 * A step of a save that went through: the baseline moves to what the server now holds, so a
 * retry after a later failure repeats nothing.
 */
export function applySaved(state: EditorState, event: SaveEvent): EditorState {
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
