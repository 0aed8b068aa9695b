import { ChevronLeft, ChevronRight, Eye, Globe, Lock } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '../../../components/ui/dialog';
import { isBlankHtml } from '../model/content';
import type { ChapterDraft, StoryDetails } from '../model/story-form';
import { CoverArt } from './cover-art';
import { LazyRichTextView } from './lazy-editor';

type StoryPreviewProps = {
  details: StoryDetails;
  coverUrl: string | null;
  chapters: ChapterDraft[];
  authorName: string;
  /** Edit form: mark chapters that are not published. */
  showDrafts?: boolean;
};

function PreviewBody({ details, coverUrl, chapters, authorName, showDrafts }: StoryPreviewProps) {
  const [index, setIndex] = useState(0);
  const current = chapters[Math.min(index, chapters.length - 1)];
  return (
    <div className="space-y-8">
      <header className="flex flex-col gap-5 sm:flex-row">
        <CoverArt src={coverUrl} title={details.title} className="w-32 shrink-0 sm:w-40" />
        <div className="min-w-0 space-y-3">
          <div>
            <DialogTitle className="font-serif">
              <span className="block text-2xl leading-tight sm:text-3xl">
                {details.title.trim() || 'Untitled story'}
              </span>
            </DialogTitle>
            <DialogDescription>by {authorName}</DialogDescription>
          </div>
          <div className="flex flex-wrap items-center gap-2 text-xs">
            {details.genre ? (
              <span className="rounded-full bg-primary/10 px-2.5 py-1 font-medium text-primary">
                {details.genre}
              </span>
            ) : null}
            <span className="inline-flex items-center gap-1 rounded-full bg-muted px-2.5 py-1 text-muted-foreground">
              {details.visibility === 'public' ? (
                <Globe className="size-3" aria-hidden="true" />
              ) : (
                <Lock className="size-3" aria-hidden="true" />
              )}
              {details.visibility === 'public' ? 'Public' : 'Private'}
            </span>
            {details.tags.map((tag) => (
              <span key={tag} className="rounded-full border px-2.5 py-1 text-muted-foreground">
                #{tag}
              </span>
            ))}
          </div>
          {details.description.trim() ? (
            <p className="whitespace-pre-line text-sm leading-6 text-muted-foreground">
              {details.description}
            </p>
          ) : null}
        </div>
      </header>

      {current ? (
        <article className="border-t pt-6">
          <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
            <div className="min-w-0">
              <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">
                Chapter {index + 1} of {chapters.length}
                {showDrafts && !current.published ? ' · Draft' : ''}
              </p>
              <h3 className="mt-1 font-serif text-xl font-semibold">
                {current.title.trim() || `Chapter ${index + 1}`}
              </h3>
            </div>
            <div className="flex gap-1">
              <Button
                variant="outline"
                size="icon"
                onClick={() => setIndex(index - 1)}
                disabled={index === 0}
                aria-label="Previous chapter"
              >
                <ChevronLeft aria-hidden="true" />
              </Button>
              <Button
                variant="outline"
                size="icon"
                onClick={() => setIndex(index + 1)}
                disabled={index >= chapters.length - 1}
                aria-label="Next chapter"
              >
                <ChevronRight aria-hidden="true" />
              </Button>
            </div>
          </div>
          {isBlankHtml(current.content) ? (
            <p className="text-sm italic text-muted-foreground">
              No content available for this chapter.
            </p>
          ) : (
            <LazyRichTextView key={current.key} html={current.content} />
          )}
        </article>
      ) : null}
    </div>
  );
}

/** Preview: the story as a reader would see it, before it is published or saved. */
export function StoryPreviewButton(props: StoryPreviewProps & { disabled?: boolean }) {
  const [open, setOpen] = useState(false);
  const { disabled, ...preview } = props;
  return (
    <>
      <Button
        variant="outline"
        onClick={() => setOpen(true)}
        disabled={disabled}
        data-testid="preview-button"
      >
        <Eye aria-hidden="true" />
        Preview
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent
          closeLabel="Close preview"
          className="max-h-[90dvh] overflow-y-auto sm:max-w-3xl sm:p-8"
          data-testid="story-preview"
        >
          {open ? <PreviewBody {...preview} /> : null}
        </DialogContent>
      </Dialog>
    </>
  );
}
