import type { Story, Visibility } from '@storyloom/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { upload } from '../../lib/api';
import { storyKeys } from './keys';

export type CreateStoryInput = {
  title: string;
  description: string;
  genre: string;
  tags: string[];
  visibility: Visibility;
  cover: File | null;
  chapters: { title: string; content: string }[];
};

/**
 * `POST /stories` as multipart: tags comma-joined, the optional cover as a file, the chapters
 * as a JSON string. Story and chapters are created in one transaction.
 */
export function createStory(input: CreateStoryInput): Promise<Story> {
  return upload<Story>('/stories', {
    title: input.title,
    description: input.description,
    genre: input.genre,
    tags: input.tags.join(','),
    visibility: input.visibility,
    cover: input.cover,
    chapters: JSON.stringify(input.chapters),
  });
}

export function useCreateStory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: storyKeys.all }),
  });
}
