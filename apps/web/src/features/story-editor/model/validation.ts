import { LIMITS, STORY_MESSAGES } from '@storyloom/shared';
import { isBlankHtml } from './content';
import type { ChapterDraft, StoryDetails } from './story-form';

/** A refusal shown as a toast; `field` says where to send the user to fix it. */
export type Problem = {
  title: string;
  description: string;
  field: 'title' | 'genre' | 'content';
  /** The chapter at fault, for chapter problems. */
  chapterKey?: string;
};

function detailsProblem(details: StoryDetails): Problem | null {
  if (!details.title.trim()) {
    return {
      title: STORY_MESSAGES.titleRequiredTitle,
      description: STORY_MESSAGES.titleRequired,
      field: 'title',
    };
  }
  if (details.title.length > LIMITS.titleMax) {
    return { title: 'Title is too long', description: STORY_MESSAGES.titleMax, field: 'title' };
  }
  if (!details.genre) {
    return {
      title: STORY_MESSAGES.genreRequiredTitle,
      description: STORY_MESSAGES.genreRequired,
      field: 'genre',
    };
  }
  return null;
}

/** A chapter title over its limit: the chapter opens with the message under its title. */
function chapterTitlesProblem(chapters: readonly ChapterDraft[]): Problem | null {
  const long = chapters.find((chapter) => chapter.title.length > LIMITS.chapterTitleMax);
  if (!long) return null;
  return {
    title: 'Chapter title is too long',
    description: STORY_MESSAGES.chapterTitleMax,
    field: 'content',
    chapterKey: long.key,
  };
}

/** Create story: title, genre, then at least one chapter with content. */
export function createProblem(details: StoryDetails, chapters: readonly ChapterDraft[]) {
  const problem = detailsProblem(details) ?? chapterTitlesProblem(chapters);
  if (problem) return problem;
  if (chapters.every((chapter) => isBlankHtml(chapter.content))) {
    return {
      title: STORY_MESSAGES.contentRequiredTitle,
      description: STORY_MESSAGES.contentRequired,
      field: 'content',
      ...(chapters[0] ? { chapterKey: chapters[0].key } : {}),
    } satisfies Problem;
  }
  return null;
}

/** Publishing a chapter needs visible content. */
export function publishProblem(chapter: ChapterDraft): Problem | null {
  if (!isBlankHtml(chapter.content)) return null;
  return {
    title: STORY_MESSAGES.chapterNoContentTitle,
    description: STORY_MESSAGES.chapterNoContent,
    field: 'content',
    chapterKey: chapter.key,
  };
}

/** Edit story: title and genre as on create; a published or scheduled chapter keeps its content. */
export function saveProblem(details: StoryDetails, chapters: readonly ChapterDraft[]) {
  const problem = detailsProblem(details) ?? chapterTitlesProblem(chapters);
  if (problem) return problem;
  for (const chapter of chapters) {
    const chapterProblem = chapter.published || chapter.publishAt ? publishProblem(chapter) : null;
    if (chapterProblem) return chapterProblem;
  }
  return null;
}
