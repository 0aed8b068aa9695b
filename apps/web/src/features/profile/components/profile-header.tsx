import type { Profile } from '@storyloom/shared';
import { CalendarDays, Lock, Mail } from 'lucide-react';
import type { ReactNode } from 'react';
import type { FollowSide } from '../../../api/users/keys';
import { Avatar } from '../../../components/ui/avatar';
import { formatCount, formatDate } from '../../../lib/format';

type ProfileHeaderProps = {
  profile: Profile;
  /** The followers count as shown now (it moves at once with the follow button). */
  followers: number;
  actions: ReactNode;
  onOpenList: (side: FollowSide) => void;
};

/** Avatar, username, bio, joined date and the five counts. */
export function ProfileHeader({ profile, followers, actions, onOpenList }: ProfileHeaderProps) {
  return (
    <section
      className="overflow-hidden rounded-2xl border bg-card text-card-foreground shadow-sm"
      data-testid="profile-header"
    >
      <div
        aria-hidden="true"
        className="h-24 bg-gradient-to-r from-indigo-500 via-purple-500 to-pink-500 opacity-90 sm:h-32 dark:opacity-70"
      />
      <div className="px-4 pb-6 sm:px-8">
        <div className="-mt-12 grid grid-cols-1 sm:-mt-14 sm:grid-cols-[auto_1fr] sm:items-end sm:gap-x-4">
          <Avatar
            name={profile.username}
            src={profile.profile_pic}
            className="size-24 ring-4 ring-card sm:size-28 [&>span]:text-3xl"
          />
          <div className="order-1 mt-5 sm:order-none sm:mt-0 sm:justify-self-end">{actions}</div>
          <div className="min-w-0 sm:col-span-2">
            <h1
              className="mt-4 break-words font-serif text-2xl font-bold tracking-tight sm:text-3xl"
              data-testid="profile-username"
            >
              {profile.username}
            </h1>
            {profile.restricted ? (
              <p className="mt-2 inline-flex items-center gap-1.5 text-sm text-muted-foreground">
                <Lock className="size-4" aria-hidden="true" />
                This profile is private
              </p>
            ) : (
              <>
                {profile.bio ? (
                  <p
                    className="mt-2 max-w-2xl whitespace-pre-line break-words text-foreground/90"
                    data-testid="profile-bio"
                  >
                    {profile.bio}
                  </p>
                ) : null}
                <p className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
                  {profile.created_at ? (
                    <span className="inline-flex items-center gap-1.5">
                      <CalendarDays className="size-4" aria-hidden="true" />
                      Joined {formatDate(profile.created_at)}
                    </span>
                  ) : null}
                  {profile.email ? (
                    <span className="inline-flex min-w-0 items-center gap-1.5">
                      <Mail className="size-4 shrink-0" aria-hidden="true" />
                      <span className="truncate">{profile.email}</span>
                    </span>
                  ) : null}
                </p>
              </>
            )}
          </div>
          {profile.restricted ? null : (
            <ul className="order-2 mt-6 grid grid-cols-5 gap-2 border-t pt-5 text-center sm:order-none sm:col-span-2 sm:max-w-lg sm:text-left">
              <Stat label="Stories" value={profile.stories_count ?? 0} testId="stat-stories" />
              <Stat
                label="Followers"
                value={followers}
                testId="stat-followers"
                onClick={() => onOpenList('followers')}
              />
              <Stat
                label="Following"
                value={profile.following_count ?? 0}
                testId="stat-following"
                onClick={() => onOpenList('following')}
              />
              <Stat label="Reads" value={profile.total_reads ?? 0} testId="stat-reads" />
              <Stat label="Comments" value={profile.total_comments ?? 0} testId="stat-comments" />
            </ul>
          )}
        </div>
      </div>
    </section>
  );
}

function Stat({
  label,
  value,
  testId,
  onClick,
}: {
  label: string;
  value: number;
  testId: string;
  onClick?: () => void;
}) {
  const body = (
    <>
      <span
        className="block text-xl font-bold tabular-nums text-foreground sm:text-2xl"
        data-testid={testId}
        data-value={value}
      >
        {formatCount(value)}
      </span>
      <span className="block text-xs text-muted-foreground sm:text-sm">{label}</span>
    </>
  );
  return (
    <li>
      {onClick ? (
        <button
          type="button"
          onClick={onClick}
          title={`Show ${label.toLowerCase()}`}
          className="-m-1.5 w-[calc(100%+0.75rem)] rounded-lg p-1.5 text-center transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring sm:text-left"
        >
          {body}
        </button>
      ) : (
        body
      )}
    </li>
  );
}
