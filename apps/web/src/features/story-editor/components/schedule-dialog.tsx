import { CalendarClock } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { localZoneName, scheduleFromInput, toLocalInput } from '../model/schedule';

type ScheduleDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The chapter's current schedule, to start from; else an hour from now. */
  current: string | null;
  onSchedule: (at: string) => void;
};

/** Picks when a chapter publishes, in the writer's own time zone (named). */
export function ScheduleDialog({ open, onOpenChange, current, onSchedule }: ScheduleDialogProps) {
  const id = useId();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const zone = localZoneName();
  // Each opening starts from the current schedule, or an hour from now.
  useEffect(() => {
    if (!open) return;
    setValue(toLocalInput(current ?? Date.now() + 3_600_000));
    setError(null);
  }, [open, current]);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid="schedule-dialog">
        <DialogTitle>Schedule chapter</DialogTitle>
        <DialogDescription>
          It stays a draft only you can see, and publishes by itself at this time. Readers who
          follow you or saved the story are told then.
        </DialogDescription>
        <form
          className="mt-5 space-y-4"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            const result = scheduleFromInput(value);
            if ('error' in result) {
              setError(result.error);
              return;
            }
            onSchedule(result.at);
            onOpenChange(false);
          }}
        >
          <div className="space-y-1.5">
            <label htmlFor={`${id}at`} className="text-sm font-medium">
              Publish on
            </label>
            <Input
              id={`${id}at`}
              type="datetime-local"
              value={value}
              onChange={(event) => {
                setValue(event.target.value);
                setError(null);
              }}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${id}zone${error ? ` ${id}error` : ''}`}
              className="aria-invalid:border-destructive"
              data-testid="schedule-input"
            />
            <p id={`${id}zone`} className="text-xs text-muted-foreground">
              Time zone: {zone}
            </p>
            {error ? (
              <p
                id={`${id}error`}
                role="alert"
                className="text-sm text-destructive"
                data-testid="schedule-error"
              >
                {error}
              </p>
            ) : null}
          </div>
          <div className="flex flex-wrap justify-end gap-2">
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button type="submit" data-testid="schedule-confirm">
              <CalendarClock aria-hidden="true" />
              {current ? 'Reschedule' : 'Schedule'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
