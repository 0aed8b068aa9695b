import { RATING_LABELS, type Rating } from '@storyloom/shared';
import clsx from 'clsx';

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
  // Drawn by the `rating-badge` class, its tone by `data-rating` (styles.css): a page of
  // cards does not repeat a dozen utility classes for each badge. It is read out as "Rated
  // Teen": "Rated " is the class's alternative text, not a hidden span in every badge.
  return (
    <span className={clsx('rating-badge', className)} data-rating={rating}>
      {RATING_LABELS[rating]}
    </span>
  );
}
