/** Query keys of reading lists (docs/decisions/033-reading-lists.md). Any change invalidates `all`. */
export const listKeys = {
  all: ['lists'] as const,
  /** `GET /lists/{id}`: the list's page header. */
  detail: (id: string) => ['lists', 'detail', id] as const,
  /** `GET /lists/{id}/stories`: one page of its stories. */
  stories: (id: string, page: number) => ['lists', 'detail', id, 'stories', page] as const,
  /** `GET /users/me/lists`, with `story_id` for the "Add to list" menu. */
  mine: (storyId?: string) => ['lists', 'mine', storyId ?? null] as const,
  /** `GET /users/{username}/lists`: on a profile. */
  ofUser: (username: string) => ['lists', 'user', username.toLowerCase()] as const,
  /** `GET /users/me/lists/following`. */
  following: (page: number) => ['lists', 'following', page] as const,
};

/** Stories per page on a list's page: three rows of four on a wide screen. */
export const LIST_PAGE_SIZE = 12;
