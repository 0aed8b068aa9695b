import {
  COMPLETION_STATUS_LABELS,
  DISCOVER_GENRES,
  FILTER_MESSAGES,
  RATING_LABELS,
  STORY_SORTS,
  type StorySort,
} from '@storyloom/shared';
import { clsx } from 'clsx';
import { Search, X } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { ViewToggle } from '../../../components/story/view-toggle';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import {
  type DiscoverFilters,
  type DiscoverMode,
  type DiscoverState,
  SORT_LABELS,
} from './url-state';

type FilterBarProps = {
  state: DiscoverState;
  onChange: (change: Partial<DiscoverState>) => void;
  /** The Filters button (filter-panel.tsx), placed with the selects. */
  filterButton?: ReactNode;
};

const SEARCH_MODES: [DiscoverMode, string][] = [
  ['stories', 'Stories'],
  ['text', 'In chapter text'],
];

/**
 * The search box with what it searches (stories, or chapter text), and for stories the genre
 * and sort selects, the Filters button and the grid/list toggle.
 */
export function FilterBar({ state, onChange, filterButton }: FilterBarProps) {
  const id = useId();
  // A genre reached from a link (e.g. Poetry on the home page) stays selectable.
  const genres: readonly string[] =
    state.genre && !(DISCOVER_GENRES as readonly string[]).includes(state.genre)
      ? [...DISCOVER_GENRES, state.genre]
      : DISCOVER_GENRES;

  return (
    <div className="flex flex-col gap-3 lg:flex-row lg:items-start">
      {/* On a wide screen the selects' labels stand above them: the search box starts that much
          lower, level with the selects, and the search mode hangs below it. */}
      <search className={clsx('flex-1', state.mode !== 'text' && 'lg:pt-5')}>
        <form
          className="flex gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            const value = new FormData(event.currentTarget).get('q');
            onChange({ q: typeof value === 'string' ? value.trim() : '' });
          }}
        >
          <label htmlFor={`${id}-q`} className="sr-only">
            Search stories
          </label>
          <div className="relative flex-1">
            <Search
              className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden="true"
            />
            <Input
              // Re-mounted when the URL's query changes, so back/forward show the right text.
              key={state.q}
              id={`${id}-q`}
              name="q"
              type="search"
              defaultValue={state.q}
              placeholder={
                state.mode === 'text'
                  ? 'Words or a "quoted phrase"...'
                  : 'Search stories, authors...'
              }
              className="pl-9"
              data-testid="discover-search"
            />
          </div>
          <Button type="submit">Search</Button>
        </form>
        <fieldset
          className="mt-2 inline-flex gap-1 rounded-lg bg-muted p-1 text-sm"
          data-testid="search-mode"
        >
          <legend className="sr-only">Search in</legend>
          {SEARCH_MODES.map(([mode, label]) => (
            <button
              key={mode}
              type="button"
              aria-pressed={state.mode === mode}
              onClick={() => onChange({ mode })}
              className="rounded-md px-3 py-1 font-medium text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring aria-pressed:bg-background aria-pressed:text-foreground aria-pressed:shadow-sm"
            >
              {label}
            </button>
          ))}
        </fieldset>
      </search>
      {/* Chapter text results come newest first, in every genre: nothing to choose. */}
      <div className="grid grid-cols-2 gap-2 sm:flex sm:items-end" hidden={state.mode === 'text'}>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-genre`} className="text-xs font-medium text-muted-foreground">
            Genre
          </label>
          <Select
            id={`${id}-genre`}
            value={state.genre ?? ''}
            onChange={(event) =>
              onChange({ genre: (event.target.value || undefined) as DiscoverState['genre'] })
            }
            className="sm:w-44"
            data-testid="genre-select"
          >
            <option value="">All</option>
            {genres.map((genre) => (
              <option key={genre} value={genre}>
                {genre}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-sort`} className="text-xs font-medium text-muted-foreground">
            Sort by
          </label>
          <Select
            id={`${id}-sort`}
            value={state.sort ?? (state.q ? '' : 'latest')}
            onChange={(event) =>
              onChange({ sort: (event.target.value || undefined) as StorySort | undefined })
            }
            className="sm:w-44"
            data-testid="sort-select"
          >
            {/* Without a choice a search ranks by relevance (browsing shows the latest). */}
            {state.q ? <option value="">Most Relevant</option> : null}
            {STORY_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {SORT_LABELS[sort]}
              </option>
            ))}
          </Select>
        </div>
        {filterButton ? (
          <div className="flex items-end [&>button]:w-full sm:[&>button]:w-auto">
            {filterButton}
          </div>
        ) : null}
        <ViewToggle
          view={state.view}
          onChange={(view) => onChange({ view })}
          className={filterButton ? undefined : 'col-span-2 sm:col-span-1'}
        />
      </div>
    </div>
  );
}

type Chip = { key: string; label: string; clear: Partial<DiscoverState> };

/** One chip per tag, per excluded tag, and one for each other filter set. */
function filterChips(filters: DiscoverFilters): Chip[] {
  const without = (change: Partial<DiscoverFilters>) => ({ filters: { ...filters, ...change } });
  const words = filters.wordsMin !== undefined || filters.wordsMax !== undefined;
  return [
    ...filters.tags.map((tag) => ({
      key: `tag-${tag}`,
      label: FILTER_MESSAGES.chipTag(tag),
      clear: without({ tags: filters.tags.filter((t) => t !== tag) }),
    })),
    ...filters.exclude.map((tag) => ({
      key: `exclude-${tag}`,
      label: FILTER_MESSAGES.chipExclude(tag),
      clear: without({ exclude: filters.exclude.filter((t) => t !== tag) }),
    })),
    ...(filters.ratings.length > 0
      ? [
          {
            key: 'rating',
            label: `Rating: ${filters.ratings.map((r) => RATING_LABELS[r]).join(', ')}`,
            clear: without({ ratings: [] }),
          },
        ]
      : []),
    ...(filters.status
      ? [
          {
            key: 'status',
            label: COMPLETION_STATUS_LABELS[filters.status],
            clear: without({ status: undefined }),
          },
        ]
      : []),
    ...(filters.language
      ? [
          {
            key: 'language',
            label: `Language: ${filters.language}`,
            clear: without({ language: undefined }),
          },
        ]
      : []),
    ...(words
      ? [
          {
            key: 'words',
            label: FILTER_MESSAGES.chipWords(filters.wordsMin, filters.wordsMax),
            clear: without({ wordsMin: undefined, wordsMax: undefined }),
          },
        ]
      : []),
  ];
}

/** The active filters as chips; each removes its own filter. */
export function FilterChips({ state, onChange }: FilterBarProps) {
  const chips: Chip[] = [
    state.q ? { key: 'q', label: `Search: ${state.q}`, clear: { q: '' } } : null,
    state.genre
      ? { key: 'genre', label: `Genre: ${state.genre}`, clear: { genre: undefined } }
      : null,
    state.sort
      ? { key: 'sort', label: `Sort: ${SORT_LABELS[state.sort]}`, clear: { sort: undefined } }
      : null,
    ...filterChips(state.filters),
  ].filter((chip) => chip !== null);
  if (chips.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Active filters" data-testid="filter-chips">
      {chips.map((chip) => (
        <li key={chip.key}>
          <button
            type="button"
            onClick={() => onChange(chip.clear)}
            aria-label={FILTER_MESSAGES.remove(chip.label)}
            data-testid={`chip-${chip.key}`}
            className="inline-flex max-w-72 items-center gap-1.5 rounded-full bg-accent px-3 py-1 text-sm text-accent-foreground transition-colors hover:bg-accent/70 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            <span className="truncate">{chip.label}</span>
            <X className="size-3.5 shrink-0" aria-hidden="true" />
          </button>
        </li>
      ))}
    </ul>
  );
}
