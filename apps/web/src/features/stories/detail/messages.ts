import { groupDigits } from '@storyloom/shared';

/** The story page's strings. */
export const DETAIL_MESSAGES = {
  errorTitle: 'Error',
  loadFailed: 'Failed to load story details',
  linkCopied: 'Link copied!',
  copyFailedTitle: 'Could not copy the link',
  startReading: 'Start Reading',
  continueReading: 'Continue Reading',
  read: 'Read',
  editStory: 'Edit Story',
  share: 'Share',
  moreLikeThis: 'More Like This',
  browseStories: 'Browse Stories',
  noBio: 'This author has not written a bio yet.',
  noDescription: 'The author has not added a summary yet.',
  contents: 'Table of Contents',
  contentsFailed: 'Could not load the chapters.',
  tryAgain: 'Try again',
  noChapters: 'No chapters have been published yet.',
  noChaptersOwner: 'No chapter is published yet, so readers have nothing to open.',
  draft: 'Draft',
  notPublished: 'Not published',
  scheduled: 'Scheduled',
  scheduledFor: (when: string) => `Scheduled for ${when}`,
  lastRead: 'Last read',
  showFewer: 'Show fewer chapters',
} as const;

export const plural = (count: number, one: string, many: string) =>
  `${groupDigits(count)} ${count === 1 ? one : many}`;

/** "Show all 42 chapters", and the author's drafts when there are any ("… and 1 draft"). */
export const showAllChapters = (chapters: number, drafts: number) =>
  `Show all ${plural(chapters, 'chapter', 'chapters')}${drafts > 0 ? ` and ${plural(drafts, 'draft', 'drafts')}` : ''}`;

/** "42 chapters", and for the author "42 chapters · 1 draft". */
export const chapterCount = (chapters: number, drafts: number) =>
  `${plural(chapters, 'chapter', 'chapters')}${drafts > 0 ? ` · ${plural(drafts, 'draft', 'drafts')}` : ''}`;
