import type { UserCard } from '@storyloom/shared';
import { Lock, Users } from 'lucide-react';
import { Link } from 'react-router';
import { useFollowList } from '../../../api/users/get-follow-list';
import { type FollowSide, userKeys } from '../../../api/users/keys';
import { EmptyState } from '../../../components/empty-state';
import { ListError } from '../../../components/list-error';
import { LoadMore } from '../../../components/load-more';
import { FollowButton } from '../../../components/social/follow-button';
import { Avatar } from '../../../components/ui/avatar';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatCountOf } from '../../../lib/format';
import { pagedItems, pagedTotal } from '../../../lib/paging';
import { useAuthStore } from '../../../stores/auth-store';

type FollowListDialogProps = {
  username: string;
  /** The open list, or null when closed. */
  side: FollowSide | null;
  onClose: () => void;
};

const followersLabel = (count: number) => formatCountOf(count, 'follower');

const TITLES: Record<FollowSide, string> = { followers: 'Followers', following: 'Following' };

/** A user's followers or the users they follow, 20 a page, each with a follow button. */
export function FollowListDialog({ username, side, onClose }: FollowListDialogProps) {
  return (
    <Dialog open={side !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="flex max-h-[min(40rem,calc(100dvh-2rem))] flex-col">
        {side ? <FollowList username={username} side={side} onClose={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function FollowList({
  username,
  side,
  onClose,
}: {
  username: string;
  side: FollowSide;
  onClose: () => void;
}) {
  const query = useFollowList(username, side, true);
  const users = pagedItems(query.data);
  const total = pagedTotal(query.data);
  return (
    <>
      <div className="-mx-6 border-b px-6 pb-4 pr-14">
        <DialogTitle>{TITLES[side]}</DialogTitle>
        <DialogDescription>
          {side === 'followers' ? `People who follow ${username}` : `People ${username} follows`}
        </DialogDescription>
      </div>
      <div
        className="-mx-6 -mb-6 min-h-0 flex-1 overflow-y-auto px-6 pb-6 pt-2"
        data-testid="follow-list"
      >
        {query.isPending ? (
          <ul className="space-y-4" aria-hidden="true">
            {[0, 1, 2].map((key) => (
              <li key={key} className="flex items-center gap-3">
                <Skeleton className="size-10 rounded-full" />
                <div className="flex-1 space-y-2">
                  <Skeleton className="h-4 w-32" />
                  <Skeleton className="h-3 w-48" />
                </div>
              </li>
            ))}
          </ul>
        ) : query.isError && !query.data ? (
          <ListError
            title={`Could not load ${TITLES[side].toLowerCase()}`}
            error={query.error}
            onRetry={() => void query.refetch()}
          />
        ) : users.length === 0 ? (
          <EmptyState
            icon={Users}
            title={side === 'followers' ? 'No followers yet' : 'Not following anyone yet'}
            className="border-none py-8"
          />
        ) : (
          <>
            <ul className="divide-y">
              {users.map((user) => (
                <FollowListItem key={user.id} user={user} onNavigate={onClose} />
              ))}
            </ul>
            <LoadMore
              shown={users.length}
              total={total}
              hasMore={query.hasNextPage}
              loading={query.isFetchingNextPage}
              onLoadMore={() => void query.fetchNextPage()}
            />
          </>
        )}
      </div>
    </>
  );
}

function FollowListItem({ user, onNavigate }: { user: UserCard; onNavigate: () => void }) {
  const myId = useAuthStore((state) => state.user?.id);
  return (
    <li className="flex items-center gap-3 py-3" data-testid="follow-list-item">
      <Avatar name={user.username} src={user.profile_pic} className="size-10" />
      <div className="min-w-0 flex-1">
        <Link
          to={`/profile/${encodeURIComponent(user.username)}`}
          onClick={onNavigate}
          className="block truncate font-medium hover:underline"
        >
          {user.username}
        </Link>
        {user.restricted ? (
          <p className="inline-flex items-center gap-1 text-xs text-muted-foreground">
            <Lock className="size-3" aria-hidden="true" />
            Private profile
          </p>
        ) : (
          <p className="truncate text-xs text-muted-foreground">
            {user.bio || followersLabel(user.followers_count ?? 0)}
          </p>
        )}
      </div>
      {user.id === myId ? (
        <span className="text-xs text-muted-foreground">You</span>
      ) : (
        <FollowButton
          username={user.username}
          following={user.is_following ?? false}
          followers={user.followers_count ?? 0}
          invalidate={[userKeys.profiles]}
        />
      )}
    </li>
  );
}
