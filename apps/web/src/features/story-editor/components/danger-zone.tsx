import { TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';

/** Delete Story behind a confirmation. */
export function DangerZone({
  title,
  deleting,
  onDelete,
}: {
  title: string;
  deleting: boolean;
  /** Deletes; calls `done` when it succeeded (the dialog then closes). */
  onDelete: (done: () => void) => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <section
      aria-labelledby="danger-zone-heading"
      className="rounded-2xl border border-destructive/40 bg-destructive/5 p-5 sm:p-6"
    >
      <h2
        id="danger-zone-heading"
        className="flex items-center gap-2 text-base font-semibold text-destructive"
      >
        <TriangleAlert className="size-4" aria-hidden="true" />
        Danger Zone
      </h2>
      <div className="mt-3 flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted-foreground">
          A deleted story goes, with all of its chapters, to Recently deleted for 30 days; you can
          restore it from there until then.
        </p>
        <Button variant="destructive" onClick={() => setOpen(true)} data-testid="delete-story">
          Delete Story
        </Button>
      </div>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Delete this story?"
        description={`“${title}” and all of its chapters will be moved to Recently deleted. You can restore them there for 30 days; after that they are deleted for good.`}
        confirmLabel="Delete Story"
        pendingLabel="Deleting..."
        pending={deleting}
        destructive
        onConfirm={() => onDelete(() => setOpen(false))}
      />
    </section>
  );
}
