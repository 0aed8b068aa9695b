import { Heart } from 'lucide-react';
import { likeStory } from '../../api/stories/like-story';
import { formatCount } from '../../lib/format';
import { ToggleButton } from './toggle-button';
import { failureToast, useToggleAction } from './use-toggle-action';

const LABELS = ['Like', 'Liked'] as const;

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
      const result = await likeStory(storyId, on);
      return { active: result.liked, count: result.votes_count };
    },
    onError: (on, error) =>
      failureToast(on ? 'Failed to like story' : 'Failed to unlike story', error),
  });
  return (
    <ToggleButton state={like} icon={Heart} labels={LABELS} variant="primary" testId="like-button">
      <span className="tabular-nums opacity-80">{formatCount(like.count)}</span>
    </ToggleButton>
  );
}
