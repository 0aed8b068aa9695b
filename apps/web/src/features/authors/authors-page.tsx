import { DISCOVERY, type DirectoryAuthor, type Paged } from '@storyloom/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Lock, PenLine, Users } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { feedKeys } from '../../api/feed/keys';
import { AUTHORS_PAGE_SIZE, authorsQueryOptions, useAuthors } from '../../api/users/get-authors';
import { userKeys } from '../../api/users/keys';
import { EmptyState } from '../../components/empty-state';
import { ListError } from '../../components/list-error';
import { PageTitle } from '../../components/page-title';
import { Pager } from '../../components/pager';
import { FollowButton } from '../../components/social/follow-button';
import { Avatar } from '../../components/ui/avatar';
import { buttonClasses } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { formatCount } from '../../lib/format';
import { prefetchLoader } from '../../lib/route-data';
import { useAuthStore } from '../../stores/auth-store';

/** The server pages through the first 10,000 authors; the pager stops there. */
const MAX_PAGES = Math.ceil(DISCOVERY.resultWindow / AUTHORS_PAGE_SIZE);

/** `?page=` as a page number: 1 for anything that is not a whole number from 1. */
function pageOf(params: URLSearchParams): number {
  const page = Number(params.get('page') ?? '1');
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

const plural = (count: number, one: string, many: string) =>
  `${formatCount(count)} ${count === 1 ? one : many}`;

export const loader = prefetchLoader((client, { request }) => {
  const page = pageOf(new URL(request.url).searchParams);
  return page <= MAX_PAGES ? client.prefetchQuery(authorsQueryOptions(page)) : Promise.resolve();
});

/** /authors: everyone with a public story, most followed first, a page at a time. */
export function AuthorsPage() {
  const [params, setParams] = useSearchParams();
  const page = pageOf(params);
  // Pages past the server's window are past the end: nothing to ask for.
  const beyondWindow = page > MAX_PAGES;
  const authors = useAuthors(page, !beyondWindow);
  const data = authors.data;
  const total = data?.total ?? 0;
  const totalPages = Math.min(Math.ceil(total / AUTHORS_PAGE_SIZE), MAX_PAGES);

  const goToPage = (next: number) => {
    setParams(next === 1 ? {} : { page: String(next) });
    window.scrollTo({ top: 0 });
  };

  const { error } = authors;
  useEffect(() => {
    if (error) console.error('Failed to load authors', error);
  }, [error]);

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:py-14" data-testid="authors-page">
      <PageTitle title={page > 1 ? `Authors, page ${page}` : 'Authors'} />
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="max-w-2xl">
          <h1 className="font-serif text-3xl font-bold tracking-tight sm:text-4xl">Authors</h1>
          <p className="mt-3 text-muted-foreground">
            Everyone who has published a story on Storyloom, the most followed first.
          </p>
        </div>
        {data && total > 0 ? (
          <p className="text-sm text-muted-foreground" role="status" data-testid="authors-total">
            {plural(total, 'author', 'authors')}
          </p>
        ) : null}
      </header>

      <section aria-labelledby="authors-list-title" aria-busy={authors.isFetching} className="mt-8">
        <h2 id="authors-list-title" className="sr-only">
          {page > 1 ? `Authors, page ${page}` : 'Authors'}
        </h2>
        {beyondWindow ? (
          <PastTheEnd />
        ) : authors.isPending ? (
          <AuthorGridSkeleton />
        ) : authors.isError && !data ? (
          <ListError
            title="Could not load authors"
            error={authors.error}
            onRetry={() => void authors.refetch()}
          />
        ) : data && data.items.length > 0 ? (
          <>
            <AuthorGrid page={page} authors={data.items} dimmed={authors.isPlaceholderData} />
            <Pager page={page} totalPages={totalPages} onPage={goToPage} />
          </>
        ) : total > 0 ? (
          <PastTheEnd />
        ) : (
          <EmptyState
            icon={PenLine}
            title="No authors yet"
            description="Nobody has published a story yet. It could be you."
            data-testid="authors-empty"
            action={
              <Link to="/stories/create" className={buttonClasses()}>
                Write a story
              </Link>
            }
          />
        )}
      </section>
    </div>
  );
}

/** A page after the last one (an old link, a shrunk list): a way back to the first. */
function PastTheEnd() {
  return (
    <EmptyState
      icon={Users}
      title="No authors on this page"
      description="This page is past the last one."
      data-testid="authors-past-end"
      action={
        <Link to="/authors" className={buttonClasses({ variant: 'outline' })}>
          Go to page 1
        </Link>
      }
    />
  );
}

function AuthorGrid({
  page,
  authors,
  dimmed,
}: {
  page: number;
  authors: DirectoryAuthor[];
  dimmed: boolean;
}) {
  const myId = useAuthStore((state) => state.user?.id);
  const queryClient = useQueryClient();
  /** The follow as the server answered it, kept in this page's cached entry. */
  const remember = (id: string, following: boolean, followers: number) =>
    queryClient.setQueryData<Paged<DirectoryAuthor>>(userKeys.authors(page), (current) =>
      current
        ? {
            ...current,
            items: current.items.map((author) =>
              author.id !== id
                ? author
                : {
                    ...author,
                    is_following: following,
                    ...(author.restricted ? {} : { followers_count: followers }),
                  },
            ),
          }
        : current,
    );
  return (
    <ul
      className={
        dimmed
          ? 'grid gap-4 opacity-60 transition-opacity sm:grid-cols-2 lg:grid-cols-3'
          : 'grid gap-4 sm:grid-cols-2 lg:grid-cols-3'
      }
      data-testid="author-list"
    >
      {authors.map((author) => (
        <li
          key={author.id}
          className="flex min-w-0 flex-col rounded-2xl border bg-card p-4 sm:p-5"
          data-testid="author-card"
        >
          <div className="flex items-center gap-3">
            <Avatar name={author.username} src={author.profile_pic} className="size-12" />
            <div className="min-w-0 flex-1">
              <Link
                to={`/profile/${encodeURIComponent(author.username)}`}
                className="block truncate font-semibold hover:underline"
                data-testid="author-name"
              >
                {author.username}
              </Link>
              {author.restricted ? (
                <p className="inline-flex items-center gap-1 text-sm text-muted-foreground">
                  <Lock className="size-3.5" aria-hidden="true" />
                  Private profile
                </p>
              ) : (
                <p
                  className="flex flex-wrap gap-x-1 text-sm text-muted-foreground"
                  data-testid="author-counts"
                >
                  <span className="whitespace-nowrap">
                    {plural(author.followers_count ?? 0, 'follower', 'followers')} ·
                  </span>{' '}
                  <span className="whitespace-nowrap">
                    {plural(author.stories_count ?? 0, 'story', 'stories')}
                  </span>
                </p>
              )}
            </div>
            {author.id === myId ? (
              <span className="text-sm text-muted-foreground">You</span>
            ) : (
              <FollowButton
                username={author.username}
                following={author.is_following ?? false}
                followers={author.followers_count ?? 0}
                invalidate={[userKeys.profiles, feedKeys.all, userKeys.suggestedAll]}
                onChange={(following, followers) => remember(author.id, following, followers)}
              />
            )}
          </div>
          {!author.restricted && author.bio ? (
            <p className="mt-3 line-clamp-2 break-words text-sm text-foreground/80">{author.bio}</p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function AuthorGridSkeleton() {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-hidden="true">
      {Array.from({ length: 6 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <li key={index} className="flex items-center gap-3 rounded-2xl border bg-card p-4 sm:p-5">
          <Skeleton className="size-12 rounded-full" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-32" />
            <Skeleton className="h-3 w-40" />
          </div>
          <Skeleton className="h-8 w-20" />
        </li>
      ))}
    </ul>
  );
}
