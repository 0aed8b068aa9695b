/**
 * Story ratings and warnings (issue 21, docs/decisions/023-ratings.md), as readers of the
 * Archive of Our Own know them. Free of zod, so the web bundle can use them as they are.
 */

/** Every story has one rating; Mature and Explicit are "mature content". */
export const RATINGS = ['general', 'teen', 'mature', 'explicit'] as const;
export type Rating = (typeof RATINGS)[number];

/** What a list shows to visitors and to readers who have not turned on Show mature content. */
export const ALL_AGES_RATINGS = ['general', 'teen'] as const satisfies readonly Rating[];

export const RATING_LABELS: Record<Rating, string> = {
  general: 'General',
  teen: 'Teen',
  mature: 'Mature',
  explicit: 'Explicit',
};

/** What each rating means, for the editor's select. */
export const RATING_DESCRIPTIONS: Record<Rating, string> = {
  general: 'Suitable for all readers',
  teen: 'May not be suitable for readers under 13',
  mature: 'Adult themes, not for readers under 18',
  explicit: 'Explicit adult content, for adults only',
};

export const isMatureRating = (rating: Rating): boolean =>
  rating === 'mature' || rating === 'explicit';

/** Optional warnings an author picks; a story may have any of them, each once. */
export const STORY_WARNINGS = [
  'violence',
  'sexual_content',
  'self_harm',
  'major_character_death',
  'abuse',
  'substance_use',
] as const;
export type StoryWarning = (typeof STORY_WARNINGS)[number];

export const WARNING_LABELS: Record<StoryWarning, string> = {
  violence: 'Graphic violence',
  sexual_content: 'Sexual content',
  self_harm: 'Self-harm or suicide',
  major_character_death: 'Major character death',
  abuse: 'Abuse',
  substance_use: 'Drug or alcohol use',
};

export const RATING_MESSAGES = {
  ratingInvalid: `Rating must be one of: ${RATINGS.join(', ')}`,
  warningInvalid: `Warnings must be among: ${STORY_WARNINGS.join(', ')}`,
  noticeTitle: (rating: Rating) => `This story is rated ${RATING_LABELS[rating]}`,
  noticeBody:
    'It may contain material that some readers would rather not see. Show mature content in Settings → Display to skip this notice.',
  noticeContinue: 'Continue',
  noticeGoBack: 'Go back',
} as const;
