import { Skeleton } from '../../../components/ui/skeleton';

/** Two comments' worth of grey while a thread loads. */
export function ThreadSkeleton() {
  return (
    <div className="space-y-5 py-2" aria-hidden="true">
      {[0, 1].map((row) => (
        <div key={row} className="flex gap-3">
          <Skeleton className="size-9 rounded-full" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-3.5 w-32" />
            <Skeleton className="h-3.5 w-full" />
            <Skeleton className="h-3.5 w-2/3" />
          </div>
        </div>
      ))}
    </div>
  );
}
