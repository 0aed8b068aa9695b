/** The story page's strings. */
export const DETAIL_MESSAGES = {
  errorTitle: 'Error',
  loadFailed: 'Failed to load story details',
  linkCopied: 'Link copied!',
  copyFailedTitle: 'Could not copy the link',
  startReading: 'Start Reading',
  continueReading: 'Continue Reading',
  editStory: 'Edit Story',
  share: 'Share',
  moreLikeThis: 'More Like This',
  browseStories: 'Browse Stories',
  noBio: 'This author has not written a bio yet.',
  noDescription: 'The author has not added a summary yet.',
} as const;
