import { COMMENT_LIMITS, COMMENT_MESSAGES, groupDigits } from '@storyloom/shared';
import { clsx } from 'clsx';
import { Loader2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Textarea } from '../../../components/ui/textarea';
import { ApiError, errorMessage, firstFieldError } from '../../../lib/api';
import { toast } from '../../../stores/toast';
import { COMMENTS_TEXT } from './messages';

interface CommentComposerProps {
  /** The text box's accessible name and placeholder. */
  label: string;
  placeholder: string;
  submitLabel: string;
  pendingLabel: string;
  /** The failure toast's title, for a refusal that is not about the text itself. */
  failureTitle: string;
  initialBody?: string;
  /** Resolves once the server took it; the box then empties (or the caller closes it). */
  onSubmit: (body: string) => Promise<unknown>;
  onCancel?: () => void;
  autoFocus?: boolean;
  /** Fewer rows to start with: a reply or an edit. */
  compact?: boolean;
  testId?: string;
}

/**
 * A box for a comment's text: a live count against the limit, Post disabled while blank, too
 * long or on its way. A refusal about the text (blank, too long, posted twice) shows under the
 * box; anything else is a toast.
 */
export function CommentComposer({
  label,
  placeholder,
  submitLabel,
  pendingLabel,
  failureTitle,
  initialBody = '',
  onSubmit,
  onCancel,
  autoFocus = false,
  compact = false,
  testId = 'comment-composer',
}: CommentComposerProps) {
  const [body, setBody] = useState(initialBody);
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const counterId = useId();
  const problemId = useId();
  const length = body.trim().length;
  const tooLong = length > COMMENT_LIMITS.bodyMax;
  const unchanged = initialBody !== '' && body.trim() === initialBody.trim();
  const disabled = length === 0 || tooLong || pending || unchanged;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (disabled) return;
    setPending(true);
    setProblem(null);
    try {
      await onSubmit(body.trim());
      setBody('');
    } catch (error) {
      const aboutText =
        error instanceof ApiError
          ? (firstFieldError(error.details, 'body') ??
            (error.code === 'conflict' ? error.message || COMMENT_MESSAGES.duplicate : undefined) ??
            // Refused (comments turned off, or the author blocked the writer): say why, here.
            (error.status === 403 && error.message ? error.message : undefined))
          : undefined;
      if (aboutText) setProblem(aboutText);
      else toast.error(failureTitle, errorMessage(error, 'Please try again later.'));
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={submit} className="comment-composer" data-testid={testId}>
      <Textarea
        value={body}
        onChange={(event) => {
          setBody(event.target.value);
          if (problem) setProblem(null);
        }}
        onKeyDown={(event) => {
          // Ctrl/⌘ + Enter posts, as in most comment boxes.
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void submit(event);
        }}
        aria-label={label}
        placeholder={placeholder}
        autoFocus={autoFocus}
        rows={compact ? 2 : 3}
        aria-invalid={problem || tooLong ? true : undefined}
        aria-describedby={clsx(counterId, problem && problemId)}
        className={clsx(
          'resize-y text-[0.95rem] leading-relaxed',
          compact ? 'min-h-16' : 'min-h-24',
        )}
      />
      {problem ? (
        <p id={problemId} role="alert" className="mt-1.5 text-sm text-destructive">
          {problem}
        </p>
      ) : null}
      <div className="mt-2 flex items-center justify-between gap-3">
        <p
          id={counterId}
          className={clsx(
            'text-xs tabular-nums',
            tooLong ? 'font-medium text-destructive' : 'text-muted-foreground',
          )}
          data-testid="comment-counter"
        >
          {groupDigits(length)}/{groupDigits(COMMENT_LIMITS.bodyMax)}
        </p>
        <div className="flex gap-2">
          {onCancel ? (
            <Button variant="ghost" size="sm" onClick={onCancel} disabled={pending}>
              {COMMENTS_TEXT.cancel}
            </Button>
          ) : null}
          <Button type="submit" size="sm" disabled={disabled} aria-busy={pending}>
            {pending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
            {pending ? pendingLabel : submitLabel}
          </Button>
        </div>
      </div>
    </form>
  );
}
