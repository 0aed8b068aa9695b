import { type CommentSort, groupDigits } from '@storyloom/shared';

/** The comment section's own words; what the API also says lives in COMMENT_MESSAGES. */
export const COMMENTS_TEXT = {
  heading: 'Comments',
  sortLabel: 'Sort comments',
  placeholder: 'Add a comment…',
  replyPlaceholder: 'Write a reply…',
  paragraphPlaceholder: 'Comment on this passage…',
  post: 'Post',
  posting: 'Posting…',
  reply: 'Reply',
  edit: 'Edit',
  editLabel: 'Edit your comment',
  save: 'Save',
  saving: 'Saving…',
  cancel: 'Cancel',
  delete: 'Delete',
  deleting: 'Deleting…',
  like: 'Like',
  signIn: 'Sign in to comment',
  signInHint: 'Join the conversation with the author and other readers.',
  empty: 'No comments yet. Be the first to share your thoughts.',
  emptyParagraph: 'No comments on this passage yet.',
  loadFailed: 'Could not load comments',
  loadRepliesFailed: 'Could not load the replies.',
  tryAgain: 'Try again',
  postFailed: 'Could not post your comment',
  editFailed: 'Could not save your comment',
  deleteFailed: 'Could not delete the comment',
  likeFailed: 'Could not like the comment',
  unlikeFailed: 'Could not remove your like',
  deleteTitle: 'Delete this comment?',
  deleteDescription: 'It will be removed for everyone. This cannot be undone.',
  deleteWithReplies: 'Its replies stay, under a “Comment deleted” note.',
  authorBadge: 'Author',
  paragraphTitle: 'Comments on this passage',
  moreReplies: 'More replies',
  hideReplies: 'Hide replies',
} as const;

export const SORT_LABELS: Record<CommentSort, string> = {
  newest: 'Newest',
  oldest: 'Oldest',
  top: 'Most liked',
};

const plural = (count: number, one: string, many: string) =>
  `${groupDigits(count)} ${count === 1 ? one : many}`;

export const viewReplies = (count: number) => `View ${plural(count, 'reply', 'replies')}`;

/** The phone's button to the chapter's thread: "Comments (3)", or "Comments" until counted. */
export const chapterCommentsLabel = (count: number | undefined) =>
  count === undefined ? COMMENTS_TEXT.heading : `${COMMENTS_TEXT.heading} (${count})`;

/** The paragraph's comment button, as assistive technology reads it. */
export const paragraphButtonLabel = (paragraph: number, count: number) =>
  `Comments on paragraph ${paragraph + 1} (${count})`;

/** "Replying to @name" under a reply box; a deleted account has no name. */
export const replyingTo = (username: string | null) =>
  username ? `Replying to @${username}` : 'Replying';

export const likeLabel = (liked: boolean, count: number) =>
  `${liked ? 'Unlike' : 'Like'} (${plural(count, 'like', 'likes')})`;
