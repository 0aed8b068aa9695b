import { LIMITS } from './constants.js';

/** Series (issue 22): the API's errors and confirmations, and the web's labels. */
export const SERIES_MESSAGES = {
  notFound: 'Series not found',
  notYours: 'You can only change your own series',
  titleRequired: 'Please enter a title for the series',
  titleMax: `Series title must be at most ${LIMITS.seriesTitleMax} characters`,
  descriptionMax: `Description must be at most ${LIMITS.seriesDescriptionMax} characters`,
  tooMany: `A series can have at most ${LIMITS.storiesPerSeries} parts`,
  duplicate: 'A story can be in the series only once',
  storyMissing: 'Story not found',
  notYourStory: 'You can only add your own stories',
  inAnotherSeries: (title: string) => `This story is already in the series “${title}”`,
  storiesInvalid: 'Stories must be a list of story ids',
  created: 'Series created',
  updated: 'Series updated',
  deleted: 'Series deleted',
  /** "Part 2 of The Saltmarsh Saga" */
  partOf: (part: number, title: string) => `Part ${part} of ${title}`,
} as const;
