import { LIMITS } from './constants.js';

/** Reading lists (issue 23): the API's errors and confirmations, and the web's labels. */
export const LIST_MESSAGES = {
  notFound: 'Reading list not found',
  notYours: 'You can only change your own reading lists',
  nameRequired: 'Please enter a name for the list',
  nameMax: `List name must be at most ${LIMITS.listNameMax} characters`,
  descriptionMax: `Description must be at most ${LIMITS.listDescriptionMax} characters`,
  visibilityInvalid: 'Visibility must be public or private',
  tooManyLists: `You can have at most ${LIMITS.listsPerUser} reading lists`,
  tooManyStories: `A reading list can hold at most ${LIMITS.storiesPerList} stories`,
  notInList: 'That story is not in this list',
  moveTarget: 'Give exactly one of before or after: a story in this list',
  orderInvalid: 'The order must name each of your lists exactly once',
  cannotFollowOwn: 'You can’t follow your own list',
  followBlocked: 'You can’t follow this list',
  created: 'Reading list created',
  updated: 'Reading list updated',
  deleted: 'Reading list deleted',
  added: (name: string) => `Added to ${name}`,
  removed: (name: string) => `Removed from ${name}`,
  followed: 'Following the list',
  unfollowed: 'Unfollowed the list',
} as const;
