import { RATING_LABELS, type Rating } from '@storyloom/shared';
import clsx from 'clsx';

const TONE: Record<Exclude<Rating, 'general'>, string> = {
  teen: 'border-sky-600/40 bg-sky-50 text-sky-800 dark:border-sky-400/40 dark:bg-sky-950 dark:text-sky-200',
  mature:
    'border-orange-600/40 bg-orange-50 text-orange-800 dark:border-orange-400/40 dark:bg-orange-950 dark:text-orange-200',
  explicit:
    'border-red-600/40 bg-red-50 text-red-800 dark:border-red-400/40 dark:bg-red-950 dark:text-red-200',
};

/**
 * A story's rating, as cards and the story page show it (docs/decisions/023-ratings.md).
 * General stories carry none unless `always` is set.
 */
export function RatingBadge({
  rating,
  always = false,
  className,
}: {
  rating: Rating | undefined;
  always?: boolean;
  className?: string;
}) {
  if (!rating || (rating === 'general' && !always)) return null;
  const tone =
    rating === 'general'
      ? 'border-emerald-600/40 bg-emerald-50 text-emerald-800 dark:border-emerald-400/40 dark:bg-emerald-950 dark:text-emerald-200'
      : TONE[rating];
  return (
    <span
      className={clsx(
        'inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-semibold',
        tone,
        className,
      )}
      data-rating={rating}
    >
      <span className="sr-only">Rated </span>
      {RATING_LABELS[rating]}
    </span>
  );
}
