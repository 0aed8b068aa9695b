import { MESSAGES, STORY_MESSAGES } from '@storyloom/shared';
import type { ChapterRow, StoryRow } from '../../db/types.js';
import { AppError, forbidden, notFound } from '../../lib/errors.js';

/**
 * Who may read and change stories and chapters. Every route asks here; nothing else decides.
 * Private stories and unpublished chapters exist for their author only. A story the moderators
 * hid is private while hidden and answers everyone else as if it did not exist; a hidden chapter
 * is unpublished (docs/decisions/025-moderation.md).
 */
type Viewer = { id: string } | null;
type StoryRef = Pick<StoryRow, 'author_id' | 'visibility'> & { hidden_at?: string | null };

export const isAuthor = (viewer: Viewer, story: StoryRef): boolean =>
  viewer !== null && viewer.id === story.author_id;

export const canRead = (viewer: Viewer, story: StoryRef): boolean =>
  story.visibility === 'public' || isAuthor(viewer, story);

export const canEdit = (viewer: Viewer, story: StoryRef): boolean => isAuthor(viewer, story);

export const canReadChapter = (
  viewer: Viewer,
  story: StoryRef,
  chapter: Pick<ChapterRow, 'published'>,
): boolean => canRead(viewer, story) && (chapter.published === 1 || isAuthor(viewer, story));

/** Drafts are listed for the author only; anyone else silently gets published chapters. */
export const seesDrafts = (viewer: Viewer, story: StoryRef): boolean => isAuthor(viewer, story);

export const storyNotFound = () => notFound(MESSAGES.storyNotFound);
/** A private story answers everyone but its author like this, with no story fields. */
export const storyPrivate = () => new AppError(404, 'story_private', MESSAGES.storyPrivate);
export const chapterNotFound = () => notFound(STORY_MESSAGES.chapterNotFound);

export function assertCanRead(viewer: Viewer, story: StoryRow | undefined): asserts story {
  if (!story) throw storyNotFound();
  if (!canRead(viewer, story)) throw story.hidden_at ? storyNotFound() : storyPrivate();
}

/** Another user gets 403, unless the story is private to them: then the same 404 as reading. */
export function assertCanEdit(viewer: Viewer, story: StoryRow | undefined): asserts story {
  assertCanRead(viewer, story);
  if (!canEdit(viewer, story)) throw forbidden(STORY_MESSAGES.notYourStory);
}

export function assertCanReadChapter(
  viewer: Viewer,
  story: StoryRow | undefined,
  chapter: Pick<ChapterRow, 'published'>,
): asserts story {
  assertCanRead(viewer, story);
  if (!canReadChapter(viewer, story, chapter)) throw chapterNotFound();
}

export function assertCanEditChapter(
  viewer: Viewer,
  story: StoryRow | undefined,
  chapter: ChapterRow,
): asserts story {
  assertCanReadChapter(viewer, story, chapter);
  if (!canEdit(viewer, story)) throw forbidden(STORY_MESSAGES.notYourStory);
}
