import type { ReadingList } from '@storyloom/shared';
import { ArrowDown, ArrowUp, BellRing, ListOrdered, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useCreateList, useReorderLists } from '../../api/lists/change-lists';
import { useFollowedLists, useMyLists } from '../../api/lists/get-lists';
import { EmptyState } from '../../components/empty-state';
import { ListError } from '../../components/list-error';
import { ListCard } from '../../components/lists/list-card';
import { PageTitle } from '../../components/page-title';
import { ListFormDialog } from '../../components/social/list-form-dialog';
import { failureToast } from '../../components/social/use-toggle-action';
import { Button, buttonClasses } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../stores/toast';

/** /lists: the reader's own reading lists (make, order) and the lists they follow. */
export function MyListsPage() {
  const mine = useMyLists();
  const followed = useFollowedLists(1);
  const create = useCreateList();
  const reorder = useReorderLists();
  const [creating, setCreating] = useState(false);

  const move = async (lists: ReadingList[], index: number, step: -1 | 1) => {
    const ids = lists.map((list) => list.id);
    const [moving] = ids.splice(index, 1);
    ids.splice(index + step, 0, moving!);
    try {
      await reorder.mutateAsync(ids);
    } catch (error) {
      failureToast('Could not move the list', error);
    }
  };

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:py-12" data-testid="my-lists-page">
      <PageTitle title="Reading lists" />
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-serif text-3xl font-bold tracking-tight">Reading lists</h1>
          <p className="mt-1 text-muted-foreground">
            Gather stories into lists of your own. Public lists show on your profile and can be
            followed.
          </p>
        </div>
        <Button onClick={() => setCreating(true)} data-testid="new-list">
          <Plus aria-hidden="true" />
          New list
        </Button>
      </div>

      <section className="mt-8" aria-labelledby="my-lists-heading">
        <h2 id="my-lists-heading" className="text-lg font-semibold">
          Your lists
        </h2>
        {mine.isPending ? (
          <div className="mt-4 grid gap-3 sm:grid-cols-2">
            {[0, 1].map((key) => (
              <Skeleton key={key} className={key ? 'hidden h-32 sm:block' : 'h-32'} />
            ))}
          </div>
        ) : mine.isError ? (
          <ListError
            title="Could not load your lists"
            error={mine.error}
            onRetry={() => void mine.refetch()}
          />
        ) : mine.data.length === 0 ? (
          <EmptyState
            icon={ListOrdered}
            className="mt-4"
            title="No reading lists yet"
            description="Make one here, or use “Add to list” on any story."
          />
        ) : (
          <ol className="mt-4 grid gap-3 sm:grid-cols-2" data-testid="my-lists">
            {mine.data.map((list, index, lists) => (
              <li key={list.id}>
                <ListCard
                  list={list}
                  showOwner={false}
                  actions={
                    <>
                      <Button
                        size="sm"
                        variant="ghost"
                        className="px-2"
                        aria-label={`Move “${list.name}” up`}
                        disabled={index === 0 || reorder.isPending}
                        onClick={() => void move(lists, index, -1)}
                      >
                        <ArrowUp aria-hidden="true" />
                      </Button>
                      <Button
                        size="sm"
                        variant="ghost"
                        className="px-2"
                        aria-label={`Move “${list.name}” down`}
                        disabled={index === lists.length - 1 || reorder.isPending}
                        onClick={() => void move(lists, index, 1)}
                      >
                        <ArrowDown aria-hidden="true" />
                      </Button>
                    </>
                  }
                />
              </li>
            ))}
          </ol>
        )}
      </section>

      <section className="mt-10" aria-labelledby="followed-lists-heading">
        <h2 id="followed-lists-heading" className="flex items-center gap-2 text-lg font-semibold">
          <BellRing className="size-4" aria-hidden="true" />
          Lists you follow
        </h2>
        {followed.isPending ? (
          <Skeleton className="mt-4 h-32" />
        ) : followed.isError ? (
          <ListError
            title="Could not load the lists you follow"
            error={followed.error}
            onRetry={() => void followed.refetch()}
          />
        ) : followed.data.items.length === 0 ? (
          <p className="mt-3 text-sm text-muted-foreground">
            You follow no lists yet. Open a reader’s list from their profile and press Follow.{' '}
            <Link to="/authors" className={buttonClasses({ variant: 'link' })}>
              Find readers and authors
            </Link>
          </p>
        ) : (
          <ul className="mt-4 grid gap-3 sm:grid-cols-2" data-testid="followed-lists">
            {followed.data.items.map((list) => (
              <li key={list.id}>
                <ListCard list={list} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <ListFormDialog
        open={creating}
        onOpenChange={setCreating}
        title="New reading list"
        submitLabel="Create list"
        pending={create.isPending}
        onSubmit={async (fields) => {
          await create.mutateAsync(fields);
          toast.success('Reading list created');
        }}
      />
    </div>
  );
}
