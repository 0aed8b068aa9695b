import { readingMinutes } from '@storyloom/shared';
import { BarChart3, BookOpen, Clock, Eye, Heart, PenLine, Star, Users } from 'lucide-react';
import { Link } from 'react-router';
import { feedKeys } from '../../../api/feed/keys';
import { useMyStats } from '../../../api/me/get-my-stats';
import { useSuggestedAuthors } from '../../../api/users/get-suggested-authors';
import { ReadingChallengeCard } from '../../../components/reading-challenge-card';
import { FollowButton } from '../../../components/social/follow-button';
import { Avatar } from '../../../components/ui/avatar';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatCount, formatCountOf, formatDuration } from '../../../lib/format';
import type { User } from '../../../stores/auth-store';

export function UserCard({ user }: { user: User }) {
  return (
    <section
      className="rounded-2xl border bg-card p-5"
      aria-label="Your profile"
      data-testid="feed-user-card"
    >
      <Link
        to={`/profile/${encodeURIComponent(user.username)}`}
        className="flex items-center gap-3 rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        <Avatar name={user.username} src={user.profile_pic} className="size-12" />
        <span className="min-w-0">
          <span className="block truncate font-semibold hover:underline">{user.username}</span>
          <span className="block text-sm text-muted-foreground">View your profile</span>
        </span>
      </Link>
      {user.bio ? (
        <p className="mt-3 line-clamp-3 text-sm text-muted-foreground">{user.bio}</p>
      ) : null}
    </section>
  );
}

export function SuggestedAuthors() {
  const suggested = useSuggestedAuthors();
  const authors = suggested.data ?? [];
  return (
    <section
      className="rounded-2xl border bg-card p-5"
      aria-labelledby="suggested-title"
      data-testid="suggested-authors"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id="suggested-title" className="flex items-center gap-2 font-semibold">
          <Users className="size-5 text-primary" aria-hidden="true" />
          Suggested Authors
        </h2>
        <Link to="/authors" className="text-sm font-medium text-primary hover:underline">
          See All
        </Link>
      </div>
      <ul className="mt-4 space-y-3">
        {suggested.isPending ? (
          Array.from({ length: 3 }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <li key={index} className="flex items-center gap-3" aria-hidden="true">
              <Skeleton className="size-10 rounded-full" />
              <Skeleton className="h-4 flex-1" />
            </li>
          ))
        ) : authors.length === 0 ? (
          <li className="text-sm text-muted-foreground">
            No suggestions right now. You already follow the most popular authors.
          </li>
        ) : (
          authors.map((author) => (
            <li key={author.id} className="flex items-center gap-3" data-testid="suggested-author">
              <Link
                to={`/profile/${encodeURIComponent(author.username)}`}
                className="flex min-w-0 flex-1 items-center gap-3 hover:underline"
              >
                <Avatar name={author.username} src={author.profile_pic} className="size-10" />
                <span className="min-w-0">
                  <span className="block truncate text-sm font-medium" data-testid="suggested-name">
                    {author.username}
                  </span>
                  {author.restricted ? null : (
                    <span className="block truncate text-xs text-muted-foreground">
                      {formatCountOf(author.followers_count ?? 0, 'follower')}
                    </span>
                  )}
                </span>
              </Link>
              <FollowButton
                username={author.username}
                following={false}
                followers={author.followers_count ?? 0}
                invalidate={[feedKeys.all]}
              />
            </li>
          ))
        )}
      </ul>
    </section>
  );
}

export function YourStats() {
  const stats = useMyStats(true);
  const data = stats.data;
  const rows = data
    ? [
        { label: 'Stories written', value: formatCount(data.stories_written), Icon: PenLine },
        { label: 'Total reads', value: formatCount(data.total_reads), Icon: Eye },
        { label: 'Likes received', value: formatCount(data.total_likes), Icon: Heart },
        { label: 'Followers', value: formatCount(data.followers_count), Icon: Users },
        { label: 'Following', value: formatCount(data.following_count), Icon: Users },
        { label: 'Chapters read', value: formatCount(data.chapters_read), Icon: BookOpen },
        // Estimated from the words of the chapters read, at the one reading pace.
        {
          label: 'Total read time',
          value: data.words_read > 0 ? formatDuration(readingMinutes(data.words_read)) : '—',
          Icon: Clock,
        },
        { label: 'Favourite genre', value: data.favourite_genre ?? '—', Icon: Star },
      ]
    : [];
  return (
    <section
      className="rounded-2xl border bg-card p-5"
      aria-labelledby="your-stats-title"
      data-testid="your-stats"
    >
      <h2 id="your-stats-title" className="flex items-center gap-2 font-semibold">
        <BarChart3 className="size-5 text-primary" aria-hidden="true" />
        Your Stats
      </h2>
      {stats.isPending ? (
        <div className="mt-4 space-y-2" aria-hidden="true">
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-5/6" />
          <Skeleton className="h-4 w-4/6" />
        </div>
      ) : stats.isError ? (
        <p className="mt-3 text-sm text-muted-foreground">
          Your stats could not be loaded right now.
        </p>
      ) : (
        <dl className="mt-4 grid grid-cols-2 gap-3">
          {rows.map(({ label, value, Icon }) => (
            <div key={label} className="rounded-xl bg-muted/60 p-3">
              <dt className="flex items-center gap-1.5 text-xs text-muted-foreground">
                <Icon className="size-3.5" aria-hidden="true" />
                {label}
              </dt>
              <dd className="mt-1 truncate text-lg font-semibold">{value}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

export function FeedSidebar({ user }: { user: User | null }) {
  return (
    <aside className="space-y-6" aria-label="Your corner">
      {user ? <UserCard user={user} /> : null}
      <SuggestedAuthors />
      <YourStats />
      <ReadingChallengeCard signedIn compact />
    </aside>
  );
}
