import type { Profile } from '@storyloom/shared';
import { Compass, Plus, UserX } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useProfile } from '../../api/users/get-user';
import type { FollowSide } from '../../api/users/keys';
import { EmptyState } from '../../components/empty-state';
import { ListError } from '../../components/list-error';
import { PageTitle } from '../../components/page-title';
import { buttonClasses } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { ApiError } from '../../lib/api';
import { toast } from '../../stores/toast';
import { EditProfileDialog } from './components/edit-profile-dialog';
import { FollowListDialog } from './components/follow-list-dialog';
import { OtherProfileActions, OwnProfileActions } from './components/profile-actions';
import { ProfileHeader } from './components/profile-header';
import { ProfileLists } from './components/profile-lists';
import { OwnStories, PublicStories } from './components/profile-stories';
import { PROFILE_TEXT, PROFILE_TOASTS } from './messages';

const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/** /profile/:username and /users/:username (a user id works too). */
export function ProfilePage() {
  const { username = '' } = useParams();
  const query = useProfile(username);

  useEffect(() => {
    if (query.isError && !isNotFound(query.error)) toast.error(...PROFILE_TOASTS.loadFailed);
  }, [query.isError, query.error]);

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-6 sm:py-10" data-testid="profile-page">
      {query.data ? (
        <LoadedProfile key={query.data.id} profile={query.data} />
      ) : query.isPending ? (
        <ProfileSkeleton />
      ) : isNotFound(query.error) ? (
        <>
          <PageTitle title={PROFILE_TEXT.userNotFound} />
          <EmptyState
            icon={UserX}
            title={PROFILE_TEXT.userNotFound}
            description={`There is no one called “${username}” here.`}
            data-testid="user-not-found"
            className="mt-10"
            action={
              <Link to="/stories" className={buttonClasses()}>
                <Compass aria-hidden="true" />
                {PROFILE_TEXT.browseStories}
              </Link>
            }
          />
        </>
      ) : (
        <>
          <PageTitle title="Profile" />
          <ListError
            title="Failed to load profile data"
            error={query.error}
            onRetry={() => void query.refetch()}
          />
        </>
      )}
    </div>
  );
}

function LoadedProfile({ profile }: { profile: Profile }) {
  const [params, setParams] = useSearchParams();
  const [list, setList] = useState<FollowSide | null>(null);
  // What the follow button shows now; the server's count once it answers.
  const [liveFollowers, setLiveFollowers] = useState<number | null>(null);
  const followers = liveFollowers ?? profile.followers_count ?? 0;
  const editing = profile.is_me && params.get('edit') === '1';
  // Focus comes back here when the modal closes, even if it opened from a link (?edit=1).
  const editButton = useRef<HTMLButtonElement>(null);

  const setEditing = (open: boolean) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (open) next.set('edit', '1');
        else next.delete('edit');
        return next;
      },
      { replace: !open },
    );

  return (
    <>
      <PageTitle title={profile.username} />
      <ProfileHeader
        profile={profile}
        followers={followers}
        onOpenList={setList}
        actions={
          profile.is_me ? (
            <OwnProfileActions onEdit={() => setEditing(true)} editRef={editButton} />
          ) : (
            <OtherProfileActions
              username={profile.username}
              following={profile.is_following ?? false}
              followers={profile.followers_count ?? 0}
              blocked={profile.is_blocked ?? false}
              muted={profile.is_muted ?? false}
              onFollowState={(_, count) => setLiveFollowers(count)}
            />
          )
        }
      />
      {profile.restricted ? null : profile.is_me ? (
        <OwnStories username={profile.username} />
      ) : (
        <PublicStories username={profile.username} />
      )}
      {profile.restricted ? null : (
        <ProfileLists username={profile.username} isMe={profile.is_me ?? false} />
      )}
      {profile.restricted ? null : (
        <FollowListDialog username={profile.username} side={list} onClose={() => setList(null)} />
      )}
      {profile.is_me ? (
        <>
          <EditProfileDialog
            open={editing}
            onOpenChange={setEditing}
            returnFocusTo={() => editButton.current}
          />
          <Link
            to="/stories/create"
            aria-label="Create story"
            title="Create story"
            data-testid="create-story-fab"
            className="fixed bottom-6 right-6 z-40 inline-flex size-14 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-lg transition-transform hover:scale-105 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            <Plus className="size-6" aria-hidden="true" />
          </Link>
        </>
      ) : null}
    </>
  );
}

function ProfileSkeleton() {
  return (
    <div role="status" aria-busy="true" aria-label="Loading profile">
      <div className="overflow-hidden rounded-2xl border">
        <Skeleton className="h-24 rounded-none sm:h-32" />
        <div className="px-4 pb-6 sm:px-8">
          <Skeleton className="-mt-12 size-24 rounded-full ring-4 ring-background sm:-mt-14 sm:size-28" />
          <Skeleton className="mt-4 h-8 w-48" />
          <Skeleton className="mt-3 h-4 w-full max-w-md" />
          <Skeleton className="mt-2 h-4 w-40" />
          <div className="mt-6 grid max-w-lg grid-cols-5 gap-4">
            {[0, 1, 2, 3, 4].map((key) => (
              <Skeleton key={key} className="h-12" />
            ))}
          </div>
        </div>
      </div>
    </div>
  );
}
