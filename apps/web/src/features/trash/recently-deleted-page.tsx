import { type DeletedItem, TRASH_MESSAGES, trashDaysLeft } from '@storyloom/shared';
import { ArrowLeft, BookOpen, FileText, RotateCcw, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { useRecentlyDeleted } from '../../api/trash/get-recently-deleted';
import { useRestoreItem } from '../../api/trash/restore';
import { EmptyState } from '../../components/empty-state';
import { ListError } from '../../components/list-error';
import { LoadMore } from '../../components/load-more';
import { PageTitle } from '../../components/page-title';
import { Button, buttonClasses } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { errorMessage } from '../../lib/api';
import { formatCountOf, formatDate } from '../../lib/format';
import { pagedItems, pagedTotal } from '../../lib/paging';
import { toast } from '../../stores/toast';

const daysLeftText = (days: number) =>
  days <= 1 ? 'Deleted for good within a day' : `${days} days left`;

/** /recently-deleted: the author's deleted stories and chapters, each with Restore. */
export function RecentlyDeletedPage() {
  const query = useRecentlyDeleted();
  const items = pagedItems(query.data);
  const total = pagedTotal(query.data);

  return (
    <div
      className="mx-auto w-full max-w-4xl px-4 py-8 sm:py-10"
      data-testid="recently-deleted-page"
    >
      <PageTitle title={TRASH_MESSAGES.listTitle} />
      <Link
        to="/my-stories"
        className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        My Stories
      </Link>
      <h1 className="mt-3 font-serif text-3xl font-bold tracking-tight">
        {TRASH_MESSAGES.listTitle}
      </h1>
      <p className="mt-1 text-muted-foreground">
        Stories and chapters you delete stay here for 30 days, then they are deleted for good.
      </p>
      <div className="mt-8">
        {query.isPending ? (
          <ul className="divide-y" aria-hidden="true">
            {[0, 1, 2].map((key) => (
              <li key={key} className="flex items-center gap-4 py-4">
                <Skeleton className="size-10 rounded-lg" />
                <div className="flex-1 space-y-2">
                  <Skeleton className="h-4 w-1/2" />
                  <Skeleton className="h-3 w-1/3" />
                </div>
              </li>
            ))}
          </ul>
        ) : query.isError && !query.data ? (
          <ListError
            title="Could not load Recently deleted"
            error={query.error}
            onRetry={() => void query.refetch()}
          />
        ) : items.length === 0 ? (
          <EmptyState icon={Trash2} title="Nothing here" description={TRASH_MESSAGES.listEmpty} />
        ) : (
          <>
            <ul className="divide-y" data-testid="deleted-items">
              {items.map((item) => (
                <DeletedRow key={item.id} item={item} />
              ))}
            </ul>
            <LoadMore
              shown={items.length}
              total={total}
              hasMore={query.hasNextPage}
              loading={query.isFetchingNextPage}
              onLoadMore={() => void query.fetchNextPage()}
            />
          </>
        )}
      </div>
    </div>
  );
}

function DeletedRow({ item }: { item: DeletedItem }) {
  const restore = useRestoreItem();
  const isStory = item.kind === 'story';
  const name = item.title.trim() || (isStory ? 'Untitled story' : `Chapter ${item.order ?? ''}`);
  const days = trashDaysLeft(item.purge_after);
  const Icon = isStory ? BookOpen : FileText;
  const onRestore = () =>
    restore.mutate(
      { kind: item.kind, id: item.id },
      {
        onSuccess: () =>
          toast.success(
            isStory ? TRASH_MESSAGES.storyRestored : TRASH_MESSAGES.chapterRestored,
            isStory ? `“${item.title}” is back.` : `It is back in “${item.story_title}”.`,
          ),
        onError: (error) => toast.error('Error', errorMessage(error, 'Could not restore it.')),
      },
    );
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center" data-testid="deleted-item">
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-muted text-muted-foreground">
          <Icon className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0">
          <h2 className="break-words font-serif text-lg font-semibold leading-snug">{name}</h2>
          <p className="text-sm text-muted-foreground">
            {isStory
              ? `Story · ${formatCountOf(item.chapters_count ?? 0, 'chapter')}`
              : `Chapter ${item.order ?? ''} of “${item.story_title}”`}
          </p>
          <p className="text-xs text-muted-foreground">
            Deleted {formatDate(item.deleted_at)} ·{' '}
            <span data-testid="days-left">{daysLeftText(days)}</span>
          </p>
          {item.story_deleted ? (
            <p className="mt-1 text-xs text-muted-foreground">
              Its story is deleted too: restore the story first.
            </p>
          ) : null}
        </div>
      </div>
      <div className="flex shrink-0 gap-2 pl-13 sm:justify-end sm:pl-0">
        {isStory || item.story_deleted ? null : (
          <Link
            to={`/stories/${item.story_id}/edit`}
            className={buttonClasses({ variant: 'ghost', size: 'sm' })}
          >
            Open story
          </Link>
        )}
        <Button
          size="sm"
          variant="outline"
          onClick={onRestore}
          disabled={restore.isPending || item.story_deleted}
          aria-label={`Restore ${name}`}
        >
          <RotateCcw aria-hidden="true" />
          {restore.isPending ? 'Restoring...' : 'Restore'}
        </Button>
      </div>
    </li>
  );
}
