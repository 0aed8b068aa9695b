import { STORY_MESSAGES, TIMINGS } from '@storyloom/shared';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useCreateStory } from '../../../api/stories/create-story';
import { useObjectUrl } from '../../../components/ui/file-upload';
import { useAuthStore } from '../../../stores/auth-store';
import { toast } from '../../../stores/toast';
import { preloadEditor } from '../components/lazy-editor';
import { FIELD_IDS } from '../components/story-details-fields';
import { EDITOR_MESSAGES } from '../messages';
import { addChapter, removeChapter, updateChapter } from '../model/chapters';
import { isBlankHtml } from '../model/content';
import { draftKey, readDraft, removeDraft, type StoryDraft } from '../model/drafts';
import { failureMessage } from '../model/errors';
import {
  type ChapterDraft,
  chaptersWithContent,
  DEFAULT_SETTINGS,
  emptyDetails,
  newChapter,
  type StoryDetails,
} from '../model/story-form';
import { createProblem } from '../model/validation';
import { useDefaultVisibility } from './use-default-visibility';
import { useDraftAutosave } from './use-draft-autosave';
import { useFocusField } from './use-focus-field';

export type CreateTab = 'details' | 'chapters' | 'settings';

/** Anything worth keeping: a draft of an untouched form is not offered back. */
export const hasWork = (details: StoryDetails, chapters: readonly ChapterDraft[]) =>
  details.title.trim() !== '' ||
  details.description.trim() !== '' ||
  details.genre !== '' ||
  details.tags.length > 0 ||
  chapters.length > 1 ||
  chapters.some((chapter) => !isBlankHtml(chapter.content));

/** State and actions of /stories/create (spec §2 "Create story", §5, §8, §9). */
export function useCreateForm() {
  const navigate = useNavigate();
  const userId = useAuthStore((state) => state.user?.id ?? null);
  const key = userId ? draftKey(userId, null) : null;
  const createStory = useCreateStory();
  const defaultVisibility = useDefaultVisibility();
  const focusField = useFocusField();

  const [ready, setReady] = useState(false);
  const [tab, setTab] = useState<CreateTab>('details');
  const [details, setDetailsState] = useState<StoryDetails>(() => emptyDetails());
  const [visibilityTouched, setVisibilityTouched] = useState(false);
  // Chapters created with the story are published (spec §4).
  const [chapters, setChapters] = useState<ChapterDraft[]>(() => [newChapter(1, true)]);
  const [selectedKey, setSelectedKey] = useState(() => chapters[0]!.key);
  const [revision, setRevision] = useState(0);
  const [cover, setCover] = useState<File | null>(null);
  const coverUrl = useObjectUrl(cover);
  const [offer, setOffer] = useState<StoryDraft | null>(() => {
    const draft = key ? readDraft(key) : null;
    return draft && hasWork(draft.details, draft.chapters) ? draft : null;
  });

  // The spec's create page shows a skeleton for about half a second; the editor loads meanwhile.
  useEffect(() => {
    preloadEditor();
    const timer = setTimeout(() => setReady(true), TIMINGS.createSkeletonMs);
    return () => clearTimeout(timer);
  }, []);

  // The author's default visibility, unless they already chose one.
  const fallbackVisibility = defaultVisibility.data;
  useEffect(() => {
    if (fallbackVisibility && !visibilityTouched) {
      setDetailsState((current) => ({ ...current, visibility: fallbackVisibility }));
    }
  }, [fallbackVisibility, visibilityTouched]);

  const draft = useMemo(
    () =>
      hasWork(details, chapters)
        ? { baseUpdatedAt: null, details, settings: DEFAULT_SETTINGS, chapters }
        : null,
    [details, chapters],
  );
  const autosave = useDraftAutosave(key, draft, { paused: offer !== null });

  const setDetails = (patch: Partial<StoryDetails>) => {
    if (patch.visibility) setVisibilityTouched(true);
    setDetailsState((current) => ({ ...current, ...patch }));
  };

  const restore = () => {
    if (!offer) return;
    const restored = offer.chapters.length > 0 ? offer.chapters : [newChapter(1, true)];
    setDetailsState(offer.details);
    setVisibilityTouched(true);
    setChapters(restored.map((chapter) => ({ ...chapter, id: null, published: true })));
    setSelectedKey(restored[0]!.key);
    setRevision((r) => r + 1);
    setOffer(null);
  };

  const discardOffer = () => {
    if (key) removeDraft(key);
    setOffer(null);
  };

  const chapterActions = {
    select: setSelectedKey,
    add: () => {
      const { chapters: next, added } = addChapter(chapters, true);
      setChapters(next);
      setSelectedKey(added.key);
    },
    remove: (chapterKey: string) => {
      const next = removeChapter(chapters, chapterKey);
      if (!next) {
        toast.error(STORY_MESSAGES.lastChapterTitle, STORY_MESSAGES.lastChapter);
        return;
      }
      setChapters(next);
      if (chapterKey === selectedKey) {
        const index = chapters.findIndex((chapter) => chapter.key === chapterKey);
        setSelectedKey(next[Math.min(index, next.length - 1)]!.key);
      }
    },
    change: (chapterKey: string, patch: Partial<Pick<ChapterDraft, 'title' | 'content'>>) =>
      setChapters((current) => updateChapter(current, chapterKey, patch)),
  };

  const publish = () => {
    if (createStory.isPending) return;
    const problem = createProblem(details, chapters);
    if (problem) {
      toast.error(problem.title, problem.description);
      if (problem.field === 'content') {
        setTab('chapters');
        if (problem.chapterKey) setSelectedKey(problem.chapterKey);
      } else {
        setTab('details');
        focusField(FIELD_IDS[problem.field]);
      }
      return;
    }
    const submitted = chaptersWithContent(chapters).map((chapter) => ({
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
        cover,
        chapters: submitted,
      },
      {
        onSuccess: (story) => {
          autosave.stop();
          if (key) removeDraft(key);
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

  const discard = () => {
    autosave.stop();
    if (key) removeDraft(key);
  };

  return {
    ready,
    tab,
    setTab,
    details,
    setDetails,
    chapters,
    selectedKey,
    revision,
    chapterActions,
    cover,
    coverUrl,
    setCover,
    offer,
    restore,
    discardOffer,
    publish,
    publishing: createStory.isPending,
    hasWork: hasWork(details, chapters) || cover !== null,
    discard,
  };
}
