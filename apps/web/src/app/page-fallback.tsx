import { Skeleton } from '../components/ui/skeleton';

/** What the page area shows while the first page's code loads. */
export function PageFallback() {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-16" aria-busy="true">
      <span className="sr-only">Loading…</span>
      <Skeleton className="h-6 w-32 rounded-full" />
      <Skeleton className="mt-5 h-10 w-2/3" />
      <Skeleton className="mt-4 h-4 w-full" />
      <Skeleton className="mt-2 h-4 w-5/6" />
    </div>
  );
}
