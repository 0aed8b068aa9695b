import clsx from 'clsx';
import { coverHues } from './cover-art';

export interface CoverStory {
  id: string;
  title: string;
  genre: string;
  cover_image: string | null;
  cover_thumb?: string | null;
}

interface StoryCoverProps {
  story: CoverStory;
  /** `sm` uses the thumbnail (cards); `lg` the full cover (story page). */
  size?: 'sm' | 'lg';
  /** A place in a ranking (Trending This Week), shown in the cover's top-left corner. */
  rank?: number | undefined;
  className?: string;
}

/** The rank's badge. On a generated cover it leads the genre's line rather than covering it. */
function RankBadge({ rank, overlay }: { rank: number; overlay: boolean }) {
  return (
    <span
      className={clsx(
        'flex size-7 shrink-0 items-center justify-center rounded-full bg-black/70 text-sm font-bold text-white',
        overlay && 'absolute left-2 top-2',
      )}
    >
      <span className="sr-only">Rank </span>
      {rank}
    </span>
  );
}

/**
 * A story's cover at 2:3. Without an uploaded cover, a generated one: a gradient from the
 * story id with the genre and title, drawn locally (no third-party images).
 */
export function StoryCover({ story, size = 'sm', rank, className }: StoryCoverProps) {
  const src = size === 'sm' ? (story.cover_thumb ?? story.cover_image) : story.cover_image;
  if (src) {
    const image = (
      <img
        src={src}
        alt=""
        loading={size === 'sm' ? 'lazy' : 'eager'}
        decoding="async"
        className={clsx('aspect-[2/3] w-full rounded-md bg-muted object-cover', className)}
      />
    );
    if (rank === undefined) return image;
    return (
      <div className="relative">
        {image}
        <RankBadge rank={rank} overlay />
      </div>
    );
  }
  const [a, b] = coverHues(story.id);
  return (
    <div
      className={clsx(
        'flex aspect-[2/3] w-full flex-col justify-between overflow-hidden rounded-md p-3 text-white',
        rank !== undefined && 'pl-2 pt-2',
        className,
      )}
      style={{ backgroundImage: `linear-gradient(150deg, hsl(${a} 65% 45%), hsl(${b} 70% 28%))` }}
    >
      <span className="flex min-w-0 items-center gap-1.5">
        {rank !== undefined && <RankBadge rank={rank} overlay={false} />}
        <span
          aria-hidden="true"
          className="min-w-0 truncate text-[0.65rem] font-semibold uppercase tracking-widest opacity-80"
        >
          {story.genre}
        </span>
      </span>
      <span
        aria-hidden="true"
        className={clsx(
          'line-clamp-4 font-serif font-semibold leading-tight',
          size === 'sm' ? 'text-sm' : 'text-2xl',
        )}
      >
        {story.title}
      </span>
    </div>
  );
}
