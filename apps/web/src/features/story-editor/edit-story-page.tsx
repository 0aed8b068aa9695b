import { MESSAGES, STORY_MESSAGES } from '@storyloom/shared';
import { useQuery } from '@tanstack/react-query';
import { CircleAlert, SearchX } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { storyChaptersQueryOptions } from '../../api/chapters/get-story-chapters';
import { storyQueryOptions } from '../../api/stories/get-story';
import { PageTitle } from '../../components/page-title';
import { Button, buttonClasses } from '../../components/ui/button';
import { ApiError } from '../../lib/api';
import { useAuthStore } from '../../stores/auth-store';
import { toast } from '../../stores/toast';
import { EditorSkeleton } from './components/editor-skeleton';
import { preloadEditor } from './components/lazy-editor';
import { EditStoryForm } from './edit-story-form';
import { EDITOR_MESSAGES } from './messages';

const isForbidden = (error: unknown) =>
  error instanceof ApiError && (error.status === 403 || error.code === 'story_private');
const isNotFound = (error: unknown) =>
  error instanceof ApiError && error.status === 404 && error.code !== 'story_private';

function Notice({
  icon: Icon,
  title,
  children,
}: {
  icon: typeof CircleAlert;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <section className="mx-auto flex w-full max-w-xl flex-col items-center px-4 py-20 text-center">
      <PageTitle title={title} />
      <Icon className="size-10 text-muted-foreground" aria-hidden="true" />
      <h1 className="mt-4 text-2xl font-bold tracking-tight">{title}</h1>
      <div className="mt-6 flex flex-wrap justify-center gap-2">{children}</div>
    </section>
  );
}

/**
 * /stories/{id}/edit: loads the story and all its chapters, sends anyone but the author to the
 * story page, then hands over to the form.
 */
export function EditStoryPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const userId = useAuthStore((state) => state.user?.id ?? null);
  const story = useQuery(storyQueryOptions(id));
  const notAuthor =
    isForbidden(story.error) ||
    (story.data !== undefined && userId !== null && story.data.author_id !== userId);
  const chapters = useQuery({
    ...storyChaptersQueryOptions(id, { publishedOnly: false }),
    enabled: story.isSuccess && !notAuthor && userId !== null,
  });

  useEffect(preloadEditor, []);

  const redirected = useRef(false);
  useEffect(() => {
    if (!notAuthor || redirected.current) return;
    redirected.current = true;
    toast.error(STORY_MESSAGES.unauthorizedTitle, STORY_MESSAGES.notYourStory);
    void navigate(`/stories/${encodeURIComponent(id)}`, { replace: true });
  }, [notAuthor, id, navigate]);

  const chaptersFailed = chapters.isError;
  const warned = useRef(false);
  useEffect(() => {
    if (!chaptersFailed || warned.current) return;
    warned.current = true;
    toast.error(EDITOR_MESSAGES.errorTitle, EDITOR_MESSAGES.loadFailed);
  }, [chaptersFailed]);

  if (isNotFound(story.error)) {
    return (
      <Notice icon={SearchX} title={MESSAGES.storyNotFound}>
        <Link to="/stories" className={buttonClasses()}>
          Browse Stories
        </Link>
      </Notice>
    );
  }
  if (story.isError && !notAuthor) {
    return (
      <Notice icon={CircleAlert} title={EDITOR_MESSAGES.loadFailed}>
        <Button onClick={() => void story.refetch()}>Try Again</Button>
        <Link to="/stories" className={buttonClasses({ variant: 'outline' })}>
          Browse Stories
        </Link>
      </Notice>
    );
  }
  if (!story.data || notAuthor || chapters.isPending) {
    return (
      <>
        <PageTitle title="Edit Story" />
        <EditorSkeleton label="Loading your story…" />
      </>
    );
  }
  return (
    <EditStoryForm
      key={story.data.id}
      story={story.data}
      chapters={chapters.isError ? null : chapters.data}
    />
  );
}
