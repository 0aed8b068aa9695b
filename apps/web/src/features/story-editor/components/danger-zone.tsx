import { TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/alert-dialog';
import { Button } from '../../../components/ui/button';

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
          Deleting a story removes it and all of its chapters for good.
        </p>
        <Button variant="destructive" onClick={() => setOpen(true)} data-testid="delete-story">
          Delete Story
        </Button>
      </div>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Delete this story?"
        description={`“${title}” and all of its chapters will be deleted. This cannot be undone.`}
        confirmLabel="Delete Story"
        pendingLabel="Deleting..."
        pending={deleting}
        destructive
        onConfirm={() => onDelete(() => setOpen(false))}
      />
    </section>
  );
}
