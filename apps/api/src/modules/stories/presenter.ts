import {
  type AuthorSummary,
  isMatureRating,
  type Story,
  type StoryCard,
  type StorySettings,
} from '@storyloom/shared';
import type { StoryRow } from '../../db/types.js';
import { coverThumbOf } from '../media/covers.js';
import { warningsOf } from './ratings.js';

export interface StoryExtras {
  tags: string[];
  author: AuthorSummary;
  /** Present for a signed-in caller only. */
  liked?: boolean;
  saved?: boolean;
}

/** The edit form's settings of a story, with its 0/1 flags as booleans. */
export const presentStorySettings = (
  row: Pick<StoryRow, 'allow_comments' | 'rating' | 'completion_status' | 'language' | 'copyright'>,
): StorySettings => ({
  allow_comments: row.allow_comments === 1,
  mature_content: isMatureRating(row.rating),
  completion_status: row.completion_status,
  language: row.language,
  copyright: row.copyright,
});

/** What the author of hidden content sees on it (only they are ever sent it). */
export const hiddenNotice = (row: {
  hidden_at: string | Date | null;
  hidden_reason: string | null;
}) =>
  row.hidden_at ? { reason: row.hidden_reason, at: new Date(row.hidden_at).toISOString() } : null;

/** Never return a raw row: this decides which fields of a story leave the server. */
export function presentStory(row: StoryRow, extras: StoryExtras): Story {
  return {
    ...presentStoryCard(row, extras.author.username),
    description: row.description,
    cover_image: row.cover_image,
    author_id: row.author_id,
    tags: extras.tags,
    warnings: warningsOf(row),
    visibility: row.visibility,
    chapters_count: Math.max(0, row.chapters_count),
    word_count: Math.max(0, Number(row.word_count ?? 0)),
    created_at: row.created_at,
    updated_at: row.updated_at,
    published_at: row.published_at,
    settings: presentStorySettings(row),
    author: extras.author,
    ...(extras.liked === undefined ? {} : { is_liked: extras.liked }),
    ...(extras.saved === undefined ? {} : { is_saved: extras.saved }),
    ...(row.hidden_at ? { hidden: hiddenNotice(row) } : {}),
  };
}

/** A story's card: the fields of `presentStory` that a card shows, its author by name. */
export function presentStoryCard(row: StoryRow, username: string): StoryCard {
  return {
    id: row.id,
    title: row.title,
    genre: row.genre,
    rating: row.rating,
    cover_thumb: coverThumbOf(row.cover_image),
    reads_count: Math.max(0, row.reads_count),
    votes_count: Math.max(0, row.votes_count),
    comments_count: Math.max(0, row.comments_count),
    author: { username },
  };
}
