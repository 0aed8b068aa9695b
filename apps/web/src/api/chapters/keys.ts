import { storyKeys } from '../stories/keys';

/**
 * Query keys of chapters. A story's chapters sit under its own key, so whatever refreshes the
 * story (a save, a delete) refreshes its chapters too.
 */
export const chapterKeys = {
  byStory: (storyId: string, { publishedOnly }: { publishedOnly: boolean }) =>
    [...storyKeys.detail(storyId), 'chapters', { publishedOnly }] as const,
  /** The table of contents (`GET /stories/{id}/chapters`): titles, dates and words, no text. */
  contents: (storyId: string, { publishedOnly }: { publishedOnly: boolean }) =>
    [...storyKeys.detail(storyId), 'contents', { publishedOnly }] as const,
};
