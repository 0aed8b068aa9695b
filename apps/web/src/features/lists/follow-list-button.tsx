import { Bell, BellRing } from 'lucide-react';
import { followList } from '../../api/lists/follow-list';
import { listKeys } from '../../api/lists/keys';
import { failureToast, useToggleAction } from '../../components/social/use-toggle-action';
import { Button } from '../../components/ui/button';
import { toast } from '../../stores/toast';

/** Follow/Following a reading list, like an author; a visitor is sent to sign in. */
export function FollowListButton({
  listId,
  following,
  followers,
}: {
  listId: string;
  following: boolean;
  followers: number;
}) {
  const follow = useToggleAction({
    initial: { active: following, count: followers },
    invalidate: [listKeys.all],
    send: async (on) => {
      const result = await followList(listId, on);
      return { active: result.following, count: result.followers_count };
    },
    onSuccess: (on) => toast.success(on ? 'Following the list' : 'Unfollowed the list'),
    onError: (on, error) =>
      failureToast(on ? 'Failed to follow the list' : 'Failed to unfollow the list', error),
  });
  return (
    <Button
      variant={follow.active ? 'outline' : 'primary'}
      onClick={follow.toggle}
      aria-pressed={follow.active}
      data-testid="follow-list-button"
    >
      {follow.active ? <BellRing aria-hidden="true" /> : <Bell aria-hidden="true" />}
      {follow.active ? 'Following' : 'Follow'}
    </Button>
  );
}
