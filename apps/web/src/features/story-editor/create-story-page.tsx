import { BookOpen, FileText, Settings2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { ConfirmDialog } from '../../components/ui/alert-dialog';
import { Button } from '../../components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { useAuthStore } from '../../stores/auth-store';
import { ChaptersEditor } from './components/chapters-editor';
import { CoverField } from './components/cover-field';
import { DraftBanner } from './components/draft-banner';
import { EditorSkeleton } from './components/editor-skeleton';
import { StoryDetailsFields } from './components/story-details-fields';
import { StoryPreviewButton } from './components/story-preview-dialog';
import { VisibilityCards } from './components/visibility-cards';
import { type CreateTab, useCreateForm } from './hooks/use-create-form';

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

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-6 sm:py-10" data-testid="create-story-page">
      <PageTitle title="Create Story" />
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
            details={form.details}
            coverUrl={form.coverUrl}
            chapters={form.chapters}
            authorName={username}
            disabled={busy}
          />
          <Button onClick={form.publish} disabled={busy} data-testid="publish-story">
            <BookOpen aria-hidden="true" />
            {busy ? 'Publishing...' : 'Publish Story'}
          </Button>
        </div>
      </header>

      {form.offer ? (
        <div className="mt-6">
          <DraftBanner
            savedAt={form.offer.savedAt}
            onRestore={form.restore}
            onDiscard={form.discardOffer}
          />
        </div>
      ) : null}

      <Tabs
        value={form.tab}
        onValueChange={(value) => form.setTab(value as CreateTab)}
        className="mt-6"
      >
        <TabsList>
          <TabsTrigger value="details">
            <FileText aria-hidden="true" />
            Story Details
          </TabsTrigger>
          <TabsTrigger value="chapters">
            <BookOpen aria-hidden="true" />
            Chapters
          </TabsTrigger>
          <TabsTrigger value="settings">
            <Settings2 aria-hidden="true" />
            Settings
          </TabsTrigger>
        </TabsList>

        <TabsContent value="details">
          <div className="grid grid-cols-1 gap-8 md:grid-cols-[11rem_minmax(0,1fr)]">
            <CoverField
              previewUrl={form.coverUrl}
              onSelect={form.setCover}
              onRemove={() => form.setCover(null)}
              disabled={busy}
            />
            <StoryDetailsFields details={form.details} onChange={form.setDetails} disabled={busy} />
          </div>
        </TabsContent>

        <TabsContent value="chapters">
          <ChaptersEditor
            chapters={form.chapters}
            selectedKey={form.selectedKey}
            revision={form.revision}
            onSelect={form.chapterActions.select}
            onAdd={form.chapterActions.add}
            onRemove={form.chapterActions.remove}
            onChange={form.chapterActions.change}
            disabled={busy}
          />
        </TabsContent>

        <TabsContent value="settings">
          <div className="max-w-2xl rounded-2xl border bg-card p-5 sm:p-6">
            <VisibilityCards
              value={form.details.visibility}
              onChange={(visibility) => form.setDetails({ visibility })}
              disabled={busy}
            />
          </div>
        </TabsContent>
      </Tabs>

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
    </div>
  );
}
