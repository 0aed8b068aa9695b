import { type Chapter, LIMITS, STORY_MESSAGES } from '@storyloom/shared';
import { CalendarCheck, CalendarClock, CalendarX, Send } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { formatDate, formatDateTime } from '../../../lib/format';
import { formatWordCount, wordCountOfHtml } from '../model/content';
import type { ChapterDraft } from '../model/story-form';
import { HistoryButton } from './history-button';
import { LazyRichTextEditor } from './lazy-editor';
import { LengthCounter, LengthError, lengthLimit } from './length-limit';
import { ScheduleDialog } from './schedule-dialog';

type ChapterPanelProps = {
  chapter: ChapterDraft;
  position: number;
  /** Changes when the editor must start over from `chapter.content` (after a reload). */
  revision: number;
  onChange: (patch: Partial<Pick<ChapterDraft, 'title' | 'content'>>) => void;
  /** Edit form: marks the chapter published locally (saved with Save Changes). */
  onPublish?: () => void;
  /** Edit form: the chapter's saves (once it is on the server), and restoring one. */
  history?: { dirty: boolean; onRestored: (chapter: Chapter) => void };
  /** Edit form: schedules (a time) or unschedules (null) it locally, saved with Save Changes. */
  onSchedule?: (at: string | null) => void;
  disabled?: boolean;
};

function PublishStatus({ chapter }: { chapter: ChapterDraft }) {
  if (!chapter.published && chapter.publishAt)
    return (
      <span className="inline-flex items-center gap-1.5" data-testid="chapter-scheduled-status">
        <CalendarClock className="size-3.5" aria-hidden="true" />
        Scheduled for {formatDateTime(chapter.publishAt)}
      </span>
    );
  if (!chapter.published) return <span>Not published yet</span>;
  if (!chapter.publishedAt) return <span>Published when you save changes</span>;
  return (
    <span className="inline-flex items-center gap-1.5">
      <CalendarCheck className="size-3.5" aria-hidden="true" />
      Published {formatDate(chapter.publishedAt)}
    </span>
  );
}

/** The selected chapter: its title, the rich-text editor and its live word count. */
export function ChapterPanel({
  chapter,
  position,
  revision,
  onChange,
  onPublish,
  history,
  onSchedule,
  disabled = false,
}: ChapterPanelProps) {
  const id = useId();
  const [scheduling, setScheduling] = useState(false);
  const words = wordCountOfHtml(chapter.content);
  const title = lengthLimit(chapter.title, LIMITS.chapterTitleMax);
  return (
    <section
      aria-label={`Chapter ${position}`}
      className="min-w-0 space-y-4"
      data-testid="chapter-panel"
    >
      <div className="space-y-1.5">
        <div className="flex items-baseline justify-between gap-3">
          <label htmlFor={`${id}title`} className="text-sm font-medium text-foreground">
            Chapter title
          </label>
          <LengthCounter limit={title} />
        </div>
        <Input
          id={`${id}title`}
          value={chapter.title}
          onChange={(event) => onChange({ title: event.target.value })}
          placeholder={`Chapter ${position}`}
          disabled={disabled}
          autoComplete="off"
          aria-invalid={title.over || undefined}
          aria-describedby={title.over ? `${id}title-error` : undefined}
          className="aria-invalid:border-destructive"
          data-testid="chapter-title-input"
        />
        {title.over ? (
          <LengthError id={`${id}title-error`} message={STORY_MESSAGES.chapterTitleMax} />
        ) : null}
      </div>
      <div className="space-y-1.5">
        <span id={`${id}content`} className="block text-sm font-medium text-foreground">
          Content
        </span>
        <LazyRichTextEditor
          key={`${chapter.key}:${revision}`}
          value={chapter.content}
          onChange={(content) => onChange({ content })}
          labelledBy={`${id}content`}
          describedBy={`${id}words`}
          placeholder="Start writing your chapter…"
          disabled={disabled}
        />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3 text-sm text-muted-foreground">
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
          <span id={`${id}words`} data-testid="word-count" className="tabular-nums">
            {formatWordCount(words)}
          </span>
          {onPublish ? <PublishStatus chapter={chapter} /> : null}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {history && chapter.id ? (
            <HistoryButton
              chapterId={chapter.id}
              currentTitle={chapter.title.trim() || `Chapter ${position}`}
              currentContent={chapter.content}
              dirty={history.dirty}
              onRestored={history.onRestored}
              disabled={disabled}
            />
          ) : null}
          {onPublish && !chapter.published && onSchedule && chapter.publishAt ? (
            <Button
              size="sm"
              variant="ghost"
              onClick={() => onSchedule(null)}
              disabled={disabled}
              data-testid="unschedule-chapter"
            >
              <CalendarX aria-hidden="true" />
              Cancel schedule
            </Button>
          ) : null}
          {onPublish && !chapter.published && onSchedule ? (
            <Button
              size="sm"
              variant="outline"
              onClick={() => setScheduling(true)}
              disabled={disabled}
              data-testid="schedule-chapter"
            >
              <CalendarClock aria-hidden="true" />
              {chapter.publishAt ? 'Reschedule' : 'Schedule'}
            </Button>
          ) : null}
          {onPublish && !chapter.published ? (
            <Button size="sm" onClick={onPublish} disabled={disabled} data-testid="publish-chapter">
              <Send aria-hidden="true" />
              Publish Chapter
            </Button>
          ) : null}
        </div>
      </div>
      {onSchedule ? (
        <ScheduleDialog
          open={scheduling}
          onOpenChange={setScheduling}
          current={chapter.publishAt}
          onSchedule={onSchedule}
        />
      ) : null}
    </section>
  );
}
