import { Library } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { seriesQueryOptions, useSeries } from '../../api/series/get-series';
import { EmptyState } from '../../components/empty-state';
import { ListError } from '../../components/list-error';
import { PageTitle } from '../../components/page-title';
import { StoryCard, StoryCardSkeleton } from '../../components/story/story-card';
import { buttonClasses } from '../../components/ui/button';
import { ApiError } from '../../lib/api';
import { prefetchLoader } from '../../lib/route-data';

export const loader = prefetchLoader(async (client, { params }) => {
  await client.prefetchQuery(seriesQueryOptions(params.id ?? ''));
});

/** /series/{id}: the series' title, its author, and its parts in order as story cards. */
export function SeriesPage() {
  const { id = '' } = useParams();
  const query = useSeries(id);
  const notFound = query.error instanceof ApiError && query.error.status === 404;

  if (notFound)
    return (
      <div className="mx-auto w-full max-w-5xl px-4 py-16" data-testid="series-page">
        <PageTitle title="Series not found" />
        <EmptyState
          icon={Library}
          title="Series not found"
          description="It may have been deleted, or its stories are not public."
          action={
            <Link to="/stories" className={buttonClasses()}>
              Discover stories
            </Link>
          }
        />
      </div>
    );

  const series = query.data;
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:py-12" data-testid="series-page">
      <PageTitle title={series?.title ?? 'Series'} />
      {query.isError && !series ? (
        <ListError
          title="Could not load the series"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <>
          <p className="flex items-center gap-2 text-sm font-medium uppercase tracking-wide text-muted-foreground">
            <Library className="size-4" aria-hidden="true" />
            Series
          </p>
          <h1 className="mt-2 font-serif text-3xl font-bold tracking-tight sm:text-4xl">
            {series?.title ?? '\u00a0'}
          </h1>
          {series ? (
            <p className="mt-2 text-muted-foreground">
              By{' '}
              <Link
                to={`/users/${encodeURIComponent(series.author.username)}`}
                className="font-medium text-foreground underline-offset-4 hover:underline"
              >
                {series.author.username}
              </Link>
              {' · '}
              {series.parts.length} {series.parts.length === 1 ? 'part' : 'parts'}
            </p>
          ) : null}
          {series?.description ? (
            <p className="mt-4 max-w-3xl whitespace-pre-line">{series.description}</p>
          ) : null}
          <ol
            className="mt-8 grid grid-cols-2 gap-x-4 gap-y-8 sm:grid-cols-3 lg:grid-cols-4"
            data-testid="series-parts"
          >
            {series
              ? series.parts.map(({ part, story }) => (
                  <li key={story.id} data-testid="series-part">
                    <p className="mb-2 text-sm font-semibold text-primary">Part {part}</p>
                    <StoryCard story={story} />
                  </li>
                ))
              : [0, 1, 2].map((key) => (
                  <li key={key}>
                    <StoryCardSkeleton />
                  </li>
                ))}
          </ol>
        </>
      )}
    </div>
  );
}
