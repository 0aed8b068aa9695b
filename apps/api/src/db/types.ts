import type { NotificationType, Rating } from '@storyloom/shared';
import type { ColumnType, Insertable, Selectable, Updateable } from 'kysely';

/**
 * Table types shared by both dialects. Conventions (docs/decisions/002-one-schema-two-databases.md):
 * ids are UUID v7 strings, timestamps ISO-8601 UTC strings, booleans 0/1 integers, JSON as text.
 */
type Flag = ColumnType<number, number | undefined, number>;
type Counter = ColumnType<number, number | undefined, number>;
type Timestamp = string;
/** A column with a database default: optional on insert. */
type Defaulted<T> = ColumnType<T, T | undefined, T>;

export interface UsersTable {
  id: string;
  username: string;
  /** Stored lower-cased; unique. */
  email: string;
  password_hash: string | null;
  google_sub: string | null;
  email_verified_at: Timestamp | null;
  /** Bumped to revoke every token issued before. */
  token_version: Counter;
  bio: string | null;
  profile_pic: string | null;
  followers_count: Counter;
  following_count: Counter;
  /** Public stories only. */
  stories_count: Counter;
  /**
   * 1 while the profile is visible to everyone (settings' profileVisibility 'public'); written
   * with the settings. Only the author directory's order reads it (migration 004).
   */
  profile_public: Flag;
  /** Null for a plain user; staff are 'moderator' or 'admin' (migration 011). */
  role: Defaulted<StaffRole | null>;
  /** While in the future the account is suspended; 9999-… stands for good (migration 011). */
  suspended_until: Defaulted<Timestamp | null>;
  suspended_reason: Defaulted<string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type StaffRole = 'moderator' | 'admin';
/** Why a piece of content is hidden: on its own, or with everything of a suspended author. */
export type HiddenCause = 'moderation' | 'suspension';

/** What the moderators' hiding adds to stories, chapters and comments (migration 011). */
interface Hideable {
  hidden_at: Defaulted<Timestamp | null>;
  hidden_reason: Defaulted<string | null>;
  hidden_cause: Defaulted<HiddenCause | null>;
}

export interface StoriesTable extends Hideable {
  id: string;
  author_id: string;
  title: string;
  description: Defaulted<string>;
  genre: string;
  visibility: 'public' | 'private';
  cover_image: string | null;
  reads_count: Counter;
  votes_count: Counter;
  comments_count: Counter;
  /** Published chapters. */
  chapters_count: Counter;
  /** Words of the published chapters (migration 018), kept with chapters_count. */
  word_count: Counter;
  /** reads_count + 10 × votes_count: the lifetime popularity order. */
  popular_score: Counter;
  /** Log of the time-decayed sum of recent reads and likes (docs/decisions/003). */
  trending_score: ColumnType<number, number | undefined, number>;
  allow_comments: Flag;
  /** Kept in step with `rating` (1 exactly when Mature or Explicit) for the previous release. */
  mature_content: Flag;
  rating: Defaulted<Rating>;
  /** JSON array of warning keys, in STORY_WARNINGS order. */
  warnings: Defaulted<string>;
  completion_status: Defaulted<'ongoing' | 'completed'>;
  language: Defaulted<string>;
  copyright: Defaulted<string>;
  /** First time the story became public; the "latest" order. */
  published_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** What `visibility` was when the moderators hid it (it is private while hidden). */
  visibility_before_hidden: Defaulted<'public' | 'private' | null>;
  /** Set while the story is in its author's "Recently deleted" (migration 013). */
  deleted_at: Defaulted<Timestamp | null>;
  /** What `visibility` was when it was deleted (it is private while in the trash). */
  visibility_before_deleted: Defaulted<'public' | 'private' | null>;
}

export interface StoryTagsTable {
  story_id: string;
  tag: string;
  /** Lower-cased tag: the key for uniqueness and tag browsing. */
  tag_key: string;
  position: number;
}

export interface ChaptersTable extends Hideable {
  id: string;
  story_id: string;
  title: string;
  content: Defaulted<string>;
  position: number;
  published: Flag;
  word_count: Counter;
  reads_count: Counter;
  /**
   * JSON array of one key per paragraph, in order (docs/decisions/021-comment-anchors.md);
   * null until the chapter is saved again or first gets a paragraph comment (migration 006).
   */
  paragraph_keys: ColumnType<string | null, string | null | undefined, string | null>;
  published_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** `published` when the moderators hid it (it is unpublished while hidden). */
  published_before_hidden: Defaulted<number | null>;
  /** When it is to be published (migration 014); null when not scheduled. */
  publish_at: Defaulted<Timestamp | null>;
  /** Set while the chapter is in its author's "Recently deleted" (migration 013). */
  deleted_at: Defaulted<Timestamp | null>;
  /** `published` when it was deleted (it is unpublished while in the trash). */
  published_before_deleted: Defaulted<number | null>;
}

/**
 * A chapter whose text is in the chapter text index (migration 020, decision 032). SQLite:
 * `doc_id` numbers its rows in the FTS5 table `chapter_search_fts` (doc_id × 2^16 + paragraph).
 */
export interface ChapterSearchTable {
  chapter_id: string;
  /** SQLite only. */
  doc_id: ColumnType<number, never, never>;
  /** What its entries hold (INDEX_VERSION in modules/search/chapter-index.ts; migration 021). */
  version: ColumnType<number, number | undefined, number>;
}

/** PostgreSQL only: one paragraph's words and word pairs (migrations 020, 021); written in SQL. */
export interface ChapterSearchParagraphsTable {
  chapter_id: string;
  paragraph: number;
  document: ColumnType<string, never, never>;
}

/** A story or chapter in its author's "Recently deleted" (migration 013). */
export interface DeletedItemsTable {
  /** The story's or the chapter's id. */
  item_id: string;
  kind: 'story' | 'chapter';
  author_id: string;
  story_id: string;
  deleted_at: Timestamp;
  /** When the purge job deletes it for good. */
  purge_after: Timestamp;
}

/**
 * One save of a chapter's title or content (migration 012, decision 026). `content` is the
 * sanitized HTML, Brotli-compressed; `saved_by` is null once that account is deleted.
 */
export interface ChapterRevisionsTable {
  id: string;
  chapter_id: string;
  saved_by: string | null;
  title: string;
  content: Buffer;
  word_count: number;
  created_at: Timestamp;
}

export interface FollowsTable {
  follower_id: string;
  followee_id: string;
  created_at: Timestamp;
}

export interface StoryReactionTable {
  user_id: string;
  story_id: string;
  created_at: Timestamp;
}

/** One row per reader per chapter: dedupes read counts and feeds the reading challenge. */
export interface ChapterReadsTable {
  chapter_id: string;
  /** A user id, or a daily-rotating keyed hash for anonymous readers (no personal data). */
  reader_key: string;
  user_id: string | null;
  story_id: string;
  read_at: Timestamp;
}

/** Where a signed-in reader stopped in a story. */
export interface ReadingProgressTable {
  user_id: string;
  story_id: string;
  chapter_id: string;
  chapter_position: number;
  updated_at: Timestamp;
}

export interface UserSettingsTable {
  user_id: string;
  /** JSON of the user's settings object (UserSettings in the shared package). */
  settings: string;
  updated_at: Timestamp;
}

export interface EmailTokensTable {
  id: string;
  user_id: string;
  purpose: 'verify_email' | 'reset_password';
  /** SHA-256 of the token; the token itself is only in the email. */
  token_hash: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

/**
 * Today's random salt for anonymous reader keys; older days are deleted, which makes their keys
 * unlinkable to any address (docs/decisions/008-read-counting.md).
 */
export interface ReaderSaltsTable {
  /** UTC date, YYYY-MM-DD. */
  day: string;
  salt: string;
}

/** One sign-in: access and refresh tokens name it, and ending it revokes them at once. */
export interface SessionsTable {
  id: string;
  user_id: string;
  method: 'password' | 'google';
  /** "Firefox on Linux": read from the User-Agent at sign-in. */
  device: Defaulted<string>;
  /** The User-Agent at sign-in, cut to 300 characters. */
  user_agent: Defaulted<string>;
  /** The address's network only ("203.0.113.0/24", "2001:db8:1::/48"), never the address. */
  network: Defaulted<string>;
  created_at: Timestamp;
  last_used_at: Timestamp;
  ended_at: Timestamp | null;
  end_reason: string | null;
}

/** Every refresh token a session was given; `used_at` set once it was traded. */
export interface RefreshTokensTable {
  /** SHA-256 of the token; the token itself only ever went to the client. */
  token_hash: string;
  session_id: string;
  created_at: Timestamp;
  used_at: Timestamp | null;
}

/** One-time codes that Google sign-in hands the browser, traded for the session's tokens. */
export interface LoginCodesTable {
  code_hash: string;
  session_id: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

/** Work done after the request by any process's worker (apps/api/src/jobs). */
export interface JobsTable {
  id: string;
  kind: string;
  /** JSON. */
  payload: string;
  /** Not before this time (retries are pushed back). */
  run_at: Timestamp;
  attempts: Defaulted<number>;
  /** The worker holding it, until `locked_until`; another may take it after that. */
  locked_by: string | null;
  locked_until: Timestamp | null;
  last_error: string | null;
  created_at: Timestamp;
  done_at: Timestamp | null;
  /** Set with done_at when the job gave up after its last attempt. */
  failed_at: Timestamp | null;
}

/** Anonymous reads one address counted for a chapter on `day` (docs/decisions/008). */
export interface AnonymousReadBudgetTable {
  /** HMAC of the address under the day's salt: unlinkable once the day is over. */
  address_key: string;
  chapter_id: string;
  day: string;
  reads: number;
}

/** A message sent through the contact form, kept for the site's staff (migration 004). */
export interface ContactMessagesTable {
  id: string;
  /** The sender's account when they were signed in; null once that account is deleted. */
  user_id: string | null;
  name: string | null;
  email: string;
  topic: string;
  message: string;
  created_at: Timestamp;
}

// story_search (and story_search_fts on SQLite) differ per dialect and are kept by triggers
// (migration 002); only the search repo reads them, with raw SQL.

/** A comment on a chapter, or a reply to one (migration 006, docs/decisions/021). */
export interface CommentsTable extends Hideable {
  id: string;
  chapter_id: string;
  story_id: string;
  /** Null once the writer's account is deleted: shown as "[deleted account]". */
  author_id: string | null;
  /** The top-level comment this replies to; replies are one level deep. */
  parent_id: string | null;
  /** The paragraph's key; null for the chapter as a whole or once the paragraph is gone. */
  paragraph_key: string | null;
  /** The start of the paragraph's text when the comment was written. */
  paragraph_excerpt: string | null;
  /** Plain text; emptied when deleted. */
  body: string;
  likes_count: Counter;
  replies_count: Counter;
  created_at: Timestamp;
  edited_at: Timestamp | null;
  /** Set on a deleted comment kept as a placeholder for its replies. */
  deleted_at: Timestamp | null;
}

export interface CommentLikesTable {
  comment_id: string;
  user_id: string;
  created_at: Timestamp;
}

/** A user who blocked another (migration 010, docs/decisions/024-blocks-and-mutes.md). */
export interface BlocksTable {
  blocker_id: string;
  blocked_id: string;
  created_at: Timestamp;
}

/** A user who muted another (migration 010). */
export interface MutesTable {
  muter_id: string;
  muted_id: string;
  created_at: Timestamp;
}

/** What one person is told (migration 008, docs/decisions/022-notifications.md). */
export interface NotificationsTable {
  id: string;
  user_id: string;
  type: NotificationType;
  /** What it is about; an unread notification gathers more actors of the same key. */
  group_key: string;
  story_id: string | null;
  chapter_id: string | null;
  comment_id: string | null;
  actors_count: Counter;
  /** The order of changes across all users (notification_seq): the stream's event id. */
  seq: ColumnType<number, number, number>;
  created_at: Timestamp;
  /** When an actor last joined it. */
  updated_at: Timestamp;
  read_at: Timestamp | null;
  /** JSON of a moderation notice's words (reason, outcome); null for the others. */
  detail: Defaulted<string | null>;
}

export interface NotificationActorsTable {
  notification_id: string;
  actor_id: string;
  created_at: Timestamp;
}

export interface NotificationSeqTable {
  id: number;
  value: ColumnType<number, number, number>;
}

/** Where a person's notification emails stand (modules/notifications/mail.ts). */
export interface NotificationMailStateTable {
  user_id: string;
  /** The last notification an email told of. */
  mailed_seq: ColumnType<number, number | undefined, number>;
  last_mailed_at: Timestamp | null;
  /** The batch waiting to be mailed; null when none is. */
  pending_job_id: string | null;
}

/** One run of a periodic job, by period (`2026-W48`): enqueued once however many schedule it. */
export interface ScheduledRunsTable {
  name: string;
  period: string;
  job_id: string;
  created_at: Timestamp;
}

/** How far a batched job got (jobs/progress.ts), written with each batch's work. */
export interface JobProgressTable {
  job_id: string;
  cursor: string | null;
  done_at: Timestamp | null;
  updated_at: Timestamp;
}

/** A story's numbers on one UTC day (migration 016, docs/decisions/030-story-stats.md). */
export interface StoryDailyStatsTable {
  story_id: string;
  /** The UTC day, `YYYY-MM-DD`. */
  day: string;
  reads: Counter;
  /** Likes given that day that still stand: an unlike takes one back from its like's day. */
  likes: Counter;
  /** Comments written that day that still stand. */
  comments: Counter;
}

/** A chapter's reads on one UTC day, and the signed-in readers reaching it for the first time. */
export interface ChapterDailyStatsTable {
  chapter_id: string;
  day: string;
  story_id: string;
  reads: Counter;
  readers: Counter;
}

/** A report of a story, chapter, comment or user (migration 011). */
export interface ReportsTable {
  id: string;
  reporter_id: string;
  target_type: 'story' | 'chapter' | 'comment' | 'user';
  target_id: string;
  target_owner_id: string | null;
  reason: string;
  note: string | null;
  status: 'open' | 'resolved' | 'dismissed';
  created_at: Timestamp;
  resolved_at: Timestamp | null;
  /** The action taken and its reason, as JSON. */
  resolution: string | null;
}

/** The audit log: append-only (migration 011 refuses UPDATE and DELETE). */
export interface ModerationActionsTable {
  id: string;
  staff_id: string;
  staff_username: string;
  action: string;
  target_type: string;
  target_id: string;
  reason: string;
  /** JSON. */
  details: string | null;
  created_at: Timestamp;
}

/** An author's ordered group of their own stories (migration 015). */
export interface SeriesTable {
  id: string;
  author_id: string;
  title: string;
  description: Defaulted<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A part of a series: a story is in at most one (its id is the key). */
export interface SeriesStoriesTable {
  story_id: string;
  series_id: string;
  /** 1…n within the series. */
  position: number;
  added_at: Timestamp;
}

/** A reader's named list of stories, public or private (migration 019). */
export interface ReadingListsTable {
  id: string;
  owner_id: string;
  name: string;
  description: Defaulted<string>;
  visibility: Defaulted<'public' | 'private'>;
  /** 1…n among the owner's lists. */
  position: number;
  followers_count: Defaulted<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A story in a reading list, at `position` 1…n. */
export interface ReadingListStoriesTable {
  list_id: string;
  story_id: string;
  position: number;
  added_at: Timestamp;
}

/** A reader following a list. */
export interface ReadingListFollowsTable {
  list_id: string;
  user_id: string;
  created_at: Timestamp;
}

export interface Database {
  users: UsersTable;
  stories: StoriesTable;
  story_tags: StoryTagsTable;
  chapters: ChaptersTable;
  chapter_revisions: ChapterRevisionsTable;
  chapter_search: ChapterSearchTable;
  chapter_search_paragraphs: ChapterSearchParagraphsTable;
  follows: FollowsTable;
  likes: StoryReactionTable;
  saves: StoryReactionTable;
  chapter_reads: ChapterReadsTable;
  reading_progress: ReadingProgressTable;
  user_settings: UserSettingsTable;
  email_tokens: EmailTokensTable;
  reader_salts: ReaderSaltsTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  login_codes: LoginCodesTable;
  jobs: JobsTable;
  anonymous_read_budget: AnonymousReadBudgetTable;
  contact_messages: ContactMessagesTable;
  comments: CommentsTable;
  comment_likes: CommentLikesTable;
  notifications: NotificationsTable;
  notification_actors: NotificationActorsTable;
  notification_seq: NotificationSeqTable;
  job_progress: JobProgressTable;
  notification_mail_state: NotificationMailStateTable;
  scheduled_runs: ScheduledRunsTable;
  blocks: BlocksTable;
  mutes: MutesTable;
  reports: ReportsTable;
  moderation_actions: ModerationActionsTable;
  series: SeriesTable;
  series_stories: SeriesStoriesTable;
  reading_lists: ReadingListsTable;
  reading_list_stories: ReadingListStoriesTable;
  reading_list_follows: ReadingListFollowsTable;
  story_daily_stats: StoryDailyStatsTable;
  chapter_daily_stats: ChapterDailyStatsTable;
  deleted_items: DeletedItemsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type StoryRow = Selectable<StoriesTable>;
export type NewStory = Insertable<StoriesTable>;
export type ChapterRow = Selectable<ChaptersTable>;
export type SessionRow = Selectable<SessionsTable>;
/** What a request knows of the session it was made with. */
export type ActiveSession = Pick<SessionRow, 'id' | 'method' | 'created_at' | 'last_used_at'>;
export type JobRow = Selectable<JobsTable>;
export type NewChapter = Insertable<ChaptersTable>;
export type CommentRow = Selectable<CommentsTable>;
export type NotificationRow = Selectable<NotificationsTable>;
export type SeriesRow = Selectable<SeriesTable>;
export type ReadingListRow = Selectable<ReadingListsTable>;
