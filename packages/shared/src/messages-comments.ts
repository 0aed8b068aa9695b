/**
 * Comments: what readers and writers read, and the limits the API and the web app share. Free
 * of zod, so the web bundle can import the strings alone.
 */
export const COMMENT_LIMITS = {
  bodyMax: 2000,
  /** How much of a paragraph's text a paragraph comment keeps (decision 021). */
  excerptMax: 140,
  /** The same text from the same account within this time is refused. */
  duplicateWindowMs: 60_000,
} as const;

export const COMMENT_SORTS = ['newest', 'oldest', 'top'] as const;
export type CommentSort = (typeof COMMENT_SORTS)[number];

export const COMMENT_MESSAGES = {
  bodyRequired: 'Write something before posting',
  bodyMax: `Comments can be at most ${COMMENT_LIMITS.bodyMax} characters`,
  duplicate: 'You just posted that comment',
  commentsOff: 'The author has turned off comments on this story',
  commentNotFound: 'Comment not found',
  notYourComment: 'You can only edit your own comments',
  cannotDelete: 'You can only delete your own comments, or comments on your own stories',
  replyToReply: 'Replies can only be made to a top-level comment',
  replyElsewhere: 'That comment belongs to another chapter',
  replyToDeleted: 'That comment was deleted',
  paragraphMissing: 'That paragraph does not exist in this chapter',
  chapterChanged:
    'This chapter was edited since you opened it. Reload it to comment on this passage.',
  paragraphOfReply: 'A reply belongs to its comment’s paragraph; leave paragraph out',
  posted: 'Comment posted',
  replied: 'Reply posted',
  edited: 'Comment updated',
  deleted: 'Comment deleted',
  liked: 'Liked',
  unliked: 'Like removed',
  deletedAccount: '[deleted account]',
  deletedPlaceholder: 'Comment deleted',
  removedParagraph: 'On a passage since removed',
  editedMark: 'edited',
} as const;

/**
 * A mention: `@` and a username (3 to 30 of A–Z, 0–9, _ and -, the account rule), not after a
 * letter, digit or `_ . @ / -` (so an email address or a link's path is no mention).
 */
const MENTION = /(?<![\p{L}\p{N}_.@/-])@([A-Za-z0-9_-]{3,30})(?![A-Za-z0-9_-])/gu;

/** The usernames a comment mentions, each once (compared without case), at most `max`. */
export function mentionedUsernames(body: string, max: number): string[] {
  const seen = new Map<string, string>();
  for (const match of body.matchAll(MENTION)) {
    const key = match[1]!.toLowerCase();
    if (!seen.has(key)) seen.set(key, match[1]!);
    if (seen.size >= max) break;
  }
  return [...seen.values()];
}
