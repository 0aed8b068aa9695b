import type { Chapter, ProgressResult, StoryDetail } from '@storyloom/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../lib/api';
import { storyKeys } from '../stories/keys';
import { chapterKeys } from './keys';

/** `POST /chapters/{id}/progress?story_id=`: counts the read (once) and saves the position. */
export const reportProgress = (chapterId: string, storyId: string) =>
  post<ProgressResult>(`/chapters/${encodeURIComponent(chapterId)}/progress`, undefined, {
    query: { story_id: storyId },
  });

interface Shown {
  chapter: Chapter;
  /** The server keeps this reader's position (signed in, and not the story's author). */
  savesPosition: boolean;
}

/**
 * Reports a chapter as shown. The counts on screen take the server's numbers, and the cached
 * story learns the new position at once (its page then offers Continue Reading at this
 * chapter); it is also marked stale, so that page refetches it. A failure is silent: reading
 * goes on, and counting is the server's business.
 */
export function useReportProgress(storyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ chapter }: Shown) => reportProgress(chapter.id, storyId),
    onSuccess: (result, { chapter, savesPosition }) => {
      queryClient.setQueryData<Chapter[]>(
        chapterKeys.byStory(storyId, { publishedOnly: true }),
        (chapters) =>
          chapters?.map((item) =>
            item.id === chapter.id ? { ...item, reads_count: result.reads_count } : item,
          ),
      );
      queryClient.setQueryData<StoryDetail>(storyKeys.detail(storyId), (story) =>
        story
          ? {
              ...story,
              reads_count: result.story_reads_count,
              ...(savesPosition
                ? { progress: { chapter_id: chapter.id, order: chapter.order } }
                : {}),
            }
          : story,
      );
      void queryClient.invalidateQueries({
        queryKey: storyKeys.detail(storyId),
        exact: true,
        refetchType: 'none',
      });
    },
  });
}
