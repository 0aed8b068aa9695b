import {
  MODERATION_LIMITS,
  MODERATION_MESSAGES,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  type ReportReason,
  type ReportTarget,
} from '@storyloom/shared';
import { RadioGroup } from 'radix-ui';
import { type FormEvent, useState } from 'react';
import { useSendReport } from '../api/moderation/report';
import { fieldErrors, toApiError } from '../lib/api';
import { toast } from '../stores/toast';
import { Button } from './ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from './ui/dialog';
import { FormField, INVALID_CONTROL } from './ui/form-field';
import { Textarea } from './ui/textarea';

/** What the dialog calls each kind of target in its title. */
const NOUNS: Record<ReportTarget, string> = {
  story: 'story',
  chapter: 'chapter',
  comment: 'comment',
  user: 'user',
};

/**
 * The Report dialog (issue 21): a reason from the list and an optional note, for a
 * story, chapter, comment or user. The moderators see it in /admin; the reporter is told when
 * it is handled. Reporting the same thing twice while it is open is answered kindly. Loaded
 * the first time it opens (report-dialog.tsx).
 */
export function ReportFormDialog({
  open,
  onOpenChange,
  target,
  targetId,
  name,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  target: ReportTarget;
  targetId: string;
  /** The story's title, the username…: shown in the description. */
  name?: string;
}) {
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const send = useSendReport();

  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      setReason('');
      setNote('');
      setErrors({});
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason) {
      setErrors({ reason: MODERATION_MESSAGES.reasonRequired });
      return;
    }
    try {
      const trimmed = note.trim();
      await send.mutateAsync({
        target_type: target,
        target_id: targetId,
        reason,
        note: trimmed || undefined,
      });
      toast.success('Report sent', MODERATION_MESSAGES.reported);
      close(false);
    } catch (error) {
      const failure = toApiError(error);
      const fields = fieldErrors(failure.details);
      if (Object.keys(fields).length > 0 && (fields.reason || fields.note)) setErrors(fields);
      else toast.error('Could not send the report', failure.message);
    }
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto" data-testid="report-dialog">
        <DialogTitle>Report this {NOUNS[target]}</DialogTitle>
        <DialogDescription>
          {name ? <span className="font-medium text-foreground">{name}</span> : null}
          {name ? ' — ' : ''}Tell the moderators what is wrong. They will not tell anyone who
          reported it.
        </DialogDescription>
        <form className="mt-4 space-y-4" onSubmit={submit} noValidate>
          <fieldset>
            <legend className="mb-2 text-sm font-medium text-foreground">Reason</legend>
            <RadioGroup.Root
              value={reason}
              onValueChange={(value) => {
                setReason(value as ReportReason);
                setErrors((current) => ({ ...current, reason: '' }));
              }}
              aria-label="Reason"
              aria-invalid={errors.reason ? true : undefined}
              aria-describedby={errors.reason ? 'report-reason-error' : undefined}
              className="grid gap-1.5"
            >
              {REPORT_REASONS.map((value) => (
                <div
                  key={value}
                  className="flex items-center gap-3 rounded-lg border border-border px-3 transition-colors hover:bg-accent has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-primary/5"
                >
                  <RadioGroup.Item
                    id={`report-reason-${value}`}
                    value={value}
                    className="flex size-4 shrink-0 items-center justify-center rounded-full border border-input focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring data-[state=checked]:border-primary"
                  >
                    <RadioGroup.Indicator className="size-2 rounded-full bg-primary" />
                  </RadioGroup.Item>
                  <label
                    htmlFor={`report-reason-${value}`}
                    className="flex-1 cursor-pointer py-2 text-sm"
                  >
                    {REPORT_REASON_LABELS[value]}
                  </label>
                </div>
              ))}
            </RadioGroup.Root>
            {errors.reason ? (
              <p id="report-reason-error" role="alert" className="mt-1.5 text-sm text-destructive">
                {errors.reason}
              </p>
            ) : null}
          </fieldset>
          <FormField
            label="Note"
            labelNote="(optional)"
            error={errors.note || undefined}
            hint={`${note.length}/${MODERATION_LIMITS.noteMax}`}
          >
            {(control) => (
              <Textarea
                {...control}
                className={INVALID_CONTROL}
                value={note}
                maxLength={MODERATION_LIMITS.noteMax}
                rows={3}
                placeholder="Anything that helps the moderators: where, what, links"
                onChange={(event) => setNote(event.target.value)}
              />
            )}
          </FormField>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => close(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={send.isPending}>
              {send.isPending ? 'Sending…' : 'Send report'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
