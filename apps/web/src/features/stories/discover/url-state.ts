import {
  COMPLETION_STATUSES,
  type CompletionStatus,
  FILTER_LIMITS,
  GENRES,
  type Genre,
  LIMITS,
  RATINGS,
  type Rating,
  STORY_LANGUAGES,
  STORY_SORTS,
  type StoryLanguage,
  type StorySort,
  tagKeys,
} from '@storyloom/shared';

export type DiscoverView = 'grid' | 'list';
/** What a query searches: stories (title, description, tags, author) or chapter text. */
export type DiscoverMode = 'stories' | 'text';

/**
 * The filters of the list (docs/decisions/031-story-filters.md), in the URL as `GET /stories`
 * takes them: tags, exclude_tags, rating, status, language, words_min, words_max.
 */
export type DiscoverFilters = {
  tags: string[];
  exclude: string[];
  ratings: Rating[];
  status: CompletionStatus | undefined;
  language: StoryLanguage | undefined;
  wordsMin: number | undefined;
  wordsMax: number | undefined;
};

export const NO_FILTERS: DiscoverFilters = {
  tags: [],
  exclude: [],
  ratings: [],
  status: undefined,
  language: undefined,
  wordsMin: undefined,
  wordsMax: undefined,
};

/** Discover's state, all of it in the URL: q, mode, genre, sort, the filters, page (from 1) and view. */
export type DiscoverState = {
  q: string;
  /** `in=text` in the URL: "In chapter text" (decision 032). */
  mode: DiscoverMode;
  genre: Genre | undefined;
  sort: StorySort | undefined;
  filters: DiscoverFilters;
  page: number;
  view: DiscoverView;
};

/** Whether any of the filters is set. */
export const anyFilter = (filters: DiscoverFilters): boolean =>
  filters.tags.length > 0 ||
  filters.exclude.length > 0 ||
  filters.ratings.length > 0 ||
  filters.status !== undefined ||
  filters.language !== undefined ||
  filters.wordsMin !== undefined ||
  filters.wordsMax !== undefined;

const tagsOf = (value: string | null) =>
  tagKeys(value ?? '')
    .filter((tag) => tag.length <= LIMITS.tagMax)
    .slice(0, FILTER_LIMITS.tagsMax);

const wordsOf = (value: string | null): number | undefined => {
  const text = value?.trim() ?? '';
  if (!/^\d{1,9}$/.test(text)) return undefined;
  const n = Number(text);
  return n <= FILTER_LIMITS.wordsMax ? n : undefined;
};

/** The filters in a URL; what the API would refuse is dropped or put right instead. */
export function readFilters(params: URLSearchParams): DiscoverFilters {
  const tags = tagsOf(params.get('tags'));
  const exclude = tagsOf(params.get('exclude_tags')).filter((tag) => !tags.includes(tag));
  const ratingKeys = (params.get('rating') ?? '').toLowerCase().split(',');
  const status = params.get('status')?.trim().toLowerCase();
  const language = params.get('language')?.trim().toLowerCase();
  let wordsMin = wordsOf(params.get('words_min'));
  let wordsMax = wordsOf(params.get('words_max'));
  if (wordsMin !== undefined && wordsMax !== undefined && wordsMin > wordsMax)
    [wordsMin, wordsMax] = [wordsMax, wordsMin];
  return {
    tags,
    exclude,
    ratings: RATINGS.filter((rating) => ratingKeys.some((key) => key.trim() === rating)),
    status: COMPLETION_STATUSES.find((s) => s === status),
    language: STORY_LANGUAGES.find((l) => l.toLowerCase() === language),
    wordsMin,
    wordsMax,
  };
}

/** The filters as `GET /stories` query parameters (and the page's URL): only those set. */
export function filterParams(filters: DiscoverFilters): Record<string, string> {
  const out: Record<string, string> = {};
  if (filters.tags.length > 0) out.tags = filters.tags.join(',');
  if (filters.exclude.length > 0) out.exclude_tags = filters.exclude.join(',');
  if (filters.ratings.length > 0) out.rating = filters.ratings.join(',');
  if (filters.status) out.status = filters.status;
  if (filters.language) out.language = filters.language;
  if (filters.wordsMin !== undefined) out.words_min = String(filters.wordsMin);
  if (filters.wordsMax !== undefined) out.words_max = String(filters.wordsMax);
  return out;
}

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
    filters: readFilters(params),
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
  for (const [key, value] of Object.entries(filterParams(state.filters))) params.set(key, value);
  if (state.page > 1) params.set('page', String(state.page));
  if (state.view !== 'grid') params.set('view', state.view);
  return params;
}

/**
 * The state after changing filters: any change of q, mode, genre, sort or the filters starts
 * again at page 1; the view and the page itself keep everything else.
 */
export function nextDiscoverState(
  state: DiscoverState,
  change: Partial<DiscoverState>,
): DiscoverState {
  const filtersChanged =
    ('q' in change && change.q !== state.q) ||
    ('mode' in change && change.mode !== state.mode) ||
    ('genre' in change && change.genre !== state.genre) ||
    ('sort' in change && change.sort !== state.sort) ||
    ('filters' in change &&
      JSON.stringify(filterParams(change.filters ?? NO_FILTERS)) !==
        JSON.stringify(filterParams(state.filters)));
  return { ...state, ...change, ...(filtersChanged && !('page' in change) ? { page: 1 } : {}) };
}

export const SORT_LABELS: Record<StorySort, string> = {
  latest: 'Latest',
  popular: 'Most Popular',
  trending: 'Trending',
};

/** What the results query asks for: the filters go to `GET /stories` only (not to search). */
export const discoverParamsOf = (state: DiscoverState) => ({
  q: state.q,
  genre: state.genre,
  sort: state.sort,
  page: state.page,
  ...(state.q ? {} : { filters: filterParams(state.filters) }),
});
