import type { Profile, StoryDetail } from '@storyloom/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { storyKeys } from '../../../api/stories/keys';
import { userKeys } from '../../../api/users/keys';
import { FollowButton } from '../../../components/social/follow-button';
import { Avatar } from '../../../components/ui/avatar';
import { formatCount } from '../../../lib/format';

interface AuthorCardProps {
  story: StoryDetail;
  /** The author's profile, once loaded (bio and follower count). */
  profile: Profile | undefined;
  /** The signed-in reader is the author: no Follow button on their own card. */
  isOwnCard: boolean;
}

export const profilePath = (username: string) => `/profile/${encodeURIComponent(username)}`;

/** Avatar, name (to the profile), followers and Follow. */
export function AuthorCard({ story, profile, isOwnCard }: AuthorCardProps) {
  const { author } = story;
  const known = profile && !profile.restricted ? profile.followers_count : undefined;
  // The button's own count moves at once (optimistic flip, rollback), ahead of the refetch.
  // It only counts while it started from the count shown here (a refetch starts it over).
  const [live, setLive] = useState<{ from: number | undefined; count: number } | null>(null);
  const followers = live && live.from === known && known !== undefined ? live.count : known;
  return (
    <div
      className="flex items-center gap-3 rounded-xl border bg-card p-3"
      data-testid="author-card"
    >
      <Avatar name={author.username} src={author.profile_pic} className="size-11" />
      <div className="min-w-0 flex-1">
        <p className="text-xs text-muted-foreground">Written by</p>
        <Link
          to={profilePath(author.username)}
          className="block truncate font-semibold hover:underline"
          data-testid="author-link"
        >
          {author.username}
        </Link>
        {followers !== undefined && (
          <p className="text-xs text-muted-foreground">
            {formatCount(followers)} {followers === 1 ? 'follower' : 'followers'}
          </p>
        )}
      </div>
      {!isOwnCard && (
        <FollowButton
          username={author.username}
          following={story.is_following_author ?? profile?.is_following ?? false}
          followers={known ?? 0}
          onStateChange={(_following, count) => setLive({ from: known, count })}
          invalidate={[userKeys.profile(author.username), storyKeys.detail(story.id)]}
        />
      )}
    </div>
  );
}
