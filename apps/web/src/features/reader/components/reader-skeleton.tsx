import { Skeleton } from '../../../components/ui/skeleton';

/** The reader's shape while the story and its chapters load. */
export function ReaderSkeleton() {
  return (
    // reader-page: the page takes the reading theme while it loads too (reader.css).
    <div aria-busy="true" className="reader-page flex-1" data-testid="reader-loading">
      <span className="sr-only">Loading chapter…</span>
      <div className="border-b">
        <div className="mx-auto flex max-w-3xl items-center gap-3 px-4 py-3">
          <Skeleton className="size-9 rounded-lg" />
          <div className="flex-1 space-y-1.5">
            <Skeleton className="h-4 w-48" />
            <Skeleton className="h-3 w-24" />
          </div>
        </div>
      </div>
      <div className="mx-auto w-full max-w-3xl space-y-4 px-4 py-12 sm:px-6">
        <Skeleton className="mx-auto h-3 w-20" />
        <Skeleton className="mx-auto h-9 w-2/3" />
        <div className="space-y-3 pt-8">
          {['w-full', 'w-11/12', 'w-full', 'w-4/5', 'w-full', 'w-2/3'].map((width, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed decorative list
            <Skeleton key={i} className={`h-4 ${width}`} />
          ))}
        </div>
      </div>
    </div>
  );
}
