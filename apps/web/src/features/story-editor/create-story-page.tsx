import { BookOpen } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { useAuthStore } from '../../stores/auth-store';
import { EditorLayout } from './components/editor-layout';
import { EditorSkeleton } from './components/editor-skeleton';
import { StoryPreviewButton } from './components/story-preview-dialog';
import { VisibilityCards } from './components/visibility-cards';
import { useCreateForm } from './hooks/use-create-form';

/** Back where the author came from, or their feed when they opened this page directly. */
function useGoBack() {
  const navigate = useNavigate();
  return () => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) void navigate(-1);
    else void navigate('/feed');
  };
}

export function CreateStoryPage() {
  const form = useCreateForm();
  const username = useAuthStore((state) => state.user?.username ?? 'You');
  const goBack = useGoBack();
  const [confirmCancel, setConfirmCancel] = useState(false);

  if (!form.ready) {
    return (
      <>
        <PageTitle title="Create Story" />
        <EditorSkeleton label="Loading the story editor…" />
      </>
    );
  }

  const cancel = () => (form.hasWork ? setConfirmCancel(true) : goBack());
  const busy = form.publishing;
  const header = (
    <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <h1 className="font-serif text-3xl font-bold tracking-tight">Create a New Story</h1>
        <p className="mt-1 text-muted-foreground">Share your imagination with the world.</p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="ghost" onClick={cancel} disabled={busy}>
          Cancel
        </Button>
        <StoryPreviewButton
          details={form.values.details}
          coverUrl={form.coverUrl}
          chapters={form.values.chapters}
          authorName={username}
          disabled={busy}
        />
        <Button onClick={form.publish} disabled={busy} data-testid="publish-story">
          <BookOpen aria-hidden="true" />
          {busy ? 'Publishing...' : 'Publish Story'}
        </Button>
      </div>
    </header>
  );

  return (
    <EditorLayout
      form={form}
      title="Create Story"
      testId="create-story-page"
      className="mx-auto w-full max-w-5xl px-4 py-6 sm:py-10"
      header={header}
      busy={busy}
      settings={
        <div className="max-w-2xl rounded-2xl border bg-card p-5 sm:p-6">
          <VisibilityCards
            value={form.values.details.visibility}
            onChange={(visibility) => form.setDetails({ visibility })}
            disabled={busy}
          />
        </div>
      }
    >
      <ConfirmDialog
        open={confirmCancel}
        onOpenChange={setConfirmCancel}
        title="Discard this story?"
        description="It has not been published. If you leave now, what you wrote here is discarded."
        cancelLabel="Keep Writing"
        confirmLabel="Discard"
        destructive
        onConfirm={() => {
          setConfirmCancel(false);
          form.discard();
          goBack();
        }}
      />
    </EditorLayout>
  );
}
