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
  className?: string;
}

/**
 * A story's cover at 2:3. Without an uploaded cover, a generated one: a gradient from the
 * story id with the genre and title, drawn locally (no third-party images).
 */
export function StoryCover({ story, size = 'sm', className }: StoryCoverProps) {
  const src = size === 'sm' ? (story.cover_thumb ?? story.cover_image) : story.cover_image;
  if (src) {
    return (
      <img
        src={src}
        alt=""
        loading={size === 'sm' ? 'lazy' : 'eager'}
        decoding="async"
        className={clsx('aspect-[2/3] w-full rounded-md bg-muted object-cover', className)}
      />
    );
  }
  const [a, b] = coverHues(story.id);
  return (
    <div
      aria-hidden="true"
      className={clsx(
        'flex aspect-[2/3] w-full flex-col justify-between overflow-hidden rounded-md p-3 text-white',
        className,
      )}
      style={{ backgroundImage: `linear-gradient(150deg, hsl(${a} 65% 45%), hsl(${b} 70% 28%))` }}
    >
      <span className="text-[0.65rem] font-semibold uppercase tracking-widest opacity-80">
        {story.genre}
      </span>
      <span
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
