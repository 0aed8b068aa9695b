import type { Story } from '@storyloom/shared';
import { Flame, Plus, Sparkles, UserPlus, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useFollowingFeed } from '../../api/feed/get-following-feed';
import { useStorySection } from '../../api/stories/get-story-list';
import { EmptyState } from '../../components/empty-state';
import { ListError } from '../../components/list-error';
import { LoadMore } from '../../components/load-more';
import { PageTitle } from '../../components/page-title';
import { StoryCardSkeleton, StoryGrid } from '../../components/story/story-card';
import { type StoryLayout, ViewToggle } from '../../components/story/view-toggle';
import { buttonClasses } from '../../components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { pagedItems, pagedTotal } from '../../lib/paging';
import { type User, useAuthStore } from '../../stores/auth-store';
import { FeedSidebar } from './components/feed-sidebar';
import { mixForYou } from './mix-for-you';

/** How many stories each of the feed's lists loads. */
const FEED = { popular: 20, latest: 20, trending: 10 } as const;

const TABS = ['for-you', 'following', 'trending'] as const;
type FeedTab = (typeof TABS)[number];

/** "Welcome" on an account's first day (a new reader has not been here before), then "Welcome back". */
function greeting(user: User, now = Date.now()): string {
  const firstDay = now - new Date(user.created_at).getTime() < 24 * 60 * 60 * 1000;
  return `${firstDay ? 'Welcome' : 'Welcome back'}, ${user.username}`;
}

/** /feed: For You, Following and Trending, with the user's corner alongside. Tab and view are in the URL. */
export function FeedPage() {
  const user = useAuthStore((s) => s.user);
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: FeedTab = (TABS as readonly string[]).includes(tabParam ?? '')
    ? (tabParam as FeedTab)
    : 'for-you';
  const view: StoryLayout = params.get('view') === 'list' ? 'list' : 'grid';

  const set = (key: string, value: string, fallback: string) => {
    const next = new URLSearchParams(params);
    if (value === fallback) next.delete(key);
    else next.set(key, value);
    setParams(next, { replace: true });
  };

  const popular = useStorySection({ sort: 'popular', limit: FEED.popular });
  const latest = useStorySection({ sort: 'latest', limit: FEED.latest });
  const trending = useStorySection({ sort: 'trending', limit: FEED.trending }, tab === 'trending');
  const following = useFollowingFeed(tab === 'following');

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:py-10">
      <PageTitle title="Your Feed" />
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-serif text-3xl font-bold sm:text-4xl">
            {user ? greeting(user) : 'Your Feed'}
          </h1>
          <p className="mt-2 text-muted-foreground">
            Stories picked for you, from the authors you follow and trending now.
          </p>
        </div>
        <div className="flex items-center gap-2">
          <ViewToggle view={view} onChange={(next) => set('view', next, 'grid')} />
          <Link to="/stories/create" className={buttonClasses()}>
            <Plus aria-hidden="true" />
            Create Story
          </Link>
        </div>
      </div>

      <div className="mt-8 grid gap-10 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <Tabs value={tab} onValueChange={(next) => set('tab', next, 'for-you')} className="min-w-0">
          <TabsList aria-label="Feed">
            <TabsTrigger value="for-you">
              <Sparkles aria-hidden="true" />
              For You
            </TabsTrigger>
            <TabsTrigger value="following">
              <Users aria-hidden="true" />
              Following
            </TabsTrigger>
            <TabsTrigger value="trending">
              <Flame aria-hidden="true" />
              Trending
            </TabsTrigger>
          </TabsList>

          <TabsContent value="for-you" data-testid="feed-for-you">
            <StoryList
              loading={popular.loading || latest.loading}
              stories={mixForYou(popular.stories, latest.stories)}
              view={view}
              empty={
                <EmptyState
                  icon={Sparkles}
                  title="No stories yet"
                  description="Be the first to publish a story on Storyloom."
                  action={
                    <Link to="/stories/create" className={buttonClasses()}>
                      Create Story
                    </Link>
                  }
                />
              }
            />
          </TabsContent>

          <TabsContent value="following" data-testid="feed-following">
            {following.isError && !following.data ? (
              <ListError
                title="Could not load your feed"
                error={following.error}
                onRetry={() => void following.refetch()}
              />
            ) : (
              <>
                <StoryList
                  loading={following.isPending}
                  stories={pagedItems(following.data)}
                  view={view}
                  empty={
                    <EmptyState
                      icon={UserPlus}
                      title="Follow authors to fill your feed"
                      description="Stories from the authors you follow appear here, newest first. Start with the suggested authors, or discover someone new."
                      data-testid="following-empty"
                      action={
                        <Link to="/stories" className={buttonClasses({ variant: 'outline' })}>
                          Discover Stories
                        </Link>
                      }
                    />
                  }
                />
                <LoadMore
                  shown={pagedItems(following.data).length}
                  total={pagedTotal(following.data)}
                  hasMore={following.hasNextPage}
                  loading={following.isFetchingNextPage}
                  onLoadMore={() => void following.fetchNextPage()}
                />
              </>
            )}
          </TabsContent>

          <TabsContent value="trending" data-testid="feed-trending">
            <StoryList
              loading={trending.loading}
              stories={trending.stories}
              view={view}
              ranked
              empty={
                <EmptyState
                  icon={Flame}
                  title="Nothing trending yet"
                  description="Stories readers take to this week will show up here."
                />
              }
            />
          </TabsContent>
        </Tabs>

        <FeedSidebar user={user} />
      </div>
    </div>
  );
}

function StoryList({
  loading,
  stories,
  view,
  empty,
  ranked = false,
}: {
  loading: boolean;
  stories: Story[];
  view: StoryLayout;
  empty: ReactNode;
  ranked?: boolean;
}) {
  if (loading) {
    return (
      <div
        className={
          view === 'grid'
            ? 'grid grid-cols-2 gap-x-4 gap-y-6 sm:grid-cols-3 lg:grid-cols-4'
            : 'flex flex-col gap-4'
        }
      >
        {Array.from({ length: 6 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <StoryCardSkeleton key={index} layout={view} />
        ))}
      </div>
    );
  }
  if (stories.length === 0) return <>{empty}</>;
  return <StoryGrid stories={stories} layout={view} ranked={ranked} />;
}
