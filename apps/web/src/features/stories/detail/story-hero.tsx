import {
  COMPLETION_STATUS_LABELS,
  type Profile,
  type StoryDetail,
  WARNING_LABELS,
} from '@storyloom/shared';
import { CircleCheck, CircleDashed, Lock } from 'lucide-react';
import { Link } from 'react-router';
import { RatingBadge } from '../../../components/story/rating-badge';
import { StoryCover } from '../../../components/story/story-cover';
import { AuthorCard } from './author-card';
import type { StoryLength } from './contents';
import { StoryActions } from './story-actions';
import { StoryFacts } from './story-facts';
import { StoryStats } from './story-stats';
import { StoryTags } from './story-tags';

interface StoryHeroProps {
  story: StoryDetail;
  profile: Profile | undefined;
  isOwner: boolean;
  /** The published chapters' length, once the table of contents has loaded. */
  length: StoryLength | undefined;
  resume: { number: number } | null;
}

/**
 * Cover, genre and completion status, title, description, author, stats, reading time, length,
 * language and copyright, tags, and the actions.
 */
export function StoryHero({ story, profile, isOwner, length, resume }: StoryHeroProps) {
  const completed = story.settings.completion_status === 'completed';
  const StatusIcon = completed ? CircleCheck : CircleDashed;
  return (
    <div className="grid gap-8 md:grid-cols-[16rem_1fr] lg:grid-cols-[18rem_1fr] lg:gap-12">
      <div className="mx-auto w-44 sm:w-56 md:mx-0 md:w-full">
        <StoryCover story={story} size="lg" className="shadow-xl ring-1 ring-black/5" />
      </div>
      <div className="min-w-0 space-y-5">
        <div className="space-y-3">
          <p className="flex flex-wrap items-center gap-2">
            <Link
              to={`/stories?genre=${encodeURIComponent(story.genre)}`}
              className="rounded-full bg-primary/10 px-3 py-1 text-xs font-semibold uppercase tracking-wide text-primary hover:bg-primary/15"
              data-testid="story-genre"
            >
              {story.genre}
            </Link>
            <span
              className="inline-flex items-center gap-1 rounded-full border px-2.5 py-1 text-xs font-medium text-muted-foreground"
              data-testid="story-status"
            >
              <StatusIcon className="size-3" aria-hidden="true" />
              {COMPLETION_STATUS_LABELS[story.settings.completion_status]}
            </span>
            <RatingBadge rating={story.rating} always className="py-1" />
            {story.visibility === 'private' && (
              <span className="inline-flex items-center gap-1 rounded-full border px-2.5 py-1 text-xs font-medium text-muted-foreground">
                <Lock className="size-3" aria-hidden="true" />
                Private
              </span>
            )}
          </p>
          <h1 className="text-balance break-words font-serif text-3xl font-bold leading-tight tracking-tight sm:text-4xl">
            {story.title}
          </h1>
          {story.description && (
            <p className="line-clamp-4 whitespace-pre-line break-words text-base text-muted-foreground sm:text-lg">
              {story.description}
            </p>
          )}
        </div>
        <AuthorCard story={story} profile={profile} isOwnCard={isOwner} />
        <StoryStats story={story} />
        <StoryFacts story={story} length={length} />
        {story.warnings.length > 0 && (
          <p className="text-sm" data-testid="story-warnings">
            <span className="font-semibold">Warnings: </span>
            {story.warnings.map((warning) => WARNING_LABELS[warning]).join(', ')}
          </p>
        )}
        <StoryTags tags={story.tags} />
        <StoryActions
          story={story}
          isOwner={isOwner}
          resume={resume}
          numbered={length !== undefined}
        />
      </div>
    </div>
  );
}
