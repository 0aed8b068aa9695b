import { ArrowRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { type CardStory, StoryCard, StoryCardSkeleton } from '../../../components/story/story-card';
import { AppLink } from '../../../components/ui/app-link';

type StorySectionProps = {
  id: string;
  title: string;
  subtitle?: string;
  icon?: ReactNode;
  stories: CardStory[];
  loading: boolean;
  /** Placeholders while loading (the number of stories the section shows). */
  count: number;
  viewAll?: { to: `/${string}`; label: string };
  ranked?: boolean;
  /** `cards`: covers in a row; `list`: covers with their summaries, two to a row on wide screens. */
  layout?: 'cards' | 'list';
};

/** Cards in a row, or summaries in columns (home.css). */
const LAYOUTS = { cards: 'home-cards', list: 'home-list' } as const;

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
  const listClass = LAYOUTS[layout];
  const headingId = `${id}-title`;
  // A failed or empty list is left out; nothing to show means no section.
  if (!loading && stories.length === 0) return null;
  return (
    <section aria-labelledby={headingId} data-testid={`home-${id}`} className="home-section">
      <div className="home-section-head">
        <div>
          <h2 id={headingId} className="home-section-title">
            {icon}
            {title}
          </h2>
          {subtitle ? <p className="home-section-sub">{subtitle}</p> : null}
        </div>
        {viewAll ? (
          <AppLink to={viewAll.to} className="home-view-all">
            {viewAll.label}
            <ArrowRight aria-hidden="true" />
          </AppLink>
        ) : null}
      </div>
      {loading ? (
        <ul className={listClass} aria-busy="true">
          {Array.from({ length: count }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <li key={index}>
              <StoryCardSkeleton layout={layout === 'list' ? 'list' : 'grid'} />
            </li>
          ))}
        </ul>
      ) : (
        <ul className={listClass}>
          {stories.map((story, index) => (
            <li key={story.id}>
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
