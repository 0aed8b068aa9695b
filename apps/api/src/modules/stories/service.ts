import {
  type CreateStoryBody,
  defaultChapterTitle,
  MODERATION_MESSAGES,
  type NewStoryChapter,
  type Rating,
  STORY_MESSAGES,
  type StoryDetail,
  type StorySettingsInput,
  type UpdateStoryBody,
} from '@storyloom/shared';
import type { Transaction, Updateable } from 'kysely';
import type { Db } from '../../db/index.js';
import type { Database, StoriesTable, StoryRow, UserRow } from '../../db/types.js';
import { forbidden, invalidField } from '../../lib/errors.js';
import { isUuid, newId } from '../../lib/ids.js';
import { nowIso } from '../../lib/time.js';
import { type ChapterContent, prepareContent } from '../chapters/content.js';
import { insertChapters } from '../chapters/repo.js';
import type { PublicStoryCounts } from '../discovery/counts.js';
import type { CoverStore } from '../media/covers.js';
import type { Notifier } from '../notifications/events.js';
import { retract } from '../notifications/repo.js';
import { progressOf } from '../reading/repo.js';
import { insertRevisions, packContent } from '../revisions/repo.js';
import { indexChapters } from '../search/chapter-index.js';
import type { SeriesService } from '../series/service.js';
import { forgetNotificationsOf, insertDeletedItem } from '../trash/repo.js';
import { storyNotFound } from './policy.js';
import { firstPublication } from './ranking.js';
import { ratingColumns } from './ratings.js';
import {
  adjustStoriesCount,
  findStoryById,
  insertStory,
  isFollowing,
  lockStory,
  replaceTags,
  updateStory,
} from './repo.js';
import { storyViews } from './views.js';

type Viewer = { id: string } | null;

/** Columns of the settings given; the rating against `current` (the stored one on an edit). */
function settingsColumns(input: StorySettingsInput, current?: Rating) {
  const out: Updateable<StoriesTable> = { ...ratingColumns(input, current) };
  if (input.allow_comments !== undefined) out.allow_comments = input.allow_comments ? 1 : 0;
  if (input.completion_status !== undefined) out.completion_status = input.completion_status;
  if (input.language !== undefined) out.language = input.language;
  if (input.copyright !== undefined) out.copyright = input.copyright;
  return out;
}

function definedSettings(input: StorySettingsInput): StorySettingsInput {
  const {
    allow_comments,
    mature_content,
    rating,
    warnings,
    completion_status,
    language,
    copyright,
  } = input;
  const all = {
    allow_comments,
    mature_content,
    rating,
    warnings,
    completion_status,
    language,
    copyright,
  };
  return Object.fromEntries(Object.entries(all).filter(([, value]) => value !== undefined));
}

/** Chapters sent with a new story: sanitized, blank ones dropped; at least one must remain. */
function chaptersForNewStory(chapters: NewStoryChapter[]) {
  const kept: { title: string; content: ChapterContent }[] = [];
  for (const chapter of chapters) {
    const content = prepareContent(chapter.content);
    if (content.blank) continue;
    if (content.tooLong) throw invalidField('chapters', STORY_MESSAGES.chapterContentMax);
    kept.push({ title: chapter.title ?? '', content });
  }
  if (kept.length === 0) throw invalidField('chapters', STORY_MESSAGES.contentRequired);
  return kept;
}

export interface StoryServiceDeps {
  db: Db;
  covers: CoverStore;
  /** The public lists' totals, adjusted as stories appear in them and leave them. */
  storyCounts: PublicStoryCounts;
  notifier: Notifier;
  /** The series a story is part of, on its detail (docs/decisions/029-series.md). */
  series: Pick<SeriesService, 'forStory'>;
}

export function createStoryService({
  db,
  covers,
  storyCounts,
  notifier,
  series,
}: StoryServiceDeps) {
  const k = db.kysely;

  /** Runs `work` on the locked story row; a story deleted meanwhile is a 404. */
  const withLockedStory = <T>(
    id: string,
    work: (trx: Transaction<Database>, story: StoryRow) => Promise<T>,
  ) =>
    k.transaction().execute(async (trx) => {
      const story = await lockStory(trx, db.dialect, id);
      if (!story) throw storyNotFound();
      return work(trx, story);
    });

  const reload = async (id: string): Promise<StoryRow> => {
    const story = await findStoryById(k, id);
    if (!story) throw storyNotFound();
    return story;
  };

  const view = async (story: StoryRow, viewer: Viewer) => {
    const [payload] = await storyViews(k, [story], viewer);
    return payload!;
  };

  return {
    find: async (id: string) => (isUuid(id) ? findStoryById(k, id) : undefined),

    /** The payload of one story for `viewer` (is_liked / is_saved when signed in). */
    view,

    /**
     * The payload plus, for signed-in callers, whether they follow the author and where they
     * stopped reading.
     */
    async detail(story: StoryRow, viewer: Viewer): Promise<StoryDetail> {
      const [shown, partOf] = await Promise.all([
        view(story, viewer),
        series.forStory(story, viewer),
      ]);
      const payload = { ...shown, series: partOf };
      if (!viewer) return payload;
      const following =
        viewer.id !== story.author_id && (await isFollowing(k, viewer.id, story.author_id));
      const progress = await progressOf(k, viewer.id, story.id);
      return { ...payload, is_following_author: following, progress };
    },

    /**
     * Story, tags and chapters in one transaction: all or nothing. Chapters created with the
     * story are published. The cover is written first and removed again if the insert fails.
     */
    async create(author: UserRow, input: CreateStoryBody, cover: Buffer | null): Promise<StoryRow> {
      const chapters = input.chapters === undefined ? [] : chaptersForNewStory(input.chapters);
      const id = newId();
      const now = nowIso();
      const isPublic = input.visibility === 'public';
      const coverUrl = cover ? await covers.save(id, cover) : null;
      try {
        await k.transaction().execute(async (trx) => {
          await insertStory(trx, {
            id,
            author_id: author.id,
            title: input.title,
            description: input.description,
            genre: input.genre,
            visibility: input.visibility,
            cover_image: coverUrl,
            chapters_count: chapters.length,
            word_count: chapters.reduce((sum, chapter) => sum + chapter.content.wordCount, 0),
            ...settingsColumns(input),
            ...(isPublic ? firstPublication(now) : {}),
            created_at: now,
            updated_at: now,
          });
          await replaceTags(trx, id, input.tags);
          const chapterIds = chapters.map(() => newId());
          const titles = chapters.map(
            (chapter, index) => chapter.title || defaultChapterTitle(index + 1),
          );
          await insertChapters(
            trx,
            chapters.map((chapter, index) => ({
              id: chapterIds[index]!,
              story_id: id,
              title: titles[index]!,
              content: chapter.content.html,
              word_count: chapter.content.wordCount,
              position: index + 1,
              published: 1,
              published_at: now,
              created_at: now,
              updated_at: now,
            })),
          );
          await indexChapters(
            trx,
            db.dialect,
            chapters.map((chapter, index) => ({
              id: chapterIds[index]!,
              content: chapter.content.html,
            })),
          );
          // Each chapter's first revision, with it (decision 026).
          await insertRevisions(
            trx,
            chapters.map((chapter, index) => ({
              chapterId: chapterIds[index]!,
              savedBy: author.id,
              title: titles[index]!,
              content: packContent(chapter.content.html),
              wordCount: chapter.content.wordCount,
              createdAt: now,
            })),
          );
          if (isPublic) await adjustStoriesCount(trx, author.id, 1);
          // The author's followers hear of a new story once, by its first chapter.
          if (isPublic && chapterIds[0])
            await notifier.record(trx, { event: 'new_chapter', chapter_id: chapterIds[0] });
        });
        if (isPublic && chapters.length > 0) notifier.poke();
      } catch (error) {
        await covers.remove(coverUrl);
        throw error;
      }
      const created = await reload(id);
      storyCounts.storyChanged(undefined, created);
      return created;
    },

    async update(story: StoryRow, input: UpdateStoryBody): Promise<StoryRow> {
      const now = nowIso();
      const before = await withLockedStory(story.id, async (trx, current) => {
        // Settings nested or flat (flat wins); the rating from both at once, so a flat
        // `mature_content` cannot undo a nested `rating`.
        const settings = { ...input.settings, ...definedSettings(input) };
        const changes: Updateable<StoriesTable> = {
          ...settingsColumns(settings, current.rating),
          updated_at: now,
        };
        if (input.title !== undefined) changes.title = input.title;
        if (input.description !== undefined) changes.description = input.description;
        if (input.genre !== undefined) changes.genre = input.genre;
        if (input.visibility !== undefined && input.visibility !== current.visibility) {
          // Hidden by the moderators: private until they restore it (decision 025).
          if (current.hidden_at !== null) throw forbidden(MODERATION_MESSAGES.hiddenVisibility);
          changes.visibility = input.visibility;
          const goesPublic = input.visibility === 'public';
          await adjustStoriesCount(trx, current.author_id, goesPublic ? 1 : -1);
          if (goesPublic && current.published_at === null)
            Object.assign(changes, firstPublication(now));
          // A story made private is no longer anyone else's to be told about.
          if (!goesPublic) await retract(trx, 'story_id', current.id, current.author_id);
        }
        if (input.tags !== undefined) await replaceTags(trx, current.id, input.tags);
        await updateStory(trx, current.id, changes);
        return current;
      });
      const after = await reload(story.id);
      storyCounts.storyChanged(before, after);
      return after;
    },

    /** New files first, then the row; the old files go once the new URL is committed. */
    async setCover(story: StoryRow, upload: Buffer): Promise<StoryRow> {
      const url = await covers.save(story.id, upload);
      let previous: string | null;
      try {
        previous = await withLockedStory(story.id, async (trx, current) => {
          await updateStory(trx, current.id, { cover_image: url, updated_at: nowIso() });
          return current.cover_image;
        });
      } catch (error) {
        await covers.remove(url);
        throw error;
      }
      await covers.remove(previous);
      return reload(story.id);
    },

    async removeCover(story: StoryRow): Promise<StoryRow> {
      const previous = await withLockedStory(story.id, async (trx, current) => {
        await updateStory(trx, current.id, { cover_image: null, updated_at: nowIso() });
        return current.cover_image;
      });
      await covers.remove(previous);
      return reload(story.id);
    },

    /**
     * Moves the story to its author's "Recently deleted" (docs/decisions/027-recently-deleted.md):
     * private while there, remembering its visibility, out of every list and count as a deletion
     * is; chapters, comments, likes, reads, saves, tags and cover stay for a restore. The purge
     * job deletes it for good after TRASH_DAYS (trash/purge.ts).
     */
    async remove(story: StoryRow, now = nowIso()): Promise<void> {
      const removed = await withLockedStory(story.id, async (trx, current) => {
        await updateStory(trx, current.id, {
          visibility: 'private',
          visibility_before_deleted: current.visibility,
          deleted_at: now,
        });
        if (current.visibility === 'public') await adjustStoriesCount(trx, current.author_id, -1);
        await insertDeletedItem(trx, {
          kind: 'story',
          id: current.id,
          authorId: current.author_id,
          storyId: current.id,
          at: now,
        });
        await forgetNotificationsOf(trx, 'story_id', current.id);
        return current;
      });
      storyCounts.storyChanged(removed, undefined);
    },
  };
}
export type StoryService = ReturnType<typeof createStoryService>;
