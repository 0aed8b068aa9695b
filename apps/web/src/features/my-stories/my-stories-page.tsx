import { PenLine, Plus, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { useMyStories } from '../../api/me/get-my-stories';
import { EmptyState } from '../../components/empty-state';
import { ListError } from '../../components/list-error';
import { LoadMore } from '../../components/load-more';
import { PageTitle } from '../../components/page-title';
import { buttonClasses } from '../../components/ui/button';
import { pagedItems, pagedTotal } from '../../lib/paging';
import { MySeries } from './components/my-series';
import { MyStoryRow, MyStoryRowSkeleton } from './components/my-story-row';

/** /my-stories: everything the user wrote, public and private, with Edit links. */
export function MyStoriesPage() {
  const query = useMyStories();
  const stories = pagedItems(query.data);
  const total = pagedTotal(query.data);

  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:py-10" data-testid="my-stories-page">
      <PageTitle title="My Stories" />
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-serif text-3xl font-bold tracking-tight">My Stories</h1>
          <p className="mt-1 text-muted-foreground">
            {query.data && total > 0
              ? `${total} ${total === 1 ? 'story' : 'stories'}, public and private`
              : 'Everything you have written, public and private.'}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link
            to="/recently-deleted"
            className={buttonClasses({ variant: 'outline' })}
            data-testid="recently-deleted-link"
          >
            <Trash2 aria-hidden="true" />
            Recently deleted
          </Link>
          <Link to="/stories/create" className={buttonClasses()}>
            <Plus aria-hidden="true" />
            Write Story
          </Link>
        </div>
      </div>
      <div className="mt-8">
        {query.isPending ? (
          <ul className="divide-y">
            {[0, 1, 2].map((key) => (
              <MyStoryRowSkeleton key={key} />
            ))}
          </ul>
        ) : query.isError && !query.data ? (
          <ListError
            title="Could not load your stories"
            error={query.error}
            onRetry={() => void query.refetch()}
          />
        ) : stories.length === 0 ? (
          <EmptyState
            icon={PenLine}
            title="No stories yet"
            description="Every story starts with a first chapter."
            action={
              <Link to="/stories/create" className={buttonClasses()}>
                Create Your First Story
              </Link>
            }
          />
        ) : (
          <>
            <ul className="divide-y">
              {stories.map((story) => (
                <MyStoryRow key={story.id} story={story} />
              ))}
            </ul>
            <LoadMore
              shown={stories.length}
              total={total}
              hasMore={query.hasNextPage}
              loading={query.isFetchingNextPage}
              onLoadMore={() => void query.fetchNextPage()}
            />
          </>
        )}
      </div>
      {stories.length > 0 ? <MySeries stories={stories} /> : null}
    </div>
  );
}
