import {
  COMPLETION_STATUSES,
  COPYRIGHTS,
  RATINGS,
  STORAGE_KEYS,
  STORY_LANGUAGES,
  STORY_WARNINGS,
  VISIBILITIES,
} from '@storyloom/shared';
import { readString, removeKey, writeString } from '../../../lib/storage';
import {
  type ChapterDraft,
  DEFAULT_SETTINGS,
  emptyDetails,
  isGenre,
  type StoryDetails,
  type StorySettingsForm,
} from './story-form';

/**
 * Unsaved editor work kept in browser storage while the author types, so a crash, a reload or a
 * failed save never loses it. One draft per user for the create form, one per user and story
 * for the edit form. The cover file is not kept (it is a file the author still has).
 */
export type StoryDraft = {
  savedAt: string;
  /** Edit form: the story's `updated_at` when the draft was started. */
  baseUpdatedAt: string | null;
  details: StoryDetails;
  settings: StorySettingsForm;
  chapters: ChapterDraft[];
};

export const draftKey = (userId: string, storyId: string | null) =>
  `${STORAGE_KEYS.storyDraft}:${userId}:${storyId ?? 'new'}`;

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const str = (value: unknown, fallback = ''): string =>
  typeof value === 'string' ? value : fallback;
const oneOf = <T extends string>(value: unknown, allowed: readonly T[], fallback: T): T =>
  typeof value === 'string' && (allowed as readonly string[]).includes(value)
    ? (value as T)
    : fallback;

function parseDetails(value: unknown): StoryDetails {
  const raw = isObject(value) ? value : {};
  return {
    title: str(raw.title),
    description: str(raw.description),
    genre: typeof raw.genre === 'string' && isGenre(raw.genre) ? raw.genre : '',
    tags: Array.isArray(raw.tags) ? raw.tags.filter((t): t is string => typeof t === 'string') : [],
    visibility: oneOf(raw.visibility, VISIBILITIES, emptyDetails().visibility),
  };
}

function parseSettings(value: unknown): StorySettingsForm {
  const raw = isObject(value) ? value : {};
  const d = DEFAULT_SETTINGS;
  return {
    allow_comments: typeof raw.allow_comments === 'boolean' ? raw.allow_comments : d.allow_comments,
    // Drafts saved before ratings hold the Mature Content flag instead.
    rating: oneOf(raw.rating, RATINGS, raw.mature_content === true ? 'mature' : d.rating),
    warnings: Array.isArray(raw.warnings)
      ? STORY_WARNINGS.filter((w) => (raw.warnings as unknown[]).includes(w))
      : d.warnings,
    completion_status: oneOf(raw.completion_status, COMPLETION_STATUSES, d.completion_status),
    language: oneOf(raw.language, STORY_LANGUAGES, d.language),
    copyright: oneOf(raw.copyright, COPYRIGHTS, d.copyright),
  };
}

function parseChapter(value: unknown): ChapterDraft | null {
  if (!isObject(value) || typeof value.key !== 'string') return null;
  return {
    key: value.key,
    id: typeof value.id === 'string' ? value.id : null,
    title: str(value.title),
    content: str(value.content),
    published: value.published === true,
    publishedAt: typeof value.publishedAt === 'string' ? value.publishedAt : null,
    publishAt: typeof value.publishAt === 'string' ? value.publishAt : null,
  };
}

/** A stored draft, or null when there is none or it cannot be read. */
export function readDraft(key: string): StoryDraft | null {
  const text = readString(key);
  if (!text) return null;
  try {
    const raw: unknown = JSON.parse(text);
    if (!isObject(raw) || typeof raw.savedAt !== 'string') return null;
    const chapters = (Array.isArray(raw.chapters) ? raw.chapters : [])
      .map(parseChapter)
      .filter((chapter): chapter is ChapterDraft => chapter !== null);
    return {
      savedAt: raw.savedAt,
      baseUpdatedAt: typeof raw.baseUpdatedAt === 'string' ? raw.baseUpdatedAt : null,
      details: parseDetails(raw.details),
      settings: parseSettings(raw.settings),
      chapters,
    };
  } catch {
    return null;
  }
}

export function writeDraft(key: string, draft: Omit<StoryDraft, 'savedAt'>): void {
  writeString(key, JSON.stringify({ ...draft, savedAt: new Date().toISOString() }));
}

export const removeDraft = (key: string): void => removeKey(key);
