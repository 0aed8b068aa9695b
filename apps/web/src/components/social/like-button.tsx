import { Heart } from 'lucide-react';
import { del, post } from '../../lib/api';
import { formatCount } from '../../lib/format';
import { Button } from '../ui/button';
import { failureToast, useToggleAction } from './use-toggle-action';

interface LikeButtonProps {
  storyId: string;
  liked: boolean;
  votes: number;
  invalidate?: readonly (readonly unknown[])[];
}

/** Like/Liked with the count; a visitor is sent to sign in. */
export function LikeButton({ storyId, liked, votes, invalidate }: LikeButtonProps) {
  const like = useToggleAction({
    initial: { active: liked, count: votes },
    invalidate,
    send: async (on) => {
      const path = `/stories/${storyId}/like`;
      const result = await (on ? post<LikeResult>(path) : del<LikeResult>(path));
      return { active: result.liked, count: result.votes_count };
    },
    onError: (on, error) =>
      failureToast(on ? 'Failed to like story' : 'Failed to unlike story', error),
  });
  return (
    <Button
      variant={like.active ? 'primary' : 'outline'}
      onClick={like.toggle}
      aria-pressed={like.active}
      data-testid="like-button"
    >
      <Heart className={like.active ? 'fill-current' : undefined} aria-hidden="true" />
      {like.active ? 'Liked' : 'Like'}
      <span className="tabular-nums opacity-80">{formatCount(like.count)}</span>
    </Button>
  );
}

interface LikeResult {
  liked: boolean;
  votes_count: number;
}
