import {
  type Chapter,
  type COMPLETION_STATUSES,
  COPYRIGHTS,
  defaultChapterTitle,
  GENRES,
  type Genre,
  type Rating,
  STORY_LANGUAGES,
  type Story,
  type StoryWarning,
  type Visibility,
} from '@storyloom/shared';
import { createId } from '../../../lib/id';
import { isBlankHtml } from './content';

/** The Story Details fields both forms share. `genre` is '' until one is picked. */
export type StoryDetails = {
  title: string;
  description: string;
  genre: Genre | '';
  tags: string[];
  visibility: Visibility;
};

/**
 * The edit form's extra settings, as the API names them. The Mature Content switch shows and
 * sets the rating (docs/decisions/023-ratings.md); warnings are kept in STORY_WARNINGS order.
 */
export type StorySettingsForm = {
  allow_comments: boolean;
  rating: Rating;
  warnings: StoryWarning[];
  completion_status: (typeof COMPLETION_STATUSES)[number];
  language: (typeof STORY_LANGUAGES)[number];
  copyright: (typeof COPYRIGHTS)[number];
};

/**
 * A chapter in the editor: `id` is the server's id, or null for a new one that only
 * has its temporary `key`. Its place in the list is its order.
 */
export type ChapterDraft = {
  key: string;
  id: string | null;
  title: string;
  content: string;
  published: boolean;
  publishedAt: string | null;
  /** Scheduled to publish at this instant (UTC), saved with Save Changes; null when not. */
  publishAt: string | null;
  /** Hidden by the moderators, with their reason: unpublished until they restore it. */
  hidden?: { reason: string | null } | null;
};

export const DEFAULT_SETTINGS: StorySettingsForm = {
  allow_comments: true,
  rating: 'general',
  warnings: [],
  completion_status: 'ongoing',
  language: 'English',
  copyright: 'All Rights Reserved',
};

export const emptyDetails = (visibility: Visibility = 'public'): StoryDetails => ({
  title: '',
  description: '',
  genre: '',
  tags: [],
  visibility,
});

/** A new chapter at `position` (1-based), titled 'Chapter n'. */
export function newChapter(position: number, published = false): ChapterDraft {
  return {
    key: createId('chapter'),
    id: null,
    title: defaultChapterTitle(position),
    content: '',
    published,
    publishedAt: null,
    publishAt: null,
  };
}

export const isGenre = (value: string): value is Genre =>
  (GENRES as readonly string[]).includes(value);

export function detailsFromStory(story: Story): StoryDetails {
  return {
    title: story.title,
    description: story.description,
    genre: isGenre(story.genre) ? story.genre : '',
    tags: [...story.tags],
    visibility: story.visibility,
  };
}

export function settingsFromStory(story: Story): StorySettingsForm {
  const { settings } = story;
  const pick = <T extends string>(value: string, allowed: readonly T[], fallback: T): T =>
    (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
  return {
    allow_comments: settings.allow_comments,
    rating: story.rating ?? (settings.mature_content ? 'mature' : 'general'),
    warnings: [...(story.warnings ?? [])],
    completion_status: settings.completion_status,
    language: pick(settings.language, STORY_LANGUAGES, DEFAULT_SETTINGS.language),
    copyright: pick(settings.copyright, COPYRIGHTS, DEFAULT_SETTINGS.copyright),
  };
}

export function chapterFromServer(chapter: Chapter): ChapterDraft {
  return {
    key: chapter.id,
    id: chapter.id,
    title: chapter.title,
    content: chapter.content,
    published: chapter.published,
    publishedAt: chapter.published_at,
    publishAt: chapter.publish_at ?? null,
    ...(chapter.hidden ? { hidden: { reason: chapter.hidden.reason } } : {}),
  };
}

export const sameTags = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((tag, index) => tag === b[index]);

export const sameDetails = (a: StoryDetails, b: StoryDetails) =>
  a.title === b.title &&
  a.description === b.description &&
  a.genre === b.genre &&
  a.visibility === b.visibility &&
  sameTags(a.tags, b.tags);

export const sameSettings = (a: StorySettingsForm, b: StorySettingsForm) =>
  a.allow_comments === b.allow_comments &&
  a.rating === b.rating &&
  sameTags(a.warnings, b.warnings) &&
  a.completion_status === b.completion_status &&
  a.language === b.language &&
  a.copyright === b.copyright;

export const sameChapter = (a: ChapterDraft, b: ChapterDraft) =>
  a.id === b.id &&
  a.title === b.title &&
  a.content === b.content &&
  a.published === b.published &&
  a.publishAt === b.publishAt;

export const sameChapters = (a: readonly ChapterDraft[], b: readonly ChapterDraft[]) =>
  a.length === b.length && a.every((chapter, index) => sameChapter(chapter, b[index]!));

/** Chapters worth submitting when a story is created: those with visible text. */
export const chaptersWithContent = (chapters: readonly ChapterDraft[]) =>
  chapters.filter((chapter) => !isBlankHtml(chapter.content));
