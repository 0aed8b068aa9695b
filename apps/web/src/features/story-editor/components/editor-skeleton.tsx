import { Skeleton } from '../../../components/ui/skeleton';

/** Stands in for the editor page while it gets ready. */
export function EditorSkeleton({ label }: { label: string }) {
  return (
    <div
      className="mx-auto w-full max-w-5xl px-4 py-6 sm:py-10"
      aria-busy="true"
      data-testid="editor-skeleton"
    >
      <span className="sr-only">{label}</span>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="space-y-2">
          <Skeleton className="h-8 w-56" />
          <Skeleton className="h-4 w-72 max-w-full" />
        </div>
        <div className="flex gap-2">
          <Skeleton className="h-10 w-20" />
          <Skeleton className="h-10 w-24" />
          <Skeleton className="h-10 w-32" />
        </div>
      </div>
      <Skeleton className="mt-8 h-11 w-full rounded-xl" />
      <div className="mt-8 grid gap-8 md:grid-cols-[11rem_1fr]">
        <Skeleton className="aspect-[2/3] w-40 rounded-xl sm:w-44" />
        <div className="space-y-6">
          <Skeleton className="h-11 w-full" />
          <Skeleton className="h-32 w-full" />
          <Skeleton className="h-10 w-60" />
          <Skeleton className="h-10 w-full" />
        </div>
      </div>
    </div>
  );
}
