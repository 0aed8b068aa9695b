import clsx from 'clsx';
import type { CSSProperties } from 'react';
import { coverHues } from './cover-art';

export interface CoverStory {
  id: string;
  title: string;
  genre: string;
  /** The full cover: absent from cards, which show the thumbnail. */
  cover_image?: string | null;
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

/**
 * The rank's badge, read out as "Rank 1" (the words are the `cover-rank` rule's alternative
 * text). On a generated cover it leads the genre's line rather than covering it.
 */
function RankBadge({ rank, overlay }: { rank: number; overlay: boolean }) {
  return <span className={clsx('cover-rank', overlay && 'absolute left-2 top-2')}>{rank}</span>;
}

/**
 * A story's cover at 2:3. Without an uploaded cover, a generated one: a gradient from the
 * story id with the genre and title, drawn locally (no third-party images). Its looks are the
 * `cover` rules of styles.css; the markup carries only the story's own values.
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
        className={clsx('cover-image', className)}
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
  const ranked = rank !== undefined;
  // The genre and title repeat what the card says in words: hidden from assistive technology,
  // all of the cover at once unless it carries a rank, which is read out. They are a `small`
  // and a `b`, styled as `.cover small` and `.cover b`: a home page has 26 covers, and class
  // names on each were a kilobyte of its HTML.
  return (
    <div
      className={clsx('cover', className)}
      aria-hidden={ranked ? undefined : 'true'}
      data-size={size === 'lg' ? 'lg' : undefined}
      data-ranked={ranked ? '' : undefined}
      style={{ '--cover-a': a, '--cover-b': b } as CSSProperties}
    >
      {ranked ? (
        <span className="cover-top">
          <RankBadge rank={rank} overlay={false} />
          <small aria-hidden="true">{story.genre}</small>
        </span>
      ) : (
        <small>{story.genre}</small>
      )}
      <b aria-hidden={ranked ? 'true' : undefined}>{story.title}</b>
    </div>
  );
}
