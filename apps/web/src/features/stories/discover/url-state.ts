import { GENRES, type Genre, STORY_SORTS, type StorySort } from '@storyloom/shared';

export type DiscoverView = 'grid' | 'list';
/** What a query searches: stories (title, description, tags, author) or chapter text. */
export type DiscoverMode = 'stories' | 'text';

/** Discover's state, all of it in the URL: q, mode, genre, sort, page (from 1) and view. */
export type DiscoverState = {
  q: string;
  /** `in=text` in the URL: "In chapter text" (decision 032). */
  mode: DiscoverMode;
  genre: Genre | undefined;
  sort: StorySort | undefined;
  page: number;
  view: DiscoverView;
};

const GENRE_BY_KEY = new Map<string, Genre>(GENRES.map((genre) => [genre.toLowerCase(), genre]));

/** Reads the URL; anything unknown falls back to the default instead of failing the page. */
export function readDiscoverState(params: URLSearchParams): DiscoverState {
  const genreKey = params.get('genre')?.trim().toLowerCase() ?? '';
  const sort = params.get('sort')?.trim().toLowerCase() ?? '';
  const page = Number.parseInt(params.get('page') ?? '', 10);
  return {
    q: params.get('q')?.trim() ?? '',
    mode: params.get('in') === 'text' ? 'text' : 'stories',
    genre: GENRE_BY_KEY.get(genreKey),
    sort: (STORY_SORTS as readonly string[]).includes(sort) ? (sort as StorySort) : undefined,
    page: Number.isFinite(page) && page >= 1 ? page : 1,
    view: params.get('view') === 'list' ? 'list' : 'grid',
  };
}

/** The URL for a state; defaults are left out so links stay short (page 1, grid). */
export function writeDiscoverState(state: DiscoverState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.q) params.set('q', state.q);
  if (state.mode === 'text') params.set('in', 'text');
  if (state.genre) params.set('genre', state.genre);
  if (state.sort) params.set('sort', state.sort);
  if (state.page > 1) params.set('page', String(state.page));
  if (state.view !== 'grid') params.set('view', state.view);
  return params;
}

/**
 * The state after changing filters: any change of q, mode, genre or sort starts again at page 1; the
 * view and the page itself keep everything else.
 */
export function nextDiscoverState(
  state: DiscoverState,
  change: Partial<DiscoverState>,
): DiscoverState {
  const filtersChanged =
    ('q' in change && change.q !== state.q) ||
    ('mode' in change && change.mode !== state.mode) ||
    ('genre' in change && change.genre !== state.genre) ||
    ('sort' in change && change.sort !== state.sort);
  return { ...state, ...change, ...(filtersChanged && !('page' in change) ? { page: 1 } : {}) };
}

export const SORT_LABELS: Record<StorySort, string> = {
  latest: 'Latest',
  popular: 'Most Popular',
  trending: 'Trending',
};
