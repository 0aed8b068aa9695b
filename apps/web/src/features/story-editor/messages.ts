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
  storyDeletedDescription: 'It is in Recently deleted, under My Stories, for 30 days.',
  chaptersTrashedDescription: (count: number) =>
    `Your changes have been saved. ${count === 1 ? 'The deleted chapter is' : `The ${count} deleted chapters are`} in Recently deleted for 30 days.`,
  restoreFailed: 'Could not restore it. Please try again from Recently deleted.',
  chapterMarkedTitle: 'Chapter marked as published',
  chapterMarkedDescription: 'Click Save Changes to publish it.',
  chapterScheduledTitle: 'Chapter scheduled',
  chapterScheduledDescription: 'Click Save Changes to keep the schedule.',
  unsavedChanges: 'Unsaved changes',
  visibilityPublicHint: 'Anyone can read your story',
  visibilityPrivateHint: 'Only you can see this story',
  historyLoadFailed: 'Could not load the history. Please try again.',
  revisionRestoreFailed: 'Could not restore this revision. Please try again.',
  restoreDescription: 'The chapter now reads as it did then. Its previous text is kept in History.',
  restoreNeedsSave: 'Save or undo your changes to this chapter before restoring a revision.',
} as const;
