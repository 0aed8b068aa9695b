import type { Chapter, Story } from '@storyloom/shared';
import { ArrowLeft, ChartColumn, Save } from 'lucide-react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { useAuthStore } from '../../stores/auth-store';
import { DangerZone } from './components/danger-zone';
import { EditorLayout } from './components/editor-layout';
import { StoryPreviewButton } from './components/story-preview-dialog';
import { StorySettingsFields } from './components/story-settings-fields';
import { VisibilityCards } from './components/visibility-cards';
import { useEditForm } from './hooks/use-edit-form';
import { EDITOR_MESSAGES } from './messages';

export function EditStoryForm({ story, chapters }: { story: Story; chapters: Chapter[] | null }) {
  const form = useEditForm(story, chapters);
  const username = useAuthStore((state) => state.user?.username ?? story.author.username);
  const { values, saving } = form;
  const title = values.details.title.trim() || story.title;

  const header = (
    <header className="z-30 -mx-4 border-b bg-background/90 px-4 py-4 backdrop-blur md:sticky md:top-16">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <Link
            to={`/stories/${story.id}`}
            className={buttonClasses({ variant: 'link', size: 'sm', className: '-ml-3' })}
          >
            <ArrowLeft aria-hidden="true" />
            Back to Story
          </Link>
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <h1 className="font-serif text-2xl font-bold tracking-tight">Edit Story</h1>
            {form.dirty ? (
              <span
                className="inline-flex items-center gap-1.5 rounded-full bg-warning/15 px-2.5 py-0.5 text-xs font-medium text-warning"
                data-testid="unsaved-indicator"
              >
                <span className="size-1.5 rounded-full bg-warning" aria-hidden="true" />
                {EDITOR_MESSAGES.unsavedChanges}
              </span>
            ) : null}
          </div>
          <p className="truncate text-sm text-muted-foreground">{title}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link
            to={`/stories/${story.id}/stats`}
            className={buttonClasses({ variant: 'outline' })}
            data-testid="story-stats-link"
          >
            <ChartColumn aria-hidden="true" />
            Stats
          </Link>
          <StoryPreviewButton
            details={values.details}
            coverUrl={form.coverUrl}
            chapters={values.chapters}
            authorName={username}
            showDrafts
          />
          <Button
            onClick={form.save}
            disabled={!form.dirty || saving}
            className="max-sm:w-full"
            data-testid="save-changes"
          >
            <Save aria-hidden="true" />
            {saving ? 'Saving...' : 'Save Changes'}
          </Button>
        </div>
      </div>
    </header>
  );

  return (
    <EditorLayout
      form={form}
      title={`Edit: ${title}`}
      testId="edit-story-page"
      className="mx-auto w-full max-w-5xl px-4 pb-10"
      header={header}
      busy={saving}
      details={
        <VisibilityCards
          value={values.details.visibility}
          onChange={(visibility) => form.setDetails({ visibility })}
          disabled={saving}
        />
      }
      settings={
        <div className="max-w-3xl space-y-6">
          <section
            className="rounded-2xl border bg-card p-5 sm:p-6"
            aria-labelledby="story-settings-heading"
          >
            <h2 id="story-settings-heading" className="mb-5 text-base font-semibold">
              Story Settings
            </h2>
            <StorySettingsFields
              settings={values.settings}
              onChange={form.setSettings}
              disabled={saving}
            />
          </section>
          <DangerZone title={story.title} deleting={form.deleting} onDelete={form.remove} />
        </div>
      }
    >
      <ConfirmDialog
        open={form.blocker.state === 'blocked'}
        onOpenChange={(open) => {
          if (!open && form.blocker.state === 'blocked') form.blocker.reset();
        }}
        title="Leave without saving?"
        description="You have unsaved changes. They stay as a draft on this device, and you can restore them when you come back."
        cancelLabel="Stay"
        confirmLabel="Leave"
        destructive
        onConfirm={() => {
          if (form.blocker.state === 'blocked') form.blocker.proceed();
        }}
      />
    </EditorLayout>
  );
}
