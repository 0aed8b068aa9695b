import type { Genre, StorySort } from '@storyloom/shared';

/** What `GET /stories` lists: one of the list orders, a page of `limit`, maybe one genre. */
export type StoryListParams = {
  sort: StorySort;
  limit: number;
  page?: number;
  genre?: Genre | undefined;
};

/** What Discover asks for: a search when `q` is set, else a list, maybe filtered. */
export type DiscoverParams = {
  q: string;
  genre: Genre | undefined;
  sort: StorySort | undefined;
  page: number;
  /** `GET /stories`' filters (tags, exclude_tags, rating, …) as query parameters; lists only. */
  filters?: Record<string, string>;
};

/**
 * Query keys of stories. Everything about a story sits under `['stories', id]` (its chapters
 * too, api/chapters/keys.ts), and every list under `['stories']`, so invalidating `all` after a
 * create, save or delete refreshes every page that shows stories.
 */
export const storyKeys = {
  all: ['stories'] as const,
  /** `GET /stories/{id}`: the story page, the reader and the editor share this entry. */
  detail: (id: string) => ['stories', id] as const,
  similar: (id: string) => ['stories', id, 'similar'] as const,
  /** `GET /stories/{id}/stats`: the author's Stats view, per window. */
  stats: (id: string, days: number) => ['stories', id, 'stats', days] as const,
  /** `GET /home`: the home page's sections. */
  home: ['stories', 'home'] as const,
  list: (params: StoryListParams) => ['stories', 'list', params] as const,
  discover: (params: DiscoverParams) =>
    ['stories', params.q ? 'search' : 'list', 'discover', params] as const,
};
