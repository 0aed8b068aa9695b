import { type DataExport, PRODUCT_NAME, resolveSettings } from '@storyloom/shared';
import type { Db } from '../../db/index.js';
import type { UserRow } from '../../db/types.js';
import { presentChapter } from '../chapters/presenter.js';
import { followedForExport, listsForExport } from '../lists/repo.js';
import { canRead, canReadChapter } from '../stories/policy.js';
import { presentStorySettings } from '../stories/presenter.js';
import { tagsOf } from '../stories/repo.js';
import {
  blocksAndMutes,
  chapterReadsOfUser,
  chaptersOfAuthor,
  commentsOfUser,
  followUsernames,
  progressOfUser,
  reactionsOfUser,
  type StoryRefRow,
  storiesOfAuthor,
} from './export-repo.js';
import { presentUser } from './presenter.js';
import { findSettings } from './settings-repo.js';

/**
 * Everything a user owns, for `GET /users/me/export`: profile, settings, stories with every
 * chapter (private stories and drafts included), follows, likes, saves, reading history,
 * comments, notifications, and whom they blocked or muted.
 * Nothing private of anyone else leaves: a liked, saved or read story that is now private to
 * its author keeps its id and the user's date, with title and author blanked; so does a read
 * chapter that went back to draft.
 */
export function createExportService({ db }: { db: Db }) {
  const k = db.kysely;

  const ref = (viewer: UserRow, row: StoryRefRow) => {
    const visible = canRead(viewer, row);
    return {
      story_id: row.story_id,
      title: visible ? row.title : null,
      author: visible ? row.author : null,
    };
  };

  const iso = (at: string | Date) => new Date(at).toISOString();

  /** The user's lists, each story as the other refs: blanked once it is private to its author. */
  const readingLists = async (user: UserRow) => {
    const lists = new Map<string, DataExport['reading_lists'][number]>();
    for (const row of await listsForExport(k, user.id)) {
      let list = lists.get(row.id);
      if (!list) {
        list = {
          id: row.id,
          name: row.name,
          description: row.description,
          visibility: row.visibility,
          created_at: iso(row.created_at),
          updated_at: iso(row.updated_at),
          stories: [],
        };
        lists.set(row.id, list);
      }
      if (row.story_id === null || row.author_id === null) continue;
      list.stories.push({
        ...ref(user, {
          story_id: row.story_id,
          title: row.title ?? '',
          visibility: row.story_visibility ?? 'private',
          author_id: row.author_id,
          author: row.author ?? '',
          at: '',
        }),
        added_at: iso(row.added_at ?? ''),
      });
    }
    return [...lists.values()];
  };

  return {
    async build(user: UserRow, at: Date): Promise<DataExport> {
      const stories = await storiesOfAuthor(k, user.id);
      const tags = await tagsOf(
        k,
        stories.map((story) => story.id),
      );
      const chapters = await chaptersOfAuthor(k, user.id);
      const chaptersByStory = new Map<
        string,
        (ReturnType<typeof presentChapter> & { deleted_at: string | null })[]
      >();
      // Stories and chapters in "Recently deleted" are still the user's: exported, with when
      // they were deleted (docs/decisions/027-recently-deleted.md).
      for (const chapter of chapters) {
        const list = chaptersByStory.get(chapter.story_id) ?? [];
        list.push({ ...presentChapter(chapter), deleted_at: chapter.deleted_at });
        chaptersByStory.set(chapter.story_id, list);
      }
      const reads = await chapterReadsOfUser(k, user.id);
      return {
        product: PRODUCT_NAME,
        exported_at: at.toISOString(),
        user: {
          ...presentUser(user),
          email: user.email,
          email_verified: user.email_verified_at !== null,
        },
        settings: resolveSettings(await findSettings(k, user.id)),
        stories: stories.map((story) => ({
          id: story.id,
          title: story.title,
          description: story.description,
          genre: story.genre,
          tags: tags.get(story.id) ?? [],
          visibility: story.visibility,
          cover_image: story.cover_image,
          reads_count: Math.max(0, story.reads_count),
          votes_count: Math.max(0, story.votes_count),
          comments_count: Math.max(0, story.comments_count),
          settings: presentStorySettings(story),
          published_at: story.published_at,
          created_at: story.created_at,
          updated_at: story.updated_at,
          chapters: (chaptersByStory.get(story.id) ?? []).map(
            ({ story_id, ...chapter }) => chapter,
          ),
          deleted_at: story.deleted_at,
        })),
        followers: await followUsernames(k, user.id, 'followers'),
        following: await followUsernames(k, user.id, 'following'),
        ...(await blocksAndMutes(k, user.id)),
        reading_lists: await readingLists(user),
        followed_lists: (await followedForExport(k, user.id)).map((row) => ({
          list_id: row.list_id,
          followed_at: iso(row.followed_at),
        })),
        likes: (await reactionsOfUser(k, 'likes', user.id)).map((row) => ({
          ...ref(user, row),
          liked_at: row.at,
        })),
        saves: (await reactionsOfUser(k, 'saves', user.id)).map((row) => ({
          ...ref(user, row),
          saved_at: row.at,
        })),
        reading_history: reads.map((row) => ({
          ...ref(user, row),
          chapter_id: row.chapter_id,
          chapter_title: canReadChapter(user, row, row) ? row.chapter_title : null,
          read_at: row.at,
        })),
        reading_progress: (await progressOfUser(k, user.id)).map((row) => ({
          ...ref(user, row),
          chapter_id: row.chapter_id,
          chapter_position: row.chapter_position,
          updated_at: row.at,
        })),
        // The user's own words always; the passage they were on only while others may read it.
        comments: (await commentsOfUser(k, user.id)).map((row) => ({
          ...ref(user, row),
          id: row.id,
          chapter_id: row.chapter_id,
          parent_id: row.parent_id,
          paragraph_excerpt: canReadChapter(user, row, row) ? row.paragraph_excerpt : null,
          body: row.body,
          created_at: row.at,
          edited_at: row.edited_at,
        })),
        // What they were told (issue 20): kinds, ids and times; the texts are in the rest.
        notifications: await k
          .selectFrom('notifications')
          .select([
            'id',
            'type',
            'story_id',
            'chapter_id',
            'comment_id',
            'actors_count',
            'created_at',
            'updated_at',
            'read_at',
          ])
          .where('user_id', '=', user.id)
          .orderBy('seq')
          .execute(),
      };
    },
  };
}
export type ExportService = ReturnType<typeof createExportService>;
