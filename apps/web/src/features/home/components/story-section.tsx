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
  /** `cards`: covers in a row; `list`: covers with their summaries, two to a row on wide screens. */
  layout?: 'cards' | 'list';
};

/**
 * Cards: on a phone one row that scrolls sideways (the page never does), from a small tablet a
 * grid, on a wide screen the whole section in one row. List: one column, two from `lg`.
 */
const LAYOUTS = {
  cards: {
    list: 'flex snap-x snap-mandatory gap-4 overflow-x-auto pb-2 -mx-4 px-4 scroll-px-4 sm:mx-0 sm:grid sm:grid-cols-4 sm:overflow-visible sm:px-0 sm:pb-0 lg:auto-cols-fr lg:grid-flow-col lg:grid-cols-none',
    item: 'w-[38%] shrink-0 snap-start sm:w-auto',
  },
  list: { list: 'grid gap-x-8 gap-y-4 lg:grid-cols-2', item: '' },
} as const;

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
  layout = 'cards',
}: StorySectionProps) {
  const classes = LAYOUTS[layout];
  const headingId = `${id}-title`;
  // A failed or empty list is left out; nothing to show means no section.
  if (!loading && stories.length === 0) return null;
  return (
    <section aria-labelledby={headingId} data-testid={`home-${id}`} className="py-8">
      <div className="mb-5 flex flex-wrap items-end justify-between gap-3">
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
        <ul className={classes.list} aria-busy="true">
          {Array.from({ length: count }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <li key={index} className={classes.item}>
              <StoryCardSkeleton layout={layout === 'list' ? 'list' : 'grid'} />
            </li>
          ))}
        </ul>
      ) : (
        <ul className={classes.list}>
          {stories.map((story, index) => (
            <li key={story.id} className={classes.item}>
              <StoryCard
                story={story}
                layout={layout === 'list' ? 'list' : 'grid'}
                rank={ranked ? index + 1 : undefined}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
