import { DISCOVERY } from './constants.js';
import { groupDigits } from './format-number.js';

/** Discovery, search, the feed and reading progress. Zod-free, so the web can import strings alone. */
export const DISCOVERY_MESSAGES = {
  genreInvalid: 'Genre must be one of the story genres',
  sortInvalid: 'Sort must be latest, popular or trending',
  searchSortInvalid: 'Sort must be relevance, latest, popular or trending',
  pageTooDeep: `Only the first ${groupDigits(DISCOVERY.resultWindow)} results can be paged through; narrow the search`,
  storyIdMismatch: 'story_id does not match the chapter’s story',
  noStoriesFound: 'No stories found',
} as const;
