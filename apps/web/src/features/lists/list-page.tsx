import type { ReadingList, Story } from '@storyloom/shared';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, EyeOff, ListOrdered, Lock, PenLine, Trash2, X } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import {
  useDeleteList,
  useMoveListStory,
  useToggleListStory,
  useUpdateList,
} from '../../api/lists/change-lists';
import {
  listQueryOptions,
  listStoriesQueryOptions,
  useList,
  useListStories,
} from '../../api/lists/get-lists';
import { LIST_PAGE_SIZE } from '../../api/lists/keys';
import { EmptyState } from '../../components/empty-state';
import { ListError } from '../../components/list-error';
import { listCounts } from '../../components/lists/list-card';
import { PageTitle } from '../../components/page-title';
import { Pager } from '../../components/pager';
import { ListFormDialog } from '../../components/social/list-form-dialog';
import { failureToast } from '../../components/social/use-toggle-action';
import { StoryCard, StoryCardSkeleton } from '../../components/story/story-card';
import { Button, buttonClasses } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { ApiError } from '../../lib/api';
import { prefetchLoader } from '../../lib/route-data';
import { toast } from '../../stores/toast';
import { FollowListButton } from './follow-list-button';

const pageOf = (params: URLSearchParams) => Math.max(1, Number(params.get('page')) || 1);

export const loader = prefetchLoader(async (client, { params, request }) => {
  const id = params.id ?? '';
  const page = pageOf(new URL(request.url).searchParams);
  await Promise.all([
    client.prefetchQuery(listQueryOptions(id)),
    client.prefetchQuery(listStoriesQueryOptions(id, page)),
  ]);
});

/** /lists/{id}: a reading list, its owner, its followers, and its stories in order. */
export function ListPage() {
  const { id = '' } = useParams();
  const query = useList(id);
  const notFound = query.error instanceof ApiError && query.error.status === 404;

  if (notFound)
    return (
      <div className="mx-auto w-full max-w-5xl px-4 py-16" data-testid="list-page">
        <PageTitle title="Reading list not found" />
        <EmptyState
          icon={ListOrdered}
          title="Reading list not found"
          description="It may have been deleted or made private."
          action={
            <Link to="/stories" className={buttonClasses()}>
              Discover stories
            </Link>
          }
          data-testid="list-not-found"
        />
      </div>
    );

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:py-12" data-testid="list-page">
      <PageTitle title={query.data?.name ?? 'Reading list'} />
      {query.isError && !query.data ? (
        <ListError
          title="Could not load the reading list"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : query.data ? (
        <LoadedList list={query.data} />
      ) : (
        <StoryCardSkeleton />
      )}
    </div>
  );
}

function LoadedList({ list }: { list: ReadingList }) {
  const own = list.hidden_count !== undefined;
  const [params, setParams] = useSearchParams();
  const page = pageOf(params);
  const stories = useListStories(list.id, page);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const update = useUpdateList();
  const remove = useDeleteList();
  const navigate = useNavigate();
  const held = list.stories_count + (list.hidden_count ?? 0);

  const deleteList = async () => {
    try {
      await remove.mutateAsync(list.id);
      toast.success('Reading list deleted');
      navigate('/lists');
    } catch (error) {
      failureToast('Could not delete the list', error);
    }
  };

  return (
    <>
      <p className="flex items-center gap-2 text-sm font-medium uppercase tracking-wide text-muted-foreground">
        <ListOrdered className="size-4" aria-hidden="true" />
        Reading list
        {list.visibility === 'private' ? (
          <span className="inline-flex items-center gap-1 rounded-full bg-muted px-2 py-0.5 text-xs normal-case tracking-normal text-foreground">
            <Lock className="size-3" aria-hidden="true" />
            Private
          </span>
        ) : null}
      </p>
      <h1 className="mt-2 break-words font-serif text-3xl font-bold tracking-tight sm:text-4xl">
        {list.name}
      </h1>
      <p className="mt-2 text-muted-foreground">
        By{' '}
        <Link
          to={`/profile/${encodeURIComponent(list.owner.username)}`}
          className="font-medium text-foreground underline-offset-4 hover:underline"
        >
          {list.owner.username}
        </Link>
        {' · '}
        <span data-testid="list-counts">{listCounts(list)}</span>
      </p>
      {list.description ? (
        <p className="mt-4 max-w-3xl whitespace-pre-line">{list.description}</p>
      ) : null}
      <div className="mt-5 flex flex-wrap gap-2">
        {own ? (
          <>
            <Button variant="outline" onClick={() => setEditing(true)} data-testid="edit-list">
              <PenLine aria-hidden="true" />
              Edit list
            </Button>
            <Button
              variant="ghost"
              onClick={() => (held > 0 ? setConfirming(true) : void deleteList())}
              data-testid="delete-list"
            >
              <Trash2 aria-hidden="true" />
              Delete
            </Button>
          </>
        ) : (
          <FollowListButton
            listId={list.id}
            following={list.is_following ?? false}
            followers={list.followers_count}
          />
        )}
      </div>
      {own && (list.hidden_count ?? 0) > 0 ? (
        <p
          className="mt-4 flex items-start gap-2 rounded-xl border bg-muted/40 p-3 text-sm text-muted-foreground"
          data-testid="list-hidden-note"
        >
          <EyeOff className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {list.hidden_count === 1
            ? '1 story in this list is'
            : `${list.hidden_count} stories in this list are`}{' '}
          not shown: made private, removed, rated for adults, or by someone you muted. They stay in
          the list and come back if they become visible again.
        </p>
      ) : null}

      {stories.isError && !stories.data ? (
        <ListError
          title="Could not load the stories"
          error={stories.error}
          onRetry={() => void stories.refetch()}
        />
      ) : stories.data && stories.data.items.length === 0 ? (
        <EmptyState
          icon={ListOrdered}
          className="mt-8"
          title="No stories in this list yet"
          description={own ? 'Use “Add to list” on a story or its card to add one.' : undefined}
          action={
            own ? (
              <Link to="/stories" className={buttonClasses()}>
                Discover stories
              </Link>
            ) : undefined
          }
        />
      ) : (
        <ol
          className="mt-8 grid grid-cols-2 gap-x-4 gap-y-8 sm:grid-cols-3 lg:grid-cols-4"
          data-testid="list-stories"
        >
          {stories.data
            ? stories.data.items.map((story, index) => (
                <li key={story.id} data-testid="list-story">
                  <StoryCard story={story} showPrivateBadge={own} />
                  {own ? (
                    <EntryControls
                      listId={list.id}
                      story={story}
                      items={stories.data.items}
                      index={index}
                      page={page}
                      total={stories.data.total}
                      listName={list.name}
                    />
                  ) : null}
                </li>
              ))
            : [0, 1, 2, 3].map((key) => (
                <li key={key}>
                  <StoryCardSkeleton />
                </li>
              ))}
        </ol>
      )}
      {stories.data ? (
        <Pager
          page={page}
          totalPages={Math.ceil(stories.data.total / LIST_PAGE_SIZE)}
          onPage={(next) =>
            setParams((current) => {
              const copy = new URLSearchParams(current);
              copy.set('page', String(next));
              return copy;
            })
          }
        />
      ) : null}

      <ListFormDialog
        open={editing}
        onOpenChange={setEditing}
        title="Edit reading list"
        submitLabel="Save"
        initial={list}
        pending={update.isPending}
        onSubmit={async (fields) => {
          await update.mutateAsync({ id: list.id, ...fields });
          toast.success('Reading list updated');
        }}
      />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Delete “${list.name}”?`}
        description={`It holds ${held === 1 ? '1 story' : `${held} stories`}. The stories stay where they are; the list, its order and its followers go.`}
        confirmLabel="Delete list"
        pendingLabel="Deleting…"
        pending={remove.isPending}
        destructive
        onConfirm={() => void deleteList()}
      />
    </>
  );
}

/**
 * The owner's Move up, Move down and Remove under a story: buttons, so the keyboard reaches
 * them. A move places the story just before or after its visible neighbour, which on a page's
 * edge is the last story of the page before or the first of the page after.
 */
function EntryControls({
  listId,
  story,
  items,
  index,
  page,
  total,
  listName,
}: {
  listId: string;
  story: Story;
  items: Story[];
  index: number;
  page: number;
  total: number;
  listName: string;
}) {
  const queryClient = useQueryClient();
  const move = useMoveListStory();
  const toggle = useToggleListStory();
  const position = (page - 1) * LIST_PAGE_SIZE + index;
  const busy = move.isPending || toggle.isPending;

  const neighbour = async (step: -1 | 1): Promise<string | undefined> => {
    const near = items[index + step];
    if (near) return near.id;
    const other = await queryClient.fetchQuery(listStoriesQueryOptions(listId, page + step));
    return (step < 0 ? other.items.at(-1) : other.items[0])?.id;
  };

  const shift = async (step: -1 | 1) => {
    try {
      const target = await neighbour(step);
      if (!target) return;
      await move.mutateAsync({
        id: listId,
        storyId: story.id,
        to: step < 0 ? { before: target } : { after: target },
      });
    } catch (error) {
      failureToast('Could not move the story', error);
    }
  };

  return (
    <div className="mt-2 flex items-center gap-1" data-testid="list-entry-controls">
      <Button
        size="sm"
        variant="ghost"
        className="px-2"
        aria-label={`Move “${story.title}” up`}
        disabled={busy || position === 0}
        onClick={() => void shift(-1)}
        data-testid="move-up"
      >
        <ArrowUp aria-hidden="true" />
      </Button>
      <Button
        size="sm"
        variant="ghost"
        className="px-2"
        aria-label={`Move “${story.title}” down`}
        disabled={busy || position >= total - 1}
        onClick={() => void shift(1)}
        data-testid="move-down"
      >
        <ArrowDown aria-hidden="true" />
      </Button>
      <Button
        size="sm"
        variant="ghost"
        className="ml-auto px-2"
        aria-label={`Remove “${story.title}” from the list`}
        disabled={busy}
        onClick={() =>
          void toggle
            .mutateAsync({ id: listId, storyId: story.id, on: false })
            .then(() => toast.success(`Removed from ${listName}`))
            .catch((error) => failureToast('Could not remove the story', error))
        }
        data-testid="remove-from-list"
      >
        <X aria-hidden="true" />
      </Button>
    </div>
  );
}
