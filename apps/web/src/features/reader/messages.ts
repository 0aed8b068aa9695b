/** The reader's strings. */
export const READER_MESSAGES = {
  errorTitle: 'Error',
  loadFailed: 'Failed to load story content',
  offlineTitle: 'Not available offline',
  offline:
    'This story is not kept on this device. Keep stories offline from your library while you have a connection.',
  noChaptersTitle: 'No Chapters',
  noChapters: "This story doesn't have any published chapters yet",
  emptyChapter: 'No content available for this chapter.',
  endTitle: "You've reached the end!",
  backToStory: 'Back to Story',
  browseMore: 'Browse More Stories',
  previous: 'Previous',
  next: 'Next',
  chapters: 'Chapters',
  settingsTitle: 'Reading Settings',
  resetDefaults: 'Reset to Default',
  done: 'Done',
  chapterProgress: 'Chapter progress',
  themeFollowsSite:
    'Until you pick one, the page follows the site: Light on a light site, Dark on a dark one.',
} as const;

export const chapterOf = (n: number, total: number) => `Chapter ${n} of ${total}`;
