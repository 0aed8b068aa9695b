import type { Insertable } from 'kysely';
import type { Database } from '../db/types.js';
import type { SeedPlan } from './plan.js';
import type { ParagraphPool } from './prose.js';

/** The rows of one chunk of stories, written together in one transaction. */
export interface StoryRows {
  stories: Insertable<Database['stories']>[];
  tags: Insertable<Database['story_tags']>[];
  chapters: Insertable<Database['chapters']>[];
  likes: Insertable<Database['likes']>[];
  saves: Insertable<Database['saves']>[];
  reads: Insertable<Database['chapter_reads']>[];
  progress: Insertable<Database['reading_progress']>[];
  comments: Insertable<Database['comments']>[];
  commentLikes: Insertable<Database['comment_likes']>[];
  notifications: Insertable<Database['notifications']>[];
  notificationActors: Insertable<Database['notification_actors']>[];
  revisions: Insertable<Database['chapter_revisions']>[];
}

export const emptyStoryRows = (): StoryRows => ({
  stories: [],
  tags: [],
  chapters: [],
  likes: [],
  saves: [],
  reads: [],
  progress: [],
  comments: [],
  commentLikes: [],
  notifications: [],
  notificationActors: [],
  revisions: [],
});

/** Average activity per public story, from per-user budgets so totals grow with users. */
export interface ActivityScale {
  publicStories: number;
  likes: number;
  /** Signed-in readers within the stored read window. */
  readers: number;
  /** Lifetime reads of a first chapter from before the window. */
  historicReads: number;
}

/** Each user likes ~10 stories and read ~3 in the last six weeks. */
export function activityScale(users: number, stories: number): ActivityScale {
  const publicStories = Math.max(1, stories * 0.9);
  const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
  const likes = clamp((users * 10) / publicStories, 0.5, 60);
  return {
    publicStories,
    likes,
    readers: clamp((users * 3) / publicStories, 0.5, 30),
    // Roughly 25 lifetime reads per like, as on reading platforms.
    historicReads: Math.max(40, likes * 25),
  };
}

export interface StoryContext {
  plan: SeedPlan;
  userIds: readonly string[];
  pool: ParagraphPool;
  chaptersPerStory: readonly [number, number];
  paragraphsPerChapter: readonly [number, number];
  scale: ActivityScale;
  /** Mean comments per public story (comments.ts); 0 for none. */
  commentsPerStory: number;
}

/** A chapter's timeline, decided before its rows are written. */
export interface ChapterPlan {
  id: string;
  position: number;
  created: number;
  published: number | null;
  /** Stored read rows (chapter_reads) for it. */
  reads: number;
}
