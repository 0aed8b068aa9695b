import type { Story } from '@storyloom/shared';
import { ArrowRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { StoryCard, StoryCardSkeleton } from '../../../components/story/story-card';

type StorySectionProps = {
  id: string;
  title: string;
  subtitle?: string;
  icon?: ReactNode;
  stories: Story[];
  loading: boolean;
  /** Placeholders while loading (the number of stories the section shows). */
  count: number;
  viewAll?: { to: string; label: string };
  ranked?: boolean;
  /** Columns on a wide screen. */
  columns?: 4 | 6;
};

/** A home section: heading, optional 'View all' link, skeletons, then the stories. */
export function StorySection({
  id,
  title,
  subtitle,
  icon,
  stories,
  loading,
  count,
  viewAll,
  ranked = false,
  columns = 4,
}: StorySectionProps) {
  const grid =
    columns === 6
      ? 'grid grid-cols-2 gap-x-4 gap-y-6 sm:grid-cols-3 lg:grid-cols-6'
      : 'grid grid-cols-2 gap-x-4 gap-y-6 sm:grid-cols-3 lg:grid-cols-4';
  const headingId = `${id}-title`;
  // A failed or empty list is left out; nothing to show means no section.
  if (!loading && stories.length === 0) return null;
  return (
    <section aria-labelledby={headingId} data-testid={`home-${id}`} className="py-10">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2
            id={headingId}
            className="flex items-center gap-2 font-serif text-2xl font-bold sm:text-3xl"
          >
            {icon}
            {title}
          </h2>
          {subtitle ? <p className="mt-1 text-muted-foreground">{subtitle}</p> : null}
        </div>
        {viewAll ? (
          <Link
            to={viewAll.to}
            className="inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline"
          >
            {viewAll.label}
            <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
        ) : null}
      </div>
      {loading ? (
        <div className={grid} aria-busy="true">
          {Array.from({ length: count }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <StoryCardSkeleton key={index} />
          ))}
        </div>
      ) : (
        <ul className={grid}>
          {stories.map((story, index) => (
            <li key={story.id}>
              <StoryCard story={story} rank={ranked ? index + 1 : undefined} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
