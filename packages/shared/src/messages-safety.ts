/**
 * Blocks and mutes (issue 21, docs/decisions/024-blocks-and-mutes.md): what users read. Zod-free,
 * so the web bundle can import strings alone.
 */
export const SAFETY_MESSAGES = {
  blocked: 'Blocked',
  unblocked: 'Unblocked',
  muted: 'Muted',
  unmuted: 'Unmuted',
  cannotBlockSelf: 'You cannot block yourself',
  cannotMuteSelf: 'You cannot mute yourself',
  /** A blocked user trying to follow the person who blocked them. */
  followBlocked: 'You cannot follow this user because they have blocked you.',
  /** The blocker trying to follow someone they blocked. */
  followYouBlocked: 'You have blocked this user. Unblock them to follow them.',
  commentBlocked: 'You cannot comment on this story because its author has blocked you.',
  replyBlocked: 'You cannot reply to this comment because its writer has blocked you.',
  likeBlocked: 'You cannot like this comment because its writer has blocked you.',
  blockFailed: 'Failed to update block',
  muteFailed: 'Failed to update mute',
  /** The confirm dialog before a block: what it does, in the words of the issue. */
  blockConfirmTitle: (username: string) => `Block ${username}?`,
  blockConfirmBody:
    'They will no longer be able to follow you, comment on your stories, reply to or like your comments, or mention you, and you will no longer see their comments. Any follow between you ends. They are not told.',
  muteHint:
    'Their stories and comments disappear from everything you see: lists, search, your feed, comments and notifications. They are not told.',
  noBlocked: 'You have not blocked anyone.',
  noMuted: 'You have not muted anyone.',
} as const;
