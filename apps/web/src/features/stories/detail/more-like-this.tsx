import { useSimilarStories } from '../../../api/stories/get-similar-stories';
import { StoryCardSkeleton, StoryGrid } from '../../../components/story/story-card';
import { DETAIL_MESSAGES } from './messages';

const SKELETONS = ['a', 'b', 'c', 'd'];

/** Up to 4 public stories of the same genre; the section is left out when there are none. */
export function MoreLikeThis({ storyId, enabled }: { storyId: string; enabled: boolean }) {
  const similar = useSimilarStories(storyId, enabled);
  if (similar.isError || (similar.isSuccess && similar.data.length === 0)) return null;
  return (
    <section aria-labelledby="more-like-this" className="mt-14" data-testid="more-like-this">
      <h2 id="more-like-this" className="font-serif text-2xl font-bold tracking-tight">
        {DETAIL_MESSAGES.moreLikeThis}
      </h2>
      {similar.data ? (
        <StoryGrid stories={similar.data} className="mt-5" />
      ) : (
        <div
          className="mt-5 grid grid-cols-2 gap-x-4 gap-y-6 sm:grid-cols-3 lg:grid-cols-4"
          aria-busy="true"
        >
          {SKELETONS.map((key) => (
            <StoryCardSkeleton key={key} />
          ))}
        </div>
      )}
    </section>
  );
}
