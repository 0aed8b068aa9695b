import type { Chapter } from '@storyloom/shared';
import { BookOpen, FileText, Settings2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { PageTitle } from '../../../components/page-title';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import type { EditorTab, StoryForm } from '../hooks/use-story-form';
import { chapterIsDirty } from '../model/editor-state';
import type { ChapterDraft } from '../model/story-form';
import { ChaptersEditor } from './chapters-editor';
import { CoverField } from './cover-field';
import { DraftBanner } from './draft-banner';
import { StoryDetailsFields } from './story-details-fields';

type EditorLayoutProps = {
  form: StoryForm;
  title: string;
  testId: string;
  className: string;
  /** The page's heading and its buttons. */
  header: ReactNode;
  /** Fields and buttons are disabled while the story is published or saved. */
  busy: boolean;
  /** Below the details fields. */
  details?: ReactNode;
  /** The Settings tab. */
  settings: ReactNode;
  /** Dialogs. */
  children?: ReactNode;
};

/**
 * The editor both pages share: the draft offer, then the Story Details, Chapters and Settings
 * tabs. A new story's chapters are all published with it, so they are not reordered or
 * published one by one.
 */
export function EditorLayout({
  form,
  title,
  testId,
  className,
  header,
  busy,
  details,
  settings,
  children,
}: EditorLayoutProps) {
  const { values, state, chapterActions } = form;
  const fields = (
    <StoryDetailsFields details={values.details} onChange={form.setDetails} disabled={busy} />
  );
  return (
    <div className={className} data-testid={testId}>
      <PageTitle title={title} />
      {header}

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
        onValueChange={(value) => form.setTab(value as EditorTab)}
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
              onSelect={form.replaceCover}
              onRemove={form.removeCover}
              disabled={busy}
            />
            {details ? (
              <div className="space-y-8">
                {fields}
                {details}
              </div>
            ) : (
              fields
            )}
          </div>
        </TabsContent>

        <TabsContent value="chapters">
          <ChaptersEditor
            chapters={values.chapters}
            selectedKey={state.selectedKey}
            revision={state.revision}
            onSelect={chapterActions.select}
            onAdd={chapterActions.add}
            onRemove={chapterActions.remove}
            onChange={chapterActions.change}
            {...(form.isNew
              ? {}
              : {
                  onMove: chapterActions.move,
                  onPublish: chapterActions.publish,
                  history: {
                    isDirty: (chapter: ChapterDraft) => chapterIsDirty(chapter, form.baseline),
                    onRestored: (chapter: Chapter) =>
                      form.dispatch({ type: 'revision-restored', chapter }),
                  },
                  onSchedule: chapterActions.schedule,
                })}
            disabled={busy}
          />
        </TabsContent>

        <TabsContent value="settings">{settings}</TabsContent>
      </Tabs>

      {children}
    </div>
  );
}
