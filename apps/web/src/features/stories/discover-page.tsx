import { DISCOVERY_MESSAGES } from '@storyloom/shared';
import { SearchX } from 'lucide-react';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { chapterTextQueryOptions } from '../../api/search/search-chapter-text';
import {
  DISCOVER_MAX_PAGES,
  DISCOVER_PAGE_SIZE,
  discoverResultsQueryOptions,
  useDiscoverResults,
} from '../../api/stories/get-discover-results';
import { storyListQueryOptions } from '../../api/stories/get-story-list';
import { useMatchingAuthors, userSearchQueryOptions } from '../../api/users/search-users';
import { EmptyState } from '../../components/empty-state';
import { ListError } from '../../components/list-error';
import { PageTitle } from '../../components/page-title';
import { Pager } from '../../components/pager';
import { StoryCardSkeleton, StoryGrid } from '../../components/story/story-card';
import { Button } from '../../components/ui/button';
import { prefetchLoader } from '../../lib/route-data';
import { useAuthStore } from '../../stores/auth-store';
import { AuthorMatches } from './discover/author-matches';
import { ChapterTextResults } from './discover/chapter-text-results';
import { FilterBar, FilterChips } from './discover/filter-bar';
import { FilterPanel } from './discover/filter-panel';
import { foundCount } from './discover/found-count';
import {
  EditorsPicks,
  Recommendations,
  SignUpBanner,
  sideSectionLists,
} from './discover/side-sections';
import {
  anyFilter,
  type DiscoverState,
  discoverParamsOf,
  NO_FILTERS,
  nextDiscoverState,
  readDiscoverState,
  writeDiscoverState,
} from './discover/url-state';

/** `q` in curly quotes; a "quoted phrase" keeps one pair, not its own inside another. */
const quoted = (q: string) => `“${q.trim().replace(/^"(.*)"$/s, '$1')}”`;

function titleOf(state: DiscoverState): string {
  if (state.mode === 'text')
    return state.q ? `${quoted(state.q)} in chapter text` : 'Search inside chapters';
  if (state.q) return `Search results for “${state.q}”`;
  if (state.genre) return `${state.genre} Stories`;
  return 'Discover Stories';
}

/** The results, the matching authors and the side lists of the URL's state. */
export const loader = prefetchLoader((client, { request }) => {
  const state = readDiscoverState(new URL(request.url).searchParams);
  const signedIn = useAuthStore.getState().isAuthenticated;
  if (state.mode === 'text') {
    return Promise.all([
      state.q ? client.prefetchQuery(chapterTextQueryOptions(state.q, state.page)) : null,
    ]);
  }
  return Promise.all([
    client.prefetchQuery(discoverResultsQueryOptions(discoverParamsOf(state))),
    state.q ? client.prefetchQuery(userSearchQueryOptions(state.q)) : null,
    ...sideSectionLists(signedIn).map((params) =>
      client.prefetchQuery(storyListQueryOptions(params)),
    ),
  ]);
});

/** /stories and /stories/search: browse and search public stories. The URL is the state. */
export function DiscoverPage() {
  const [params, setParams] = useSearchParams();
  const state = readDiscoverState(params);
  const signedIn = useAuthStore((s) => s.isAuthenticated);
  const text = state.mode === 'text';
  // One search at a time: the chapter text mode asks for nothing of the stories' lists.
  const results = useDiscoverResults(discoverParamsOf(state), !text);
  const authors = useMatchingAuthors(text ? '' : state.q);

  // Filters narrow the lists and search has its own words: starting a search ends the filters,
  // and applying filters ends the search (docs/decisions/031-story-filters.md).
  const update = (change: Partial<DiscoverState>) =>
    setParams(
      writeDiscoverState(
        nextDiscoverState(state, change.q ? { ...change, filters: NO_FILTERS } : change),
      ),
    );

  const goToPage = (page: number) => {
    update({ page });
    window.scrollTo({ top: 0 });
  };

  const { error } = results;
  useEffect(() => {
    if (error) console.error('Failed to load stories', error);
  }, [error]);

  const data = results.data;
  const total = data?.total ?? 0;
  const totalPages = Math.min(Math.ceil(total / DISCOVER_PAGE_SIZE), DISCOVER_MAX_PAGES);
  const filtered = Boolean(state.q || state.genre || state.sort || anyFilter(state.filters));
  const title = titleOf(state);

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:py-10">
      <PageTitle title={title} />
      <h1 className="font-serif text-3xl font-bold sm:text-4xl">{title}</h1>
      <p className="mt-2 text-muted-foreground">
        {text
          ? 'Find words or a quoted phrase inside published chapters.'
          : 'Find your next favourite story by title, genre or author.'}
      </p>

      <div className="mt-6 space-y-4">
        <FilterBar
          state={state}
          onChange={update}
          filterButton={
            <FilterPanel
              filters={state.filters}
              searching={state.q !== ''}
              onApply={(filters) => update({ filters, q: '' })}
            />
          }
        />
        <div className="flex flex-wrap items-center justify-between gap-3">
          {text ? null : <FilterChips state={state} onChange={update} />}
          {data && !text ? (
            <p className="text-sm text-muted-foreground" role="status" data-testid="result-count">
              {foundCount(data, 'story', 'stories')}
            </p>
          ) : null}
        </div>
      </div>

      <div className="mt-8 grid gap-10 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="min-w-0 space-y-8">
          {text ? (
            <ChapterTextResults q={state.q} page={state.page} onPage={goToPage} />
          ) : (
            <>
              <AuthorMatches authors={authors} />
              <section
                aria-labelledby="discover-results-heading"
                aria-busy={results.isFetching}
                data-testid="discover-results"
              >
                {/* Names the region and keeps the heading levels in order (h1, then h2 before the
                cards' h3 titles). */}
                <h2 id="discover-results-heading" className="sr-only">
                  Stories
                </h2>
                {results.isPending ? (
                  <div
                    className={
                      state.view === 'grid'
                        ? 'grid grid-cols-2 gap-x-4 gap-y-6 sm:grid-cols-3 lg:grid-cols-4'
                        : 'flex flex-col gap-4'
                    }
                  >
                    {Array.from({ length: 8 }, (_, index) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                      <StoryCardSkeleton key={index} layout={state.view} />
                    ))}
                  </div>
                ) : results.isError && !data ? (
                  <ListError
                    title="Could not load stories"
                    error={results.error}
                    onRetry={() => void results.refetch()}
                  />
                ) : data && data.items.length > 0 ? (
                  <>
                    <StoryGrid
                      stories={data.items}
                      layout={state.view}
                      className={
                        results.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined
                      }
                    />
                    <Pager page={state.page} totalPages={totalPages} onPage={goToPage} />
                  </>
                ) : (
                  <EmptyState
                    icon={SearchX}
                    title={DISCOVERY_MESSAGES.noStoriesFound}
                    data-testid="discover-empty"
                    description={
                      total > 0
                        ? 'This page is past the last one.'
                        : filtered
                          ? 'Try other words, another genre or fewer filters.'
                          : 'No stories have been published yet.'
                    }
                    action={
                      total > 0 ? (
                        <Button variant="outline" onClick={() => goToPage(1)}>
                          Go to the first page
                        </Button>
                      ) : filtered ? (
                        <Button
                          variant="outline"
                          onClick={() =>
                            update({
                              q: '',
                              genre: undefined,
                              sort: undefined,
                              filters: NO_FILTERS,
                            })
                          }
                        >
                          Clear filters
                        </Button>
                      ) : null
                    }
                  />
                )}
              </section>
            </>
          )}
        </div>
        <aside className="space-y-6" aria-label="More to read">
          <EditorsPicks />
          {signedIn ? null : <SignUpBanner />}
        </aside>
      </div>

      <Recommendations signedIn={signedIn} />
    </div>
  );
}
