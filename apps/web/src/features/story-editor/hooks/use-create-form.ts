import { STORY_MESSAGES, TIMINGS } from '@storyloom/shared';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useCreateStory } from '../../../api/stories/create-story';
import { toast } from '../../../stores/toast';
import { preloadEditor } from '../components/lazy-editor';
import { EDITOR_MESSAGES } from '../messages';
import { hasWork } from '../model/draft-offer';
import { newStoryState } from '../model/editor-state';
import { failureMessage } from '../model/errors';
import { chaptersWithContent } from '../model/story-form';
import { createProblem } from '../model/validation';
import { useDefaultVisibility } from './use-default-visibility';
import { useStoryForm } from './use-story-form';

/** /stories/create: the story form from an empty baseline, published in one call. */
export function useCreateForm() {
  const navigate = useNavigate();
  const createStory = useCreateStory();
  const form = useStoryForm(null, newStoryState);
  const { values, dispatch, dropDraft } = form;
  const defaultVisibility = useDefaultVisibility().data;
  const [ready, setReady] = useState(false);

  // The create page shows a skeleton for about half a second; the editor loads meanwhile.
  useEffect(() => {
    preloadEditor();
    const timer = setTimeout(() => setReady(true), TIMINGS.createSkeletonMs);
    return () => clearTimeout(timer);
  }, []);

  // The author's default visibility, unless they already chose one.
  useEffect(() => {
    if (defaultVisibility) dispatch({ type: 'default-visibility', visibility: defaultVisibility });
  }, [defaultVisibility, dispatch]);

  const publish = () => {
    if (createStory.isPending) return;
    const problem = createProblem(values.details, values.chapters);
    if (problem) {
      form.showProblem(problem);
      return;
    }
    const { details, cover } = values;
    const submitted = chaptersWithContent(values.chapters).map((chapter) => ({
      title: chapter.title.trim(),
      content: chapter.content,
    }));
    createStory.mutate(
      {
        title: details.title.trim(),
        description: details.description,
        genre: details.genre,
        tags: details.tags,
        visibility: details.visibility,
        cover: cover.kind === 'replace' ? cover.file : null,
        chapters: submitted,
      },
      {
        onSuccess: (story) => {
          dropDraft({ stop: true });
          toast.success(
            STORY_MESSAGES.storyCreated,
            EDITOR_MESSAGES.storyCreatedDescription(submitted.length),
          );
          void navigate(`/stories/${story.id}`);
        },
        onError: (error) =>
          toast.error(
            EDITOR_MESSAGES.errorTitle,
            failureMessage(error, EDITOR_MESSAGES.createFailed),
          ),
      },
    );
  };

  return {
    ...form,
    ready,
    publish,
    publishing: createStory.isPending,
    hasWork: hasWork(values.details, values.chapters) || values.cover.kind === 'replace',
    discard: () => dropDraft({ stop: true }),
  };
}
