/**
 * Story messages and plain-text helpers shared by the API and the web app. Free of zod, so the
 * web bundle can use them without pulling the schemas in (schemas/stories.ts re-exports them).
 */
import { LIMITS } from './constants.js';
import { groupDigits } from './format-number.js';

/** Stories, chapters, covers and the editor: toast title / description pairs and field errors. */
export const STORY_MESSAGES = {
  titleRequiredTitle: 'Title Required',
  titleRequired: 'Please enter a title for your story',
  titleMax: `Title must be at most ${LIMITS.titleMax} characters`,
  genreRequiredTitle: 'Genre Required',
  genreRequired: 'Please select a genre for your story',
  contentRequiredTitle: 'Content Required',
  contentRequired: 'Please write content for at least one chapter',
  descriptionMax: `Description must be at most ${LIMITS.descriptionMax} characters`,
  tagMax: `Each tag must be at most ${LIMITS.tagMax} characters`,
  tagsMax: `A story can have at most ${LIMITS.tagsPerStory} tags`,
  visibilityInvalid: 'Visibility must be public or private',
  chaptersInvalid: 'Chapters must be a list of {title, content}',
  unauthorizedTitle: 'Unauthorized',
  notYourStory: 'You can only edit your own stories',
  storyNotFound: 'Story not found',
  storyPrivate: 'This story is private and cannot be accessed',
  storyCreated: 'Story Created!',
  storyUpdated: 'Story Updated!',
  storyDeleted: 'Story Deleted',
  coverUpdated: 'Cover updated',
  coverRemoved: 'Cover removed',
  chapterNotFound: 'Chapter not found',
  chapterNoContentTitle: 'No Content',
  chapterNoContent: 'Please add content to the chapter before publishing',
  lastChapterTitle: 'Cannot delete',
  lastChapter: 'You must have at least one chapter',
  chapterTitleMax: `Chapter title must be at most ${LIMITS.chapterTitleMax} characters`,
  chapterContentMax: `Chapter content must be at most ${groupDigits(LIMITS.chapterContentMax)} characters`,
  tooManyChapters: `A story can have at most ${LIMITS.chaptersPerStory} chapters`,
  chapterSaved: 'Chapter saved',
  chapterScheduled: 'Chapter scheduled',
  scheduleInvalid: 'Enter a valid date and time',
  scheduleInPast: 'Choose a time in the future',
  scheduleTooFar: `A chapter can be scheduled at most ${LIMITS.scheduleMaxDays} days ahead`,
  scheduleWhilePublished: 'This chapter is already published; unpublish it first to schedule it',
  scheduleAndPublish: 'Publish now or schedule, not both',
  chapterDeleted: 'Chapter deleted',
  revisionNotFound: 'Revision not found',
  revisionRestored: 'Revision restored',
  fileTooLarge: `File size must be less than ${LIMITS.uploadMaxBytes / 1024 / 1024}MB`,
  fileTypeNotSupported: 'File type not supported',
  fileRequired: 'Choose an image to upload',
  imageTooLarge: 'Image dimensions are too large',
} as const;

/** The title a chapter gets when its author gives none. */
export const defaultChapterTitle = (position: number) => `Chapter ${position}`;

// C0/C1 control characters and bidi overrides/isolates: never wanted in plain-text fields.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g;

/** A one-line plain-text value: line breaks and tabs become spaces, controls go, ends trimmed. */
export const singleLine = (value: string): string =>
  value
    .replace(/[\t\r\n]+/g, ' ')
    .replace(CONTROLS, '')
    .trim();

/** A multi-line plain-text value: CRLF becomes LF, other controls go, ends trimmed. */
export const multiLine = (value: string): string =>
  value.replace(/\r\n?/g, '\n').replace(CONTROLS, '').trim();

/**
 * Tags from a list or a comma-joined string: trimmed, blanks dropped, unique case-insensitively
 * (the first spelling wins).
 */
export function normalizeTags(input: readonly string[] | string): string[] {
  const raw = typeof input === 'string' ? input.split(',') : input.flatMap((t) => t.split(','));
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const value of raw) {
    const tag = singleLine(value).normalize('NFC');
    const key = tag.toLowerCase();
    if (tag && !seen.has(key)) {
      seen.add(key);
      tags.push(tag);
    }
  }
  return tags;
}
