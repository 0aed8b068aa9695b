/** Strings only the editor shows (those the API also sends are STORY_MESSAGES in @storyloom/shared). */
export const EDITOR_MESSAGES = {
  createFailed: 'Failed to create story. Please try again.',
  saveFailed: 'Failed to save changes. Please try again.',
  deleteFailed: 'Failed to delete story. Please try again.',
  loadFailed: 'Failed to load story',
  errorTitle: 'Error',
  storyCreatedDescription: (chapters: number) =>
    `Your story was published with ${chapters} ${chapters === 1 ? 'chapter' : 'chapters'}.`,
  storyUpdatedDescription: 'Your changes have been saved.',
  storyDeletedDescription: 'Your story and its chapters were deleted.',
  chapterMarkedTitle: 'Chapter marked as published',
  chapterMarkedDescription: 'Click Save Changes to publish it.',
  chapterScheduledTitle: 'Chapter scheduled',
  chapterScheduledDescription: 'Click Save Changes to keep the schedule.',
  unsavedChanges: 'Unsaved changes',
  visibilityPublicHint: 'Anyone can read your story',
  visibilityPrivateHint: 'Only you can see this story',
} as const;
