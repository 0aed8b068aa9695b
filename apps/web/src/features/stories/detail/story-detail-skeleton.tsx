import { Skeleton } from '../../../components/ui/skeleton';

/** The story page's shape while it loads. */
export function StoryDetailSkeleton() {
  return (
    <div
      className="mx-auto w-full max-w-6xl px-4 py-8 sm:py-12"
      aria-busy="true"
      data-testid="story-detail-loading"
    >
      <span className="sr-only">Loading story…</span>
      <div className="grid gap-8 md:grid-cols-[16rem_1fr] lg:grid-cols-[18rem_1fr] lg:gap-12">
        <Skeleton className="mx-auto aspect-[2/3] w-44 sm:w-56 md:w-full" />
        <div className="space-y-4">
          <Skeleton className="h-6 w-24 rounded-full" />
          <Skeleton className="h-10 w-3/4" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-5/6" />
          <Skeleton className="h-16 w-full rounded-xl" />
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            <Skeleton className="h-16 rounded-xl" />
            <Skeleton className="h-16 rounded-xl" />
            <Skeleton className="h-16 rounded-xl" />
            <Skeleton className="h-16 rounded-xl" />
          </div>
          <Skeleton className="h-10 w-64" />
        </div>
      </div>
    </div>
  );
}
