import { MESSAGES } from '@storyloom/shared';
import { useDeferredValue, useEffect, useMemo, useRef } from 'react';
import { useNavigate, useParams } from 'react-router';
import { storyContentsQueryOptions, useStoryContents } from '../../api/chapters/get-story-contents';
import { similarStoriesQueryOptions } from '../../api/stories/get-similar-stories';
import { storyQueryOptions, useStory } from '../../api/stories/get-story';
import { useAuthor, userQueryOptions } from '../../api/users/get-user';
import { PageTitle } from '../../components/page-title';
import { MatureNotice, useMatureNotice } from '../../components/story/mature-notice';
import { ApiError } from '../../lib/api';
import { prefetchLoader } from '../../lib/route-data';
import { useAuthStore } from '../../stores/auth-store';
import { toast } from '../../stores/toast';
import { contentsEntries, continueAt, storyLength } from './detail/contents';
import { DETAIL_MESSAGES } from './detail/messages';
import { MoreLikeThis } from './detail/more-like-this';
import { SeriesNav } from './detail/series-nav';
import { StoryDetailSkeleton } from './detail/story-detail-skeleton';
import { StoryHero } from './detail/story-hero';
import { StoryNotFound } from './detail/story-not-found';
import { StoryTabs } from './detail/story-tabs';
import { TableOfContents } from './detail/table-of-contents';

type Failure = 'not-found' | 'private' | 'failed';

function failureOf(error: unknown): Failure {
  if (error instanceof ApiError && error.code === 'story_private') return 'private';
  if (error instanceof ApiError && error.status === 404) return 'not-found';
  return 'failed';
}

/**
 * Which table of contents to ask for: a signed-in caller asks for drafts too (the server lists
 * them for the story's author only); a visitor, and so every server-rendered page, for the
 * published chapters, a URL the visitors' cache keeps.
 */
const contentsFor = (signedIn: boolean) => ({ publishedOnly: !signedIn });

/** The story with its table of contents, then its author's card and More Like This. */
export const loader = prefetchLoader(async (client, { params }) => {
  const id = params.id ?? '';
  const which = contentsFor(useAuthStore.getState().isAuthenticated);
  const contents = client.prefetchQuery(storyContentsQueryOptions(id, which));
  const story = await client.fetchQuery(storyQueryOptions(id));
  await Promise.all([
    contents,
    client.prefetchQuery(userQueryOptions(story.author.username)),
    client.prefetchQuery(similarStoriesQueryOptions(id)),
  ]);
});

/**
 * /stories/{id}. A private story sends everyone but its author to /stories with 'This story is
 * private and cannot be accessed'; other load failures say 'Failed to load story details'.
 */
export function StoryDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const viewerId = useAuthStore((state) => state.user?.id ?? null);
  const signedIn = useAuthStore((state) => state.isAuthenticated);
  const story = useStory(id);
  const contents = useStoryContents(id, contentsFor(signedIn));
  const entries = useMemo(
    () => (contents.data ? contentsEntries(contents.data) : undefined),
    [contents.data],
  );
  const length = useMemo(
    () => (contents.data ? storyLength(contents.data) : undefined),
    [contents.data],
  );
  const author = useAuthor(story.data?.author.username);
  // A refresh that fails for the network keeps the cached story; a 404 or private answer wins.
  const failed = story.isError ? failureOf(story.error) : null;
  const failure = failed === 'failed' && story.data ? null : failed;

  const redirected = useRef<string | null>(null);
  useEffect(() => {
    if (failure === null || failure === 'not-found' || redirected.current === id) return;
    redirected.current = id;
    if (failure === 'private') toast.error(MESSAGES.storyPrivate);
    else toast.error(DETAIL_MESSAGES.errorTitle, DETAIL_MESSAGES.loadFailed);
    void navigate('/stories', { replace: true });
  }, [failure, id, navigate]);

  // The page renders from a deferred copy of the story: when the answer arrives, React renders
  // the page in slices between other work rather than in one long task (Total Blocking Time).
  const data = useDeferredValue(story.data);
  const notice = useMatureNotice(data);
  if (failure === 'not-found') return <StoryNotFound />;
  if (!data || notice.state === 'pending') return <StoryDetailSkeleton />;
  if (notice.state === 'notice')
    return (
      <div className="px-4" data-testid="story-detail-page">
        <PageTitle title={data.title} />
        <MatureNotice rating={data.rating} onContinue={notice.proceed} />
      </div>
    );

  const isOwner = viewerId !== null && viewerId === data.author_id;
  const resume = isOwner ? null : continueAt(data.progress, entries);
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:py-12" data-testid="story-detail-page">
      <PageTitle title={data.title} />
      <StoryHero
        story={data}
        profile={author.data}
        isOwner={isOwner}
        length={length}
        resume={resume}
      />
      {data.series ? <SeriesNav series={data.series} /> : null}
      <div className="mt-12 max-w-3xl space-y-12">
        <TableOfContents
          storyId={data.id}
          isOwner={isOwner}
          entries={entries}
          failed={contents.isError}
          onRetry={() => void contents.refetch()}
          lastReadId={resume?.chapterId ?? null}
        />
        <StoryTabs story={data} profile={author.data} length={length} />
      </div>
      <MoreLikeThis storyId={data.id} enabled />
    </div>
  );
}
