import { UserCheck, UserPlus } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { meKeys } from '../../api/me/keys';
import { followUser } from '../../api/users/follow-user';
import { toast } from '../../stores/toast';
import { Button, type ButtonSize } from '../ui/button';
import { failureToast, useToggleAction } from './use-toggle-action';

interface FollowButtonProps {
  username: string;
  following: boolean;
  followers: number;
  size?: ButtonSize;
  /** Told the new state and follower count after the server agrees. */
  onChange?: (following: boolean, followers: number) => void;
  /**
   * Told every change as it shows, optimistic flip and rollback included, so a follower count
   * elsewhere on the page can move at once with the button.
   */
  onStateChange?: (following: boolean, followers: number) => void;
  invalidate?: readonly (readonly unknown[])[];
}

/** Follow/Following an author, with its toasts; a visitor is sent to sign in. */
export function FollowButton({
  username,
  following,
  followers,
  size = 'sm',
  onChange,
  onStateChange,
  invalidate,
}: FollowButtonProps) {
  const follow = useToggleAction({
    initial: { active: following, count: followers },
    invalidate: [...(invalidate ?? []), meKeys.all],
    send: async (on) => {
      const result = await followUser(username, on);
      onChange?.(result.following, result.followers_count);
      return { active: result.following, count: result.followers_count };
    },
    onSuccess: (on) => toast.success(on ? 'Following!' : 'Unfollowed'),
    onError: (on, error) =>
      failureToast(on ? 'Failed to follow user' : 'Failed to unfollow user', error),
  });
  const notify = useRef(onStateChange);
  notify.current = onStateChange;
  useEffect(() => {
    notify.current?.(follow.active, follow.count);
  }, [follow.active, follow.count]);
  return (
    <Button
      size={size}
      variant={follow.active ? 'outline' : 'primary'}
      onClick={follow.toggle}
      aria-pressed={follow.active}
      data-testid="follow-button"
    >
      {follow.active ? <UserCheck aria-hidden="true" /> : <UserPlus aria-hidden="true" />}
      {follow.active ? 'Following' : 'Follow'}
    </Button>
  );
}
